#include "advicepanel.h"

#include "format.h"
#include "translatedtext.h"

#include <QFrame>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace plait::app {

QString AdvicePanel::title(const Advice& a)
{
    return widgets::translatedText("advice:" + a.code + ":title");
}

QString AdvicePanel::saw(const Advice& a)
{
    return widgets::translatedText(a.saw);
}

QString AdvicePanel::why(const Advice& a)
{
    return widgets::translatedText(a.why);
}

QString AdvicePanel::fix(const Advice& a)
{
    return a.fix.empty() ? QString() : widgets::translatedText(a.fix);
}

AdvicePanel::AdvicePanel(QWidget* parent)
    : QWidget(parent)
{
    auto* inner = new QWidget;
    m_list = new QVBoxLayout(inner);
    m_list->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff); // the items wrap to the dock's width
    m_status = new QLabel(tr("No plan yet."), this);
    m_status->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_status);
    layout->addWidget(scroll, 1);
}

void AdvicePanel::setPending()
{
    m_status->setText(tr("Thinking…"));
}

void AdvicePanel::setAdvice(std::shared_ptr<const engine::AdviceResult> advice)
{
    m_advice = std::move(advice);
    show(m_advice->items);
}

void AdvicePanel::show(const std::vector<Advice>& items)
{
    m_items = items;
    while (m_list->count() > 1) {
        QLayoutItem* item = m_list->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_status->setText(m_items.empty()
            ? tr("No advice: memory fits, TP stays inside the nodes, the bubble and the "
                 "data-parallel communication are small, and DP alone would not be faster.")
            : tr("%n item(s), in the order an experienced engineer would look at them:", nullptr, int(m_items.size())));
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Advice& a = m_items[i];
        auto* box = new QFrame;
        box->setFrameShape(QFrame::StyledPanel);
        auto* v = new QVBoxLayout(box);
        QString html = QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                           .arg(title(a).toHtmlEscaped(), saw(a).toHtmlEscaped(), why(a).toHtmlEscaped());
        if (a.fixed)
            html += QStringLiteral("<br>") + tr("Fix: %1").arg(fix(a).toHtmlEscaped());
        auto* text = new QLabel(html);
        text->setWordWrap(true);
        v->addWidget(text);
        if (a.fixed) {
            auto* apply = new QPushButton(
                tr("Apply fix: step %1, peak %2 per GPU")
                    .arg(widgets::formatSeconds(a.fixedStepS), widgets::formatBytes(a.fixedPeakBytes)));
            connect(apply, &QPushButton::clicked, this, [this, i] {
                if (i < m_items.size() && m_items[i].fixed)
                    emit applyRequested(*m_items[i].fixed, title(m_items[i]));
            });
            v->addWidget(apply);
        } else {
            auto* none = new QLabel(tr("No single change fixes this; Suggest plans searches every combination."));
            none->setWordWrap(true);
            v->addWidget(none);
        }
        m_list->insertWidget(m_list->count() - 1, box);
    }
    emit itemsChanged();
}

} // namespace plait::app
