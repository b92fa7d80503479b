#include "pipelinelayout.h"

#include "messagetext.h"
#include "text.h"

#include <algorithm>
#include <numeric>

namespace plait {

namespace {
constexpr std::size_t kMaxUnrolled = std::size_t(1) << 20;

// Megatron-LM's two substitutions, in its order: `(body)*n` (the body without parentheses), then `x*n` for one
// letter. Returns false when the result would pass kMaxUnrolled.
bool unroll(std::string& s)
{
    auto repeat = [&](std::size_t start, std::size_t bodyBegin, std::size_t bodyEnd, std::size_t star) {
        std::size_t digitsEnd = star + 1;
        while (digitsEnd < s.size() && s[digitsEnd] >= '0' && s[digitsEnd] <= '9')
            ++digitsEnd;
        if (digitsEnd == star + 1 || digitsEnd - star - 1 > 7)
            return std::string::npos; // not a repeat: left as it is, and refused as a letter later
        const std::size_t n = std::stoul(s.substr(star + 1, digitsEnd - star - 1));
        const std::string body = s.substr(bodyBegin, bodyEnd - bodyBegin);
        if (body.size() * n > kMaxUnrolled || s.size() + body.size() * n > kMaxUnrolled)
            return std::size_t(0);
        std::string out;
        out.reserve(body.size() * n);
        for (std::size_t i = 0; i < n; ++i)
            out += body;
        s.replace(start, digitsEnd - start, out);
        return start + out.size();
    };
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t close = s[i] == '(' ? s.find(')', i + 1) : std::string::npos;
        if (close != std::string::npos && close > i + 1 && s.find('(', i + 1) > close && close + 1 < s.size()
            && s[close + 1] == '*') {
            const std::size_t next = repeat(i, i + 1, close, close + 1);
            if (next == 0)
                return false;
            i = next == std::string::npos ? i + 1 : next;
        } else {
            ++i;
        }
    }
    for (std::size_t i = 0; i + 1 < s.size();) {
        if (s[i + 1] == '*') {
            const std::size_t next = repeat(i, i, i + 1, i + 1);
            if (next == 0)
                return false;
            i = next == std::string::npos ? i + 1 : next;
        } else {
            ++i;
        }
    }
    return true;
}
} // namespace

int PipelineLayout::transformerTotal() const
{
    return std::accumulate(transformer.begin(), transformer.end(), 0);
}

int PipelineLayout::mtpTotal() const
{
    return std::accumulate(mtp.begin(), mtp.end(), 0);
}

Result<PipelineLayout> parsePipelineLayout(std::string_view text, int pp, const std::string& where)
{
    const std::string flag = "--pipeline-model-parallel-layout";
    std::string s;
    for (char c : text)
        if (c != ',')
            s += c;
    if (!unroll(s))
        return std::vector<Issue> { fieldIssue(where, "config-layout-size", { flag, str((long long)kMaxUnrolled) }) };
    PipelineLayout out;
    out.pp = std::max(pp, 1);
    out.transformer.push_back(0);
    out.mtp.push_back(0);
    int embeddings = 0, losses = 0;
    bool seenMtp = false, afterMtp = false;
    for (const char c : s) {
        switch (c) {
        case '|':
            out.transformer.push_back(0);
            out.mtp.push_back(0);
            continue;
        case 'E':
            ++embeddings;
            break;
        case 'L':
            ++losses;
            break;
        case 't':
            ++out.transformer.back();
            afterMtp = afterMtp || seenMtp;
            break;
        case 'm':
            ++out.mtp.back();
            seenMtp = true;
            break;
        default:
            return std::vector<Issue> { fieldIssue(
                where, "config-layout-letter", { flag, std::string(1, c), str((long long)out.transformer.size()) }) };
        }
    }
    const long long stages = (long long)out.transformer.size();
    if (stages % out.pp != 0)
        return std::vector<Issue> { fieldIssue(where, "config-layout-stages", { flag, str(stages), str(out.pp) }) };
    // Megatron-LM checks the layers in order, empty stages aside: the embedding first, the loss last.
    const std::size_t first = s.find_first_not_of('|'), last = s.find_last_not_of('|');
    if (embeddings != 1 || losses != 1 || first == std::string::npos || s[first] != 'E' || s[last] != 'L')
        return std::vector<Issue> { fieldIssue(where, "config-layout-edges", { flag }) };
    if (afterMtp)
        return std::vector<Issue> { fieldIssue(where, "config-layout-mtp-last", { flag }) };
    out.vpp = int(stages / out.pp);
    return out;
}

std::string pipelineLayoutText(const std::vector<int>& layersPerChunk, int mtpLayers)
{
    const std::size_t n = layersPerChunk.size();
    auto stage = [&](std::size_t k) {
        const int t = layersPerChunk[k];
        std::string s = k == 0 ? "E" : "";
        s += t == 0 ? "" : t == 1 ? "t" : "t*" + std::to_string(t);
        return s + (k + 1 == n ? std::string(std::size_t(std::max(mtpLayers, 0)), 'm') + "L" : "");
    };
    std::string out;
    for (std::size_t k = 0; k < n;) {
        std::size_t run = 1;
        while (k + run < n && stage(k + run) == stage(k))
            ++run;
        // A run of equal stages folds as (S|)*r; the last run keeps its last stage outside, not to add a stage.
        const std::size_t folded = k + run == n ? run - 1 : run;
        if (folded > 1)
            out += "(" + stage(k) + "|)*" + std::to_string(folded);
        else if (folded == 1)
            out += stage(k) + "|";
        if (folded < run)
            out += stage(k);
        k += run;
    }
    return out;
}

} // namespace plait
