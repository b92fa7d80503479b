#include "chartlayout.h"

#include <qcustomplot.h>

namespace plait::widgets {

void layOutChart(QCustomPlot* plot, const QString& title, int legendColumns)
{
    const QString family = plot->font().family();
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, new QCPTextElement(plot, title, QFont(family, 11, QFont::Bold)));
    plot->legend->setVisible(true);
    auto* legendRow = new QCPLayoutGrid;
    plot->plotLayout()->insertRow(1);
    plot->plotLayout()->addElement(1, 0, legendRow);
    legendRow->setMargins(QMargins(0, 0, 0, 0));
    plot->axisRect()->insetLayout()->take(plot->legend);
    legendRow->addElement(0, 0, plot->legend);
    plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot->legend->setWrap(legendColumns);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setFont(QFont(family, 8));
    plot->plotLayout()->setRowStretchFactor(1, 0.001);
    plot->xAxis->grid()->setZeroLinePen(Qt::NoPen);
    plot->yAxis->grid()->setZeroLinePen(Qt::NoPen);
}

} // namespace plait::widgets
