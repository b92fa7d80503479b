#pragma once

#include <QColor>

namespace plait::widgets {

// Colours shared by the views: readable on white, told apart by people with the common colour-vision
// deficiencies (Okabe–Ito palette), and the same meaning everywhere.
namespace colors {
inline const QColor weights { 0x00, 0x72, 0xB2 }; // blue
inline const QColor gradients { 0x56, 0xB4, 0xE9 }; // sky blue
inline const QColor optimizer { 0xE6, 0x9F, 0x00 }; // orange
inline const QColor activations { 0x00, 0x9E, 0x73 }; // bluish green
inline const QColor other { 0x99, 0x99, 0x99 }; // grey
inline const QColor overflow { 0xC0, 0x39, 0x2B }; // red
inline const QColor exposed { 0xD5, 0x5E, 0x00 }; // vermillion
inline const QColor overlapped { 0x56, 0xB4, 0xE9 }; // sky blue
inline const QColor latency { 0xCC, 0x79, 0xA7 }; // reddish purple
inline const QColor bandwidth { 0x00, 0x72, 0xB2 }; // blue

// A distinct hue per index (pipeline stage, DP replica), evenly spaced on the colour wheel.
inline QColor indexed(int i, int count)
{
    const int n = count > 0 ? count : 1;
    return QColor::fromHsv((i * 360 / n + 200) % 360, 110, 235);
}
}

} // namespace plait::widgets
