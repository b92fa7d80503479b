#pragma once

#include <QColor>

namespace plait::widgets {

// Colours shared by the views: readable on white, told apart by people with the common colour-vision
// deficiencies (Okabe–Ito palette), and the same meaning everywhere.
namespace okabeIto {
inline const QColor blue { 0x00, 0x72, 0xB2 };
inline const QColor skyBlue { 0x56, 0xB4, 0xE9 };
inline const QColor orange { 0xE6, 0x9F, 0x00 };
inline const QColor bluishGreen { 0x00, 0x9E, 0x73 };
inline const QColor vermillion { 0xD5, 0x5E, 0x00 };
inline const QColor reddishPurple { 0xCC, 0x79, 0xA7 };
inline const QColor yellow { 0xD4, 0xB8, 0x00 }; // Okabe–Ito's F0E442 darkened: the original vanishes on white
}

namespace colors {
inline const QColor weights = okabeIto::blue;
inline const QColor gradients = okabeIto::skyBlue;
inline const QColor optimizer = okabeIto::orange;
inline const QColor activations = okabeIto::bluishGreen;
inline const QColor other { 0x99, 0x99, 0x99 }; // grey
inline const QColor overflow { 0xC0, 0x39, 0x2B }; // red
inline const QColor exposed = okabeIto::vermillion;
inline const QColor overlapped = okabeIto::skyBlue;
inline const QColor latency = okabeIto::reddishPurple;
inline const QColor bandwidth = okabeIto::blue;

// A distinct hue per index (pipeline stage, DP replica), evenly spaced on the colour wheel.
inline QColor indexed(int i, int count)
{
    const int n = count > 0 ? count : 1;
    return QColor::fromHsv((i * 360 / n + 200) % 360, 110, 235);
}
}

} // namespace plait::widgets
