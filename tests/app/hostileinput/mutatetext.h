#pragma once
// Deterministic hostile text files for the importers (issue 39 C): a real file with one to three mutations of the
// kinds that broke readers before (cuts, flipped and NUL bytes, long lines, numbers at the edges of what they can
// hold, non-ASCII, unbalanced quotes, lines dropped, repeated or swapped). A seed gives the same corpus everywhere.

#include <random>
#include <string>
#include <vector>

namespace hostile {

struct TextMutant {
    std::string text;
    std::string what;
};

class TextMutator {
public:
    explicit TextMutator(std::uint32_t seed)
        : m_rng(seed)
    {
    }

    TextMutant mutate(const std::string& original)
    {
        TextMutant m { original, {} };
        const int count = 1 + pick(3);
        for (int i = 0; i < count; ++i)
            m.what += (m.what.empty() ? "" : "; ") + once(m.text);
        return m;
    }

private:
    std::mt19937 m_rng;

    int pick(int n) { return n <= 0 ? 0 : int(std::uniform_int_distribution<int>(0, n - 1)(m_rng)); }
    std::size_t at(const std::string& s) { return s.empty() ? 0 : std::size_t(pick(int(s.size()))); }

    // Lines as [start, end) offsets.
    static std::vector<std::pair<std::size_t, std::size_t>> lines(const std::string& s)
    {
        std::vector<std::pair<std::size_t, std::size_t>> out;
        std::size_t start = 0;
        while (start < s.size()) {
            const std::size_t end = std::min(s.find('\n', start), s.size());
            out.emplace_back(start, end);
            start = end + 1;
        }
        return out;
    }

    std::string once(std::string& s)
    {
        const auto ls = lines(s);
        switch (pick(12)) {
        case 0: {
            const std::size_t cut = at(s);
            s.resize(cut);
            return "cut at byte " + std::to_string(cut);
        }
        case 1: {
            const int n = 1 + pick(8);
            for (int i = 0; i < n && !s.empty(); ++i)
                s[at(s)] = char(pick(256));
            return std::to_string(n) + " random bytes";
        }
        case 2:
            s.insert(at(s), std::string(std::size_t(1 + pick(8)), '\0'));
            return "NUL bytes";
        case 3: {
            const std::string filler = pick(2) ? std::string(30000 + std::size_t(pick(20000)), 'x')
                                               : std::string("\"") + std::string(40000, 'y') + "\"";
            s.insert(at(s), filler);
            return "a line of " + std::to_string(filler.size()) + " characters";
        }
        case 4: { // a number at the edge of what it can hold
            std::size_t i = at(s);
            while (i < s.size() && !(s[i] >= '0' && s[i] <= '9'))
                ++i;
            if (i >= s.size())
                return "no number to change";
            std::size_t j = i;
            while (j < s.size() && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.' || s[j] == 'e'))
                ++j;
            static const char* edges[] = { "0", "-1", "1e308", "1e400", "NaN", "inf", "-0", "1e-320",
                "99999999999999999999", "9223372036854775807", "4294967296", "", "0x10" };
            const std::string e = edges[pick(int(sizeof edges / sizeof *edges))];
            s.replace(i, j - i, e);
            return "a number as \"" + e + "\"";
        }
        case 5:
            s.insert(at(s), "大型语言模型训练");
            return "CJK text";
        case 6: {
            static const char* quotes[] = { "\"", "'", "\"\"\"", "`", "${", "$((", "[", "{", "}", "]", "<", "</" };
            const std::string q = quotes[pick(int(sizeof quotes / sizeof *quotes))];
            s.insert(at(s), q);
            return "an unbalanced " + q;
        }
        case 7:
            if (ls.empty())
                return "no line to drop";
            {
                const auto [b, e] = ls[std::size_t(pick(int(ls.size())))];
                s.erase(b, std::min(e + 1, s.size()) - b);
            }
            return "a line dropped";
        case 8:
            if (ls.empty())
                return "no line to repeat";
            {
                const auto [b, e] = ls[std::size_t(pick(int(ls.size())))];
                const std::string line = s.substr(b, e - b) + "\n";
                const int n = 1 + pick(pick(2) ? 3 : 2000);
                std::string many;
                for (int i = 0; i < n; ++i)
                    many += line;
                s.insert(b, many);
                return "a line repeated " + std::to_string(n) + " times";
            }
        case 9:
            if (ls.size() < 2)
                return "no lines to swap";
            {
                const auto a = ls[std::size_t(pick(int(ls.size())))], b = ls[std::size_t(pick(int(ls.size())))];
                const std::string la = s.substr(a.first, a.second - a.first),
                                  lb = s.substr(b.first, b.second - b.first);
                if (a.first < b.first) {
                    s.replace(b.first, lb.size(), la);
                    s.replace(a.first, la.size(), lb);
                } else if (b.first < a.first) {
                    s.replace(a.first, la.size(), lb);
                    s.replace(b.first, lb.size(), la);
                }
            }
            return "two lines swapped";
        case 10:
            s.clear();
            return "emptied";
        default: {
            const std::size_t i = at(s);
            s.insert(i, std::string(std::size_t(1 + pick(3)), "\r\t \\;|&#="[pick(10)]));
            return "a separator inserted";
        }
        }
    }
};

} // namespace hostile
