#include "smitopo.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>

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

bool isDeviceName(const std::string& s)
{
    static const std::regex device(R"((GPU|NIC)[0-9]+|mlx[0-9]+_[0-9]+|[a-z]+[0-9]*_[0-9]+)");
    return std::regex_match(s, device);
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
    static const std::regex header(R"((^|\n)[ \t]+GPU0[ \t]+(GPU1|NIC0|mlx|CPU)[^\n]*)");
    const std::string s(head.substr(0, 64 * 1024));
    return std::regex_search(s, header)
        && (s.find("X    = Self") != std::string::npos || s.find("\nGPU0") != std::string::npos);
}

Result<NodeTopology> readSmiTopo(std::string_view text, const std::string& source)
{
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
    static const std::regex legendEntry(R"(^\s*(NIC[0-9]+):\s*(\S+)\s*$)");
    bool legend = false;
    for (std::size_t i = headerLine + 1; i < all.size(); ++i) {
        const std::string line(all[i]);
        std::smatch m;
        if (std::regex_match(line, m, legendEntry)) {
            nicNames[m[1].str()] = m[2].str();
            continue;
        }
        legend = legend || line.find("Legend") != std::string::npos;
        const std::vector<std::string> cells = legend ? std::vector<std::string>() : splitCells(all[i], tabs);
        if (cells.empty() || cells.front().rfind("GPU", 0) != 0 || !isDeviceName(cells.front()))
            continue; // a NIC's row repeats its column; blank lines and the legend
        const std::string& row = cells.front();
        const auto it = std::find(columns.begin(), columns.end(), row);
        if (it == columns.end())
            return Result<NodeTopology>::failure(
                source, "line " + std::to_string(i + 1) + ": " + row.substr(0, 16) + " is not in the header");
        const std::size_t g
            = std::size_t(std::find(gpuColumn.begin(), gpuColumn.end(), int(it - columns.begin())) - gpuColumn.begin());
        if (cells.size() < columns.size() + 1)
            return Result<NodeTopology>::failure(source,
                "line " + std::to_string(i + 1) + ": " + row + " has " + std::to_string(cells.size() - 1)
                    + " cells for " + std::to_string(columns.size()) + " devices");
        for (std::size_t c = 0; c < columns.size(); ++c) {
            int links = 0;
            const PathKind p = pathFromName(cells[c + 1], &links);
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
