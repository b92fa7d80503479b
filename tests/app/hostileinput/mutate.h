#pragma once
// Deterministic hostile plan files: each built-in example with one to three mutations of the kinds an attacker or
// a careless script produces (extreme numbers, non-ASCII and overlong strings, wrong types, missing and misspelt
// keys, huge clusters and expert counts, broken bytes). A seed gives the same corpus on every machine.

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

namespace hostile {

struct Mutant {
    std::string text; // the file's bytes
    std::string what; // which mutations, for the failure report
};

class Mutator {
public:
    explicit Mutator(std::uint32_t seed)
        : m_rng(seed)
    {
    }

    Mutant mutate(const nlohmann::json& example)
    {
        const int kind = pick(100);
        if (kind < 8)
            return rawBytes(example.dump(2));
        if (kind < 33)
            return plausible(example);
        nlohmann::json doc = example;
        std::string what;
        const int count = 1 + pick(3);
        for (int i = 0; i < count; ++i)
            what += (what.empty() ? "" : "; ") + structural(doc);
        // Some files carry their numbers as raw literals nlohmann would never write (1e999, -0, 1.0e308).
        std::string text = doc.dump(2);
        if (pick(12) == 0) {
            const std::string literal = oneOf<std::string>({ "1e999", "-1e999", "1.7976931348623157e308", "-0",
                "18446744073709551616", "-9223372036854775809", "4.9e-324" });
            const auto at = text.find("\"global_batch\": ");
            if (at != std::string::npos) {
                const auto start = at + 16, end = text.find_first_of(",\n}", start);
                text.replace(start, end - start, literal);
                what += "; global_batch as literal " + literal;
            }
        }
        return { text, what };
    }

private:
    std::mt19937 m_rng;

    int pick(int n) { return int(std::uniform_int_distribution<int>(0, n - 1)(m_rng)); }
    template <typename T> T oneOf(std::initializer_list<T> v) { return *(v.begin() + pick(int(v.size()))); }

    static std::string repeat(const std::string& s, int n)
    {
        std::string r;
        for (int i = 0; i < n; ++i)
            r += s;
        return r;
    }

    nlohmann::json extremeNumber()
    {
        switch (pick(20)) {
        case 0:
            return 0;
        case 1:
            return -1;
        case 2:
            return 1;
        case 3:
            return 3;
        case 4:
            return 7;
        case 5:
            return 1023;
        case 6:
            return 65535;
        case 7:
            return 65536;
        case 8:
            return 2147483647;
        case 9:
            return 2147483648LL;
        case 10:
            return 4294967296LL;
        case 11:
            return 9007199254740993LL;
        case 12:
            return 9223372036854775807LL;
        case 13:
            return 1e300;
        case 14:
            return -1e300;
        case 15:
            return 0.5;
        case 16:
            return 1.5;
        case 17:
            return 1e-300;
        case 18:
            return 999998;
        default:
            return 131072;
        }
    }

    std::string hostileString()
    {
        switch (pick(12)) {
        case 0:
            return repeat("昇腾", 11); // 22 characters, 66 bytes: cut by bytes it splits a character
        case 1:
            return repeat("昇", 21 + pick(30));
        case 2:
            return repeat("训练计划", 64); // 256 characters, 768 bytes
        case 3:
            return repeat("x", 257);
        case 4:
            return "";
        case 5:
            return "\xF0\x9F\x9A\x80 rocket \xF0\x9F\x94\xA5"; // four-byte UTF-8
        case 6:
            return std::string("tab\tnew\nline\r\x01\x1f end");
        case 7:
            return "\"quoted\" \\back\\slash/";
        case 8:
            return repeat("a昇", 40);
        case 9:
            return "ÄÖÜ ß é ñ 한국어 日本語";
        case 10:
            return "../../etc/passwd";
        default:
            return "%s%n%x{}";
        }
    }

    nlohmann::json wrongValue()
    {
        return oneOf<nlohmann::json>({ nlohmann::json::array(), nlohmann::json::object(), nullptr, true, "7", -0.0,
            nlohmann::json::array({ 1, 2 }), "昇腾" });
    }

    // Every leaf path of the document (objects and arrays), for picking one at random.
    static void leaves(
        const nlohmann::json& j, const nlohmann::json::json_pointer& at, std::vector<nlohmann::json::json_pointer>& out)
    {
        if (j.is_object() && !j.empty()) {
            for (auto it = j.begin(); it != j.end(); ++it)
                leaves(it.value(), at / it.key(), out);
        } else if (j.is_array() && !j.empty() && j.size() < 64) {
            for (std::size_t i = 0; i < j.size(); ++i)
                leaves(j[i], at / i, out);
        } else {
            out.push_back(at);
        }
    }

    nlohmann::json::json_pointer anyLeaf(const nlohmann::json& doc)
    {
        std::vector<nlohmann::json::json_pointer> all;
        leaves(doc, nlohmann::json::json_pointer(), all);
        return all[std::size_t(pick(int(all.size())))];
    }

    static nlohmann::json& section(nlohmann::json& doc, const char* name)
    {
        if (!doc.contains(name) || !doc[name].is_object())
            doc[name] = nlohmann::json::object();
        return doc[name];
    }

    std::string structural(nlohmann::json& doc)
    {
        switch (pick(18)) {
        case 0: {
            const auto at = anyLeaf(doc);
            doc[at] = extremeNumber();
            return at.to_string() + " = " + doc[at].dump();
        }
        case 1: {
            const auto at = anyLeaf(doc);
            doc[at] = hostileString();
            return at.to_string() + " = a hostile string";
        }
        case 2: {
            const auto at = anyLeaf(doc);
            doc[at] = wrongValue();
            return at.to_string() + " = " + doc[at].dump();
        }
        case 3: {
            const auto at = anyLeaf(doc);
            if (!at.empty())
                if (nlohmann::json& parent = doc[at.parent_pointer()]; parent.is_object())
                    parent.erase(at.back());
            return "removed " + at.to_string();
        }
        case 4: {
            // A misspelt key inside a known section (its value looks right).
            const char* name = oneOf<const char*>({ "training", "parallel", "cluster" });
            nlohmann::json& s = section(doc, name);
            if (s.empty())
                return "nothing to misspell";
            auto it = s.begin();
            std::advance(it, pick(int(s.size())));
            std::string key = it.key();
            const nlohmann::json value = it.value();
            s.erase(key);
            const std::size_t i = std::size_t(pick(int(key.size())));
            std::string wrong = key;
            wrong.erase(i, 1);
            s[wrong] = name == std::string("training") && key == "zero_stage" ? nlohmann::json(3) : value;
            return std::string(name) + "." + key + " misspelt as " + wrong;
        }
        case 5: {
            nlohmann::json& m = doc["model"];
            m = { { "preset", oneOf<std::string>({ "llama3-8b", "gpt3-175b", "llama2-70b", "mixtral-8x7b" }) },
                { "seq_len", oneOf<nlohmann::json>({ 0, 1, 4096, 65536, 1 << 24, -5, "long" }) } };
            return "model = " + m.dump();
        }
        case 6: {
            nlohmann::json m = { { "layers", oneOf({ 1, 2, 4, 32, 96 }) }, { "hidden", oneOf({ 64, 4096, 12288 }) },
                { "heads", oneOf({ 1, 8, 32, 96 }) }, { "ffn", "swiglu" }, { "vocab", 32000 },
                { "seq_len", oneOf({ 2048, 8192, 65536 }) },
                { "moe",
                    { { "experts", oneOf({ 2, 8, 64, 4096, 65536 }) }, { "top_k", oneOf({ 0, 1, 2, 8, 9999 }) } } } };
            if (pick(2))
                m["head_dim"] = oneOf({ 1, 3, 129, 200, 1023 });
            doc["model"] = m;
            section(doc, "parallel")["ep"] = oneOf({ 1, 2, 8, 64, 4096 });
            return "model = " + m.dump() + ", ep " + doc["parallel"]["ep"].dump();
        }
        case 7: {
            nlohmann::json& p = section(doc, "parallel");
            for (const char* k : { "tp", "pp", "dp", "cp", "ep", "vpp" })
                if (pick(3) == 0)
                    p[k] = oneOf({ 1, 2, 3, 4, 8, 16, 64, 1024, 131072 });
            p["schedule"] = oneOf<std::string>({ "gpipe", "1f1b", "interleaved", "zb-h1", "dualpipe" });
            doc["placement"] = nullptr;
            return "parallel = " + p.dump();
        }
        case 8: {
            nlohmann::json& c = section(doc, "cluster");
            c["nodes"] = oneOf({ 1, 2, 16, 1024, 16384, 131072, 131073 });
            c["gpus_per_node"] = oneOf({ 1, 4, 8, 72, 1024 });
            return "cluster = " + c.dump();
        }
        case 9: {
            nlohmann::json& c = section(doc, "cluster");
            c["gpu"] = oneOf<nlohmann::json>({ repeat("昇腾", 11), "H100-SXM5-80GB", "A100-SXM4-40GB", "RTX4090-24GB",
                nlohmann::json { { "name", repeat("昇腾", 30) }, { "memory_GiB", oneOf<double>({ 0.001, 80, 1e6 }) },
                    { "bf16_tflops", oneOf<double>({ 0.001, 989, 1e9 }) },
                    { "hbm_GBps", oneOf<double>({ 0.001, 3350, 1e9 }) } } });
            return "cluster.gpu = " + c["gpu"].dump();
        }
        case 10: {
            nlohmann::json& c = section(doc, "cluster");
            c[oneOf<std::string>({ "intra_node", "inter_node" })] = nlohmann::json { { "name", hostileString() },
                { "bandwidth_GBps", oneOf<double>({ 1e-6, 0.001, 25, 1e9 }) },
                { "latency_us", oneOf<double>({ 0, 1e-6, 8, 1e7 }) } };
            return "inline link";
        }
        case 11: {
            nlohmann::json& t = section(doc, "training");
            t["precision"] = oneOf<std::string>({ "fp8", "fp16", "fp32", "bf16", "int4" });
            t["global_batch"] = oneOf<nlohmann::json>({ 1, 999998, 1LL << 32, 3, 1536 });
            t["micro_batch"] = oneOf({ 1, 2, 3, 64, 1 << 20 });
            return "training = " + t.dump();
        }
        case 12: {
            nlohmann::json& t = section(doc, "training");
            t["zero_stage"] = oneOf({ 0, 1, 2, 3, 4 });
            t["recompute"] = oneOf<std::string>({ "none", "selective", "full", "all" });
            t["flash_attention"] = pick(2) == 0;
            t["sequence_parallel"] = pick(2) == 0;
            return "recipe = " + t.dump();
        }
        case 13: {
            nlohmann::json list = nlohmann::json::array();
            const int n = oneOf({ 0, 1, 8, 16, 40 });
            for (int i = 0; i < n; ++i)
                list.push_back(
                    { { "gpu", pick(40) }, { "tp", pick(4) }, { "cp", 0 }, { "dp", pick(4) }, { "pp", pick(4) } });
            doc["placement"] = list;
            return "placement of " + std::to_string(n) + " entries";
        }
        case 14: {
            nlohmann::json list = nlohmann::json::array();
            const int n = oneOf({ 1, 2, 4, 16 });
            for (int i = 0; i < n; ++i)
                list.push_back(oneOf({ 0, 1, 5, 40, 100000 }));
            section(doc, "parallel")["layers_per_stage"] = list;
            return "layers_per_stage = " + list.dump();
        }
        case 15: {
            doc["name"] = hostileString();
            doc["description"] = repeat("描述", 2000);
            return "hostile name and a long description";
        }
        case 16: {
            nlohmann::json& m = doc["model"];
            m = { { "hf_config",
                { { "hidden_size", oneOf({ 64, 4096, 1 << 20 }) }, { "num_hidden_layers", oneOf({ 1, 32, 100000 }) },
                    { "num_attention_heads", oneOf({ 1, 32, 64 }) }, { "intermediate_size", 11008 },
                    { "vocab_size", oneOf({ 1, 32000, 1 << 24 }) }, { "model_type", hostileString() },
                    { "max_position_embeddings", oneOf({ 1, 4096, 1 << 24 }) } } } };
            return "hf_config = " + m.dump();
        }
        default: {
            doc["plait_future_field"] = { { "nested", { 1, 2, 3 } }, { "text", hostileString() } };
            return "an unknown top-level field";
        }
        }
    }

    // A plan that passes every check, with one knob at an extreme a real user may reach: long sequences, odd head
    // sizes, thousands of experts, a huge model or batch. Its figures must stay inside their physical ranges.
    Mutant plausible(nlohmann::json doc)
    {
        const int heads = oneOf({ 8, 32, 64 });
        const long long hidden = oneOf<long long>({ 1024, 4096, 8192, 1 << 20 });
        nlohmann::json m = { { "layers", oneOf({ 2, 8, 32, 96, 100000 }) }, { "hidden", hidden }, { "heads", heads },
            { "kv_heads", oneOf({ heads, 8 }) }, { "ffn_hidden", oneOf<long long>({ 4 * hidden, 3584, 1 << 24 }) },
            { "ffn", oneOf<std::string>({ "swiglu", "gelu" }) }, { "vocab", oneOf({ 32000, 128256, 1 << 24 }) },
            { "seq_len", oneOf({ 2048, 8192, 65536, 131072, 1 << 20 }) } };
        if (pick(2))
            m["head_dim"] = oneOf({ 64, 129, 255, 1023, 4096 });
        const bool moe = pick(3) == 0;
        if (moe)
            m["moe"] = { { "experts", oneOf({ 8, 64, 4096, 65536 }) }, { "top_k", oneOf({ 1, 2, 8 }) } };
        doc["model"] = m;
        const int nodes = oneOf({ 1, 2, 4, 16 });
        doc["cluster"] = { { "gpu",
                               oneOf<std::string>({ "A100-SXM4-80GB", "H100-SXM5-80GB", "H200-SXM-141GB",
                                   "B200-SXM-180GB", "RTX4090-24GB", "MI300X-192GB" }) },
            { "nodes", nodes }, { "gpus_per_node", 8 }, { "intra_node", "nvlink4-nvswitch" },
            { "inter_node", oneOf<std::string>({ "ib-ndr", "eth-10g", "roce-400" }) } };
        const int tp = oneOf({ 1, 2, 8 }), pp = tp * 2 <= nodes * 8 ? oneOf({ 1, 2 }) : 1, dp = nodes * 8 / tp / pp;
        const int ep = moe ? oneOf({ 1, 8 }) : 1;
        const int micro = oneOf({ 1, 2 });
        const long long batch = oneOf<long long>({ 1, 4, 64, 999998 / (dp * micro) }) * dp * micro;
        doc["training"] = { { "global_batch", batch }, { "micro_batch", micro },
            { "precision", oneOf<std::string>({ "bf16", "fp8", "fp16" }) }, { "zero_stage", oneOf({ 0, 1, 3 }) },
            { "recompute", oneOf<std::string>({ "none", "selective", "full" }) }, { "flash_attention", pick(2) == 0 },
            { "sequence_parallel", pick(2) == 0 } };
        doc["parallel"] = { { "tp", tp }, { "pp", pp }, { "dp", dp }, { "cp", 1 }, { "ep", dp % ep == 0 ? ep : 1 },
            { "schedule", oneOf<std::string>({ "1f1b", "zb-h1", "gpipe" }) } };
        doc["placement"] = nullptr;
        return { doc.dump(2), "plausible: " + m.dump() + " " + doc["training"].dump() + " " + doc["parallel"].dump() };
    }

    Mutant rawBytes(const std::string& json)
    {
        switch (pick(9)) {
        case 0:
            return { json.substr(0, std::size_t(pick(int(json.size())))), "truncated" };
        case 1: {
            std::string t = json;
            for (int i = 0; i < 4; ++i)
                t[std::size_t(pick(int(t.size())))] = char(pick(256));
            return { t, "four random bytes" };
        }
        case 2:
            return { "", "empty file" };
        case 3:
            return { oneOf<std::string>({ "[]", "\"plan\"", "42", "null", "[{\"format\":\"plait-plan/1\"}]" }),
                "top level not an object" };
        case 4:
            return { "\xEF\xBB\xBF" + json, "UTF-8 byte order mark" };
        case 5:
            return { std::string(100000, '[') + std::string(100000, ']'), "nesting 100000 deep" };
        case 6: {
            std::string t = json;
            const auto at = t.find("\"name\": \"");
            if (at != std::string::npos)
                t.insert(at + 9, "\xC3\x28\xFF\xFE bad UTF-8 ");
            return { t, "invalid UTF-8 in the name" };
        }
        case 7:
            return { json + "\n{\"second\": 1}", "a second document after the first" };
        default:
            return { std::string(2048, '\0'), "binary zeros" };
        }
    }
};

} // namespace hostile
