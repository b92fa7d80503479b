#pragma once

#include <vector>

namespace plait {

// The median of the values: the middle one, or the mean of the two middle ones for an even count; 0 for none.
double median(std::vector<double> values);

} // namespace plait
