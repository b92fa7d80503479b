#pragma once

#include "plan.h"
#include "proberunner.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QCheckBox;

namespace plait::app {

// Runs plait-probe from the app: the GPUs it finds (`info`), the command with its parameters (defaults from the
// current plan) and the exact command line, a progress bar with the time left, the live log, cancel. When a run
// finishes its output is handed on: a TRACE.json to the Gantt, LINKS.json and COMPUTE.json to calibration.
class ProbeDialog : public QDialog {
    Q_OBJECT
public:
    ProbeDialog(const Plan& plan, const QString& planPath, QWidget* parent = nullptr);

    engine::ProbeRunner* runner() { return &m_runner; }
    QStringList arguments() const; // the command the Run button starts
    void setCommand(const QString& command); // pipeline, collectives, compute
    void run();
    bool canRun() const; // false on a machine without a GPU

signals:
    void outputReady(const QString& command, const QString& path);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void updateCommandLine();
    void queryDevices();

    QString m_planPath;
    engine::ProbeRunner m_runner, m_info;
    QLabel* m_devices = nullptr;
    QLabel* m_elsewhere = nullptr; // where to run it instead, on a machine without a GPU
    QComboBox* m_command = nullptr;
    QLineEdit* m_gpus = nullptr;
    QSpinBox* m_microBatches = nullptr;
    QSpinBox* m_iters = nullptr;
    QSpinBox* m_maxLayers = nullptr;
    QLineEdit* m_maxBytes = nullptr;
    QCheckBox* m_check = nullptr;
    QLineEdit* m_out = nullptr;
    QLineEdit* m_commandLine = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QString m_runCommand;
};

} // namespace plait::app
