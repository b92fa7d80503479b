#pragma once

#include "plan.h"
#include "proberesults.h"
#include "profilecalibration.h"

#include <QWidget>
#include <memory>
#include <optional>

class QCheckBox;
class QCustomPlot;
class QLabel;
class QPushButton;

namespace plait::app {

// What plait-probe measured against what the plan assumes: bus bandwidth against message size per op, fitted α
// and β beside the catalog's link, GEMM TFLOP/s and copy bandwidth beside the GPU's figures, a GEMM beside a copy
// or an all-reduce, and "apply to plan" for each (one undoable edit). A PyTorch reference run adds fused attention
// at the plan's shapes beside the plan's prediction. A job's profile adds the rates it measures (GEMM, attention,
// element-wise) with the profiled plan's step before and after, and "Calibrate from this profile".
class CalibrationPanel : public QWidget {
    Q_OBJECT
public:
    explicit CalibrationPanel(QWidget* parent = nullptr);

    void setPlan(std::shared_ptr<const Plan> plan);
    void setLinks(const LinksResult& links, const QString& source);
    void setCompute(const ComputeResult& compute, const QString& source);
    void setTorchReference(const TorchReference& reference, const QString& source);
    // A job's profile calibrated against the plan it was opened with (engine/profileloader.h).
    void setProfileCalibration(const ProfileCalibration& calibration, const QString& source);
    QString summaryText() const;
    QCustomPlot* plot() const { return m_plot; }

    // The plan with the measurement applied, or nothing when there is none to apply. Links measured on another GPU
    // model (otherGpuMeasured) are compared only, until the user ticks "apply although measured on another GPU".
    std::optional<Plan> planWithLinks() const;
    std::optional<Plan> planWithCompute() const;
    std::optional<Plan> planWithAttention() const;
    // The plan with the rates the profile measured: its GPU takes the profiled plan's calibrated GPU, when they are
    // one model of GPU.
    std::optional<Plan> planWithProfile() const;

signals:
    void applyRequested(const plait::Plan& plan, const QString& what);

private:
    std::string linksSourceText() const; // the links' source, as the plan names it once applied
    // The GPU the links were measured on where it is another model than the plan's (otherGpuMeasured), else empty.
    std::string linksOtherGpu() const;
    static QString noResultsText();
    QString profileHtml() const;
    void refresh();

    std::shared_ptr<const Plan> m_plan;
    std::optional<LinksResult> m_links;
    std::optional<ComputeResult> m_compute;
    std::optional<TorchReference> m_torch;
    std::optional<ProfileCalibration> m_profile;
    QString m_profileSource;
    QString m_linksSource, m_computeSource, m_torchSource;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_text = nullptr;
    QPushButton* m_applyLinks = nullptr;
    QCheckBox* m_linksAnyGpu = nullptr;
    QPushButton* m_applyCompute = nullptr;
    QPushButton* m_applyAttention = nullptr;
    QPushButton* m_applyProfile = nullptr;
};

} // namespace plait::app
