#pragma once
// GEMM operands that do not stay in L2: sets carved from one pool and rotated from one iteration to the next
// (probe-review finding 9: reused operands under the 50 MB L2 of an H200 run from cache).
#include "gemm.h"
#include "probecli.h"

#include <cstddef>
#include <vector>

namespace plait::probe {

// Bytes of one set of bf16 operands A, B and C for a shape (batched: all of the batch).
inline std::size_t setBytes(const GemmShape& s)
{
    return std::size_t(2 * (s.m * s.k + s.k * s.n + s.m * s.n) * s.batch);
}
inline std::size_t alignedSetBytes(const GemmShape& s)
{
    return (setBytes(s) + 255) & ~std::size_t(255);
}

struct Rotation {
    std::vector<void*> a, b, c;
};
// As many sets as rotatingSets() asks for within `poolBytes` (at least one), laid out from `pool`.
inline Rotation rotation(const GemmShape& s, char* pool, std::size_t poolBytes, std::size_t l2)
{
    const std::size_t bytes = alignedSetBytes(s);
    const int sets = rotatingSets(bytes, l2, poolBytes);
    Rotation r;
    for (int i = 0; i < sets; ++i) {
        char* base = pool + std::size_t(i) * bytes;
        r.a.push_back(base);
        r.b.push_back(base + std::size_t(2 * s.m * s.k * s.batch));
        r.c.push_back(base + std::size_t(2 * (s.m * s.k + s.k * s.n) * s.batch));
    }
    return r;
}

} // namespace plait::probe
