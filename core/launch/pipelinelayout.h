#pragma once
// Megatron-LM's --pipeline-model-parallel-layout (megatron/core/transformer/pipeline_parallel_layer_layout.py): a
// string of stages split by '|', each a run of layer letters (E embedding, t transformer layer, m multi-token
// prediction, L loss), with `x*n` and `(…)*n` repeats and commas for reading. Stage i is model chunk
// i / pp on pipeline rank i % pp.

#include "error.h"

#include <string>
#include <string_view>
#include <vector>

namespace plait {

struct PipelineLayout {
    int pp = 1, vpp = 1;
    std::vector<int> transformer; // transformer layers per model chunk, chunk·pp + stage
    std::vector<int> mtp; // multi-token prediction layers per model chunk
    int transformerTotal() const;
    int mtpTotal() const;
};

// The layout for `pp` pipeline ranks, with the checks Megatron-LM makes (the stage count a multiple of pp, the
// embedding first and the loss last, each once, no transformer layer after an MTP layer). `where` names the place
// in messages ("line 12"). Repeats may unroll to at most 1 Mi letters.
Result<PipelineLayout> parsePipelineLayout(std::string_view text, int pp, const std::string& where);

// The layout string for a chunk list (layers_per_chunk order), repeats folded: {3,2,2,2,0} → "Et*3|(t*2|)*3L".
// `mtpLayers` multi-token prediction modules (m) go before the loss on the last chunk.
std::string pipelineLayoutText(const std::vector<int>& layersPerChunk, int mtpLayers = 0);

} // namespace plait
