#include "opspans.h"

namespace plait {

SpanKind spanKindOf(OpKind k)
{
    switch (k) {
    case OpKind::Forward:
        return SpanKind::Forward;
    case OpKind::Recompute:
        return SpanKind::Recompute;
    case OpKind::BackwardInput:
        return SpanKind::BackwardInput;
    case OpKind::BackwardWeight:
        return SpanKind::BackwardWeight;
    }
    return SpanKind::Other;
}

std::string opSpanName(OpKind k, int microBatch)
{
    const char letter = k == OpKind::Forward ? 'F'
        : k == OpKind::Recompute             ? 'R'
        : k == OpKind::BackwardInput         ? 'B'
                                             : 'W';
    return std::string(1, letter) + std::to_string(microBatch);
}

} // namespace plait
