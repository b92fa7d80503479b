#pragma once

#include "timeline.h"

#include <QColor>
#include <QString>

namespace plait::widgets {

// How the Gantt looks: its colours and row sizes, in one place, the same on screen and in every picture.
struct GanttTheme {
    QColor background { Qt::white };
    QColor idle { 0xEC, 0xEC, 0xEC }, idleHatch { 0xC8, 0xC8, 0xC8 }; // a bubble: light grey, hatched
    QColor grid { 0xE4, 0xE4, 0xE4 };
    QColor rulerBackground { 0xFA, 0xFA, 0xFA }, rulerLine { 0xB0, 0xB0, 0xB0 }, tick { 0x80, 0x80, 0x80 };
    QColor caption { 0x55, 0x55, 0x55 }; // the ruler's span and a group's heading
    QColor headingBackground { 0xF4, 0xF6, 0xF8 };
    QColor groupLine { 0xD0, 0xD0, 0xD0 }, headerLine { 0xD8, 0xD8, 0xD8 };
    QColor idleText { 0x66, 0x66, 0x66 };
    QColor separator { 255, 255, 255, 200 }; // between adjacent ops
    QColor flow { 0x33, 0x33, 0x33, 170 };
    QColor pairOutline { 0x1A, 0x1A, 0x1A }; // ops run overlapped as one unit (DualPipe's F&B)
    QColor band { 0x00, 0x72, 0xB2 }; // the Shift-drag selection (filled at a sixth of its opacity)

    int rulerHeight = 24, legendHeight = 20, headingHeight = 22, groupHeight = 16, laneHeight = 22, thinHeight = 8;
    int headerWidth = 220; // lane names ("rank 127 · node 15") and idle totals
    int top() const { return rulerHeight + legendHeight; } // lanes start under the ruler and the legend
};
const GanttTheme& ganttTheme();

// Okabe–Ito hues, one meaning each kind of op; a label on it is dark where the hue is light.
QColor spanColor(SpanKind kind);
bool darkLabelOn(SpanKind kind);
QString spanKindLabel(SpanKind kind); // in the user's language

} // namespace plait::widgets
