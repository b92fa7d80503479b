#include "median.h"

#include <algorithm>

namespace plait {

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    const auto mid = values.begin() + long(values.size() / 2);
    std::nth_element(values.begin(), mid, values.end());
    if (values.size() % 2)
        return *mid;
    return (*mid + *std::max_element(values.begin(), mid)) / 2;
}

} // namespace plait
