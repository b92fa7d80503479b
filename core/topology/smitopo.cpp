#include "smitopo.h"

#include "text.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace plait {

namespace {
std::vector<std::string> splitCells(std::string_view line, bool tabs)
{
    std::vector<std::string> cells;
    if (tabs) {
        std::size_t start = 0;
        while (start <= line.size()) {
            const auto tab = line.find('\t', start);
            std::string cell(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
            const auto b = cell.find_first_not_of(" \r");
            cells.push_back(
                b == std::string::npos ? std::string() : cell.substr(b, cell.find_last_not_of(" \r") - b + 1));
            if (tab == std::string_view::npos)
                break;
            start = tab + 1;
        }
    } else {
        std::size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && std::isspace((unsigned char)line[i]))
                ++i;
            const std::size_t start = i;
            while (i < line.size() && !std::isspace((unsigned char)line[i]))
                ++i;
            if (i > start)
                cells.emplace_back(line.substr(start, i - start));
        }
    }
    return cells;
}

// A cell that holds several of the matrix's words run together ("NV18NV18", or "X NV18" where a paste turned a tab
// into a blank): the words,
// or nothing when the cell is not made of them. Each word starts with a letter and NV takes every digit after it,
// so a split is unambiguous.
std::vector<std::string> matrixWords(std::string_view cell)
{
    static const char* const kWords[] = { "X", "PIX", "PXB", "PHB", "NODE", "SYS", "SOC" };
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < cell.size()) {
        if (cell[i] == ' ') { // a tab that became a blank
            ++i;
            continue;
        }
        std::size_t n = 0;
        if (cell.compare(i, 2, "NV") == 0) {
            n = 2;
            while (i + n < cell.size() && std::isdigit((unsigned char)cell[i + n]))
                ++n;
            if (n == 2)
                return {};
        } else {
            for (const char* w : kWords) // longest first is not needed: no word is the start of another
                if (cell.compare(i, std::char_traits<char>::length(w), w) == 0)
                    n = std::char_traits<char>::length(w);
        }
        if (n == 0)
            return {};
        out.emplace_back(cell.substr(i, n));
        i += n;
    }
    return out;
}

// A row with fewer matrix cells than the header has devices, or with a cell that is none of the matrix's words: its
// run-together cells split, when that gives exactly the header's count; else the row as it was.
std::vector<std::string> splitMergedCells(const std::vector<std::string>& cells, std::size_t devices)
{
    std::vector<std::string> out { cells.front() };
    std::size_t c = 1;
    for (; c < cells.size() && out.size() < devices + 1; ++c) {
        const std::vector<std::string> words = matrixWords(cells[c]);
        if (words.empty() || out.size() - 1 + words.size() > devices)
            return cells;
        out.insert(out.end(), words.begin(), words.end());
    }
    if (out.size() != devices + 1)
        return cells;
    out.insert(out.end(), cells.begin() + std::ptrdiff_t(c), cells.end()); // CPU and NUMA affinity
    return out;
}

bool digitsFrom(std::string_view s, std::size_t from)
{
    return from < s.size()
        && std::all_of(s.begin() + std::ptrdiff_t(from), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// GPU<n>, NIC<n>, or a NIC's own name as older drivers print it: mlx5_0, bnxt_re0_1 (letters, digits, '_' digits).
// A plain scan, no std::regex: a line of any length costs no stack.
bool isDeviceName(std::string_view s)
{
    if (s.size() > 64)
        return false;
    if (s.rfind("GPU", 0) == 0 || s.rfind("NIC", 0) == 0)
        return digitsFrom(s, 3);
    const std::size_t underscore = s.rfind('_');
    if (underscore == std::string_view::npos || underscore == 0 || !digitsFrom(s, underscore + 1))
        return false;
    std::size_t i = 0;
    while (i < underscore && s[i] >= 'a' && s[i] <= 'z')
        ++i;
    return i > 0 && std::all_of(s.begin() + std::ptrdiff_t(i), s.begin() + std::ptrdiff_t(underscore), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_';
    });
}

std::vector<std::string_view> lines(std::string_view text)
{
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const auto end = text.find('\n', start);
        out.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    return out;
}
}

bool looksLikeSmiTopo(std::string_view head)
{
    // An indented header line whose first two cells are GPU0 and GPU1, NIC0, mlx… or CPU.
    const std::string_view s = head.substr(0, 64 * 1024);
    bool header = false;
    for (const std::string_view line : lines(s)) {
        if (line.empty() || (line[0] != ' ' && line[0] != '\t'))
            continue;
        const std::vector<std::string> c = splitCells(line.substr(0, 256), false);
        if (c.size() >= 2 && c[0] == "GPU0"
            && (c[1] == "GPU1" || c[1].rfind("NIC0", 0) == 0 || c[1].rfind("mlx", 0) == 0
                || c[1].rfind("CPU", 0) == 0)) {
            header = true;
            break;
        }
    }
    return header && (s.find("X    = Self") != std::string_view::npos || s.find("\nGPU0") != std::string_view::npos);
}

Result<NodeTopology> readSmiTopo(std::string_view text, const std::string& source)
{
    // A matrix of 1024 devices is about 8 KiB wide; anything far longer is not nvidia-smi's.
    constexpr std::size_t kMaxLineBytes = 64 * 1024;
    if (const int line = firstLineLongerThan(text, kMaxLineBytes))
        return Result<NodeTopology>::failure(source, longLineText(line, kMaxLineBytes, "nvidia-smi topo -m output"));
    const std::vector<std::string_view> all = lines(text);
    std::size_t headerLine = all.size();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::vector<std::string> c = splitCells(all[i], false);
        // The header is indented; GPU0's own row starts at the margin.
        if (!c.empty() && c.front() == "GPU0" && std::isspace((unsigned char)all[i][0])) {
            headerLine = i;
            break;
        }
    }
    if (headerLine == all.size())
        return Result<NodeTopology>::failure(
            source, "has no nvidia-smi topo -m header (a line of GPU0 GPU1 … columns)");
    const bool tabs = all[headerLine].find('\t') != std::string_view::npos;
    // The device columns: the header's names before "CPU Affinity".
    std::vector<std::string> columns;
    for (const std::string& c : splitCells(all[headerLine], tabs)) {
        if (c.empty())
            continue;
        if (!isDeviceName(c))
            break;
        columns.push_back(c);
    }
    std::vector<int> gpuColumn, nicColumn;
    for (int i = 0; i < int(columns.size()); ++i)
        (columns[std::size_t(i)].rfind("GPU", 0) == 0 ? gpuColumn : nicColumn).push_back(i);
    if (gpuColumn.empty())
        return Result<NodeTopology>::failure(source, "line " + std::to_string(headerLine + 1) + ": no GPU columns");
    if (columns.size() > 1024)
        return Result<NodeTopology>::failure(
            source, "line " + std::to_string(headerLine + 1) + ": more than 1024 devices");

    NodeTopology node;
    node.source = source;
    const std::size_t gpus = gpuColumn.size(), nics = nicColumn.size();
    node.gpuPath.assign(gpus, std::vector<PathKind>(gpus, PathKind::Unknown));
    node.nvlinks.assign(gpus, std::vector<int>(gpus, 0));
    node.nicPath.assign(gpus, std::vector<PathKind>(nics, PathKind::Unknown));
    node.cpuAffinity.assign(gpus, {});
    node.numaNode.assign(gpus, {});
    for (int c : nicColumn)
        node.nics.push_back({ columns[std::size_t(c)], 0, true });
    std::vector<bool> seen(gpus, false);
    std::map<std::string, std::string> nicNames; // NIC Legend: NIC0 → mlx5_0
    bool legend = false;
    for (std::size_t i = headerLine + 1; i < all.size(); ++i) {
        const std::string_view line = all[i];
        // The NIC Legend: "  NIC0: mlx5_0".
        if (const std::vector<std::string> w = splitCells(line.substr(0, 512), false); w.size() == 2 && w[0].size() > 4
            && w[0].back() == ':' && w[0].rfind("NIC", 0) == 0
            && digitsFrom(std::string_view(w[0]).substr(0, w[0].size() - 1), 3)) {
            nicNames[w[0].substr(0, w[0].size() - 1)] = utf8Prefix(w[1], 64);
            continue;
        }
        legend = legend || line.find("Legend") != std::string::npos;
        std::vector<std::string> cells = legend ? std::vector<std::string>() : splitCells(all[i], tabs);
        if (cells.empty() || cells.front().rfind("GPU", 0) != 0 || !isDeviceName(cells.front()))
            continue; // a NIC's row repeats its column; blank lines and the legend
        const std::string row = cells.front();
        const auto it = std::find(columns.begin(), columns.end(), row);
        if (it == columns.end())
            return Result<NodeTopology>::failure(
                source, "line " + std::to_string(i + 1) + ": " + row.substr(0, 16) + " is not in the header");
        const std::size_t g
            = std::size_t(std::find(gpuColumn.begin(), gpuColumn.end(), int(it - columns.begin())) - gpuColumn.begin());
        bool merged = cells.size() < columns.size() + 1;
        for (std::size_t c = 1; c < cells.size() && c <= columns.size() && !merged; ++c) {
            int links = 0;
            merged = pathFromName(cells[c], &links) == PathKind::Unknown;
        }
        if (merged)
            cells = splitMergedCells(cells, columns.size());
        if (cells.size() < columns.size() + 1)
            return Result<NodeTopology>::failure(source,
                "line " + std::to_string(i + 1) + ": " + row + " has " + std::to_string(cells.size() - 1)
                    + " cells for " + std::to_string(columns.size()) + " devices");
        for (std::size_t c = 0; c < columns.size(); ++c) {
            int links = 0;
            const PathKind p = pathFromName(cells[c + 1], &links);
            // Every cell is one of the matrix's words; anything else is not a topo -m matrix (a cell of 中文 or NV-1
            // was once read as "no NVLink").
            if (p == PathKind::Unknown)
                return Result<NodeTopology>::failure(source,
                    "line " + std::to_string(i + 1) + ": the cell of " + row + " and " + columns[c] + " is "
                        + inQuotes(cells[c + 1], 16) + ", not one of X, NV1…NV64, PIX, PXB, PHB, NODE, SYS");
            const auto gc = std::find(gpuColumn.begin(), gpuColumn.end(), int(c));
            if (gc != gpuColumn.end()) {
                const std::size_t peer = std::size_t(gc - gpuColumn.begin());
                node.gpuPath[g][peer] = p;
                node.nvlinks[g][peer] = links;
            } else {
                const std::size_t nic
                    = std::size_t(std::find(nicColumn.begin(), nicColumn.end(), int(c)) - nicColumn.begin());
                node.nicPath[g][nic] = p;
            }
        }
        if (cells.size() > columns.size() + 1)
            node.cpuAffinity[g] = cells[columns.size() + 1];
        if (cells.size() > columns.size() + 2)
            node.numaNode[g] = cells[columns.size() + 2];
        seen[g] = true;
    }
    for (std::size_t g = 0; g < gpus; ++g)
        if (!seen[g])
            return Result<NodeTopology>::failure(source, "has no row for " + columns[std::size_t(gpuColumn[g])]);
    for (TopologyNic& nic : node.nics)
        if (const auto it = nicNames.find(nic.name); it != nicNames.end())
            nic.name = it->second;
    // Every pair through the same number of NVLinks is an NVSwitch node (HGX); bridged pairs are not.
    bool allNv = gpus > 1;
    for (std::size_t a = 0; a < gpus; ++a)
        for (std::size_t b = 0; b < gpus; ++b)
            if (a != b && (node.nvlinks[a][b] == 0 || node.nvlinks[a][b] != node.nvlinks[0][1]))
                allNv = false;
    node.nvswitch = allNv && gpus > 2;
    return node;
}

} // namespace plait
