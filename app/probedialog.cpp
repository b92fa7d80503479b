#include "probedialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFormLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace plait::app {

namespace {
QString defaultOut(const QString& command)
{
    const QString dir
        = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/probe");
    QDir().mkpath(dir);
    const QString name = command == QLatin1String("pipeline") ? QStringLiteral("TRACE.json")
        : command == QLatin1String("collectives")             ? QStringLiteral("LINKS.json")
                                                              : QStringLiteral("COMPUTE.json");
    return dir + QLatin1Char('/') + name;
}
}

ProbeDialog::ProbeDialog(const Plan& plan, const QString& planPath, QWidget* parent)
    : QDialog(parent)
    , m_planPath(planPath)
{
    setWindowTitle(tr("Run plait-probe"));
    resize(760, 620);
    m_devices = new QLabel(tr("Looking for GPUs…"), this);
    m_devices->setWordWrap(true);
    m_command = new QComboBox(this);
    m_command->addItem(tr("pipeline: run this plan's schedule on GPUs"), QStringLiteral("pipeline"));
    m_command->addItem(tr("collectives: NCCL bandwidth and latency"), QStringLiteral("collectives"));
    m_command->addItem(tr("compute: GEMM TFLOP/s and memory bandwidth"), QStringLiteral("compute"));
    m_gpus = new QLineEdit(this);
    m_gpus->setPlaceholderText(tr("all visible GPUs"));
    m_microBatches = new QSpinBox(this);
    m_microBatches->setRange(1, 100000);
    m_microBatches->setValue(int(std::min<long long>(plan.microBatches(), 100000)));
    m_iters = new QSpinBox(this);
    m_iters->setRange(1, 10000);
    m_iters->setValue(3);
    m_maxLayers = new QSpinBox(this);
    m_maxLayers->setRange(0, 100000);
    m_maxLayers->setSpecialValueText(tr("all of the plan's"));
    m_maxBytes = new QLineEdit(QStringLiteral("1G"), this);
    m_check = new QCheckBox(tr("check results"), this);
    m_check->setChecked(true);
    m_out = new QLineEdit(this);
    m_commandLine = new QLineEdit(this);
    m_commandLine->setReadOnly(true);
    m_progress = new QProgressBar(this);
    m_status = new QLabel(this);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setStyleSheet(QStringLiteral("font-family: monospace"));
    m_run = new QPushButton(tr("Run"), this);
    m_cancel = new QPushButton(tr("Cancel run"), this);
    m_cancel->setEnabled(false);
    m_elsewhere = new QLabel(this);
    m_elsewhere->setObjectName(QStringLiteral("probeElsewhere"));
    m_elsewhere->setWordWrap(true);
    m_elsewhere->hide();

    auto* form = new QFormLayout;
    form->addRow(tr("GPUs found:"), m_devices);
    form->addRow(tr("Command:"), m_command);
    form->addRow(tr("GPUs (--gpus):"), m_gpus);
    form->addRow(tr("Micro-batches:"), m_microBatches);
    form->addRow(tr("Iterations:"), m_iters);
    form->addRow(tr("Layers per stage at most:"), m_maxLayers);
    form->addRow(tr("Largest message:"), m_maxBytes);
    form->addRow(QString(), m_check);
    form->addRow(tr("Output file:"), m_out);
    form->addRow(tr("Command line:"), m_commandLine);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_run, QDialogButtonBox::ActionRole);
    buttons->addButton(m_cancel, QDialogButtonBox::ActionRole);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_elsewhere);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_log, 1);
    layout->addWidget(buttons);

    auto changed = [this] { updateCommandLine(); };
    connect(m_command, &QComboBox::currentIndexChanged, this, [this] {
        const QString c = m_command->currentData().toString();
        m_out->setText(defaultOut(c));
        m_iters->setValue(c == QLatin1String("pipeline") ? 3 : 20);
        const bool pipeline = c == QLatin1String("pipeline"), collectives = c == QLatin1String("collectives");
        m_microBatches->setEnabled(pipeline);
        m_maxLayers->setEnabled(pipeline);
        m_maxBytes->setEnabled(collectives);
        m_check->setEnabled(collectives);
        updateCommandLine();
    });
    for (QLineEdit* e : { m_gpus, m_maxBytes, m_out })
        connect(e, &QLineEdit::textChanged, this, changed);
    for (QSpinBox* s : { m_microBatches, m_iters, m_maxLayers })
        connect(s, &QSpinBox::valueChanged, this, changed);
    connect(m_check, &QCheckBox::toggled, this, changed);
    connect(m_run, &QPushButton::clicked, this, &ProbeDialog::run);
    connect(m_cancel, &QPushButton::clicked, &m_runner, &engine::ProbeRunner::cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(&m_runner, &engine::ProbeRunner::lineReceived, m_log, &QPlainTextEdit::appendPlainText);
    connect(&m_runner, &engine::ProbeRunner::progress, this,
        [this](int done, int total, const QString& what, double secondsLeft) {
            m_progress->setRange(0, std::max(1, total));
            m_progress->setValue(done);
            m_status->setText(
                secondsLeft >= 0 ? tr("%1 — about %2 s left").arg(what).arg(secondsLeft, 0, 'f', 0) : what);
        });
    connect(&m_runner, &engine::ProbeRunner::failed, this, [this](const QString& message) {
        m_status->setText(message);
        m_log->appendPlainText(message);
    });
    connect(&m_runner, &engine::ProbeRunner::finished, this, [this](bool ok, const QString& path) {
        m_run->setEnabled(true);
        m_cancel->setEnabled(false);
        if (ok) {
            m_progress->setValue(m_progress->maximum());
            m_status->setText(tr("Done: %1").arg(path));
            emit outputReady(m_runCommand, path);
        }
    });
    m_command->setCurrentIndex(1);
    m_command->setCurrentIndex(0);
    queryDevices();
}

void ProbeDialog::showEvent(QShowEvent* event)
{
    QDialog::showEvent(event);
    // Never past the screen, whatever the log or a long message asks for.
    if (screen()) {
        setMaximumSize(screen()->availableGeometry().size());
        resize(size().boundedTo(screen()->availableGeometry().size()));
    }
}

void ProbeDialog::queryDevices()
{
    connect(&m_info, &engine::ProbeRunner::eventAvailable, this, [this](const QJsonObject& e) {
        if (e.value(QStringLiteral("event")).toString() != QLatin1String("info"))
            return;
        QStringList rows;
        for (const QJsonValue& d : e.value(QStringLiteral("devices")).toArray()) {
            const QJsonObject o = d.toObject();
            rows << tr("%1: %2, %3 GiB, %4 SMs, peers %5")
                        .arg(o.value(QStringLiteral("index")).toInt())
                        .arg(o.value(QStringLiteral("name")).toString())
                        .arg(o.value(QStringLiteral("memory_bytes")).toDouble() / double(1 << 30), 0, 'f', 0)
                        .arg(o.value(QStringLiteral("sms")).toInt())
                        .arg(o.value(QStringLiteral("peers")).toVariant().toStringList().join(QLatin1Char(',')));
        }
        m_devices->setText(rows.join(QLatin1Char('\n')) + QLatin1Char('\n')
            + tr("CUDA %1, NCCL %2")
                  .arg(e.value(QStringLiteral("cuda_runtime")).toString(), e.value(QStringLiteral("nccl")).toString()));
    });
    connect(&m_info, &engine::ProbeRunner::failed, this, [this](const QString& message) {
        m_log->appendPlainText(message);
        if (!m_info.foundNoGpu()) {
            m_devices->setText(message);
            return;
        }
        // A workstation without a GPU: nothing to run here, and where to go instead.
        m_devices->setText(tr("No NVIDIA GPU found here."));
        m_devices->setStyleSheet(QStringLiteral("font-weight: bold;"));
        m_run->setEnabled(false);
        m_run->setToolTip(tr("The probe measures real GPUs: run it on a GPU node"));
        m_elsewhere->setText(tr("Run the command line below on a GPU node, with the plan file beside it (plait-probe "
                                "comes with the package), then open what it writes here (Probe → Open Results…). "
                                "The log below says why nothing could run on this machine."));
        m_elsewhere->show();
    });
    connect(&m_info, &engine::ProbeRunner::finished, this, [this](bool ok) {
        if (ok && m_devices->text() == tr("Looking for GPUs…"))
            m_devices->setText(tr("The probe finished without listing any device."));
    });
    m_info.start({ QStringLiteral("info") }, 30000);
}

QStringList ProbeDialog::arguments() const
{
    const QString c = m_command->currentData().toString();
    QStringList a { c };
    if (!m_gpus->text().trimmed().isEmpty())
        a << QStringLiteral("--gpus") << m_gpus->text().trimmed();
    if (c == QLatin1String("pipeline") || c == QLatin1String("compute"))
        a << QStringLiteral("--plan") << m_planPath;
    if (c == QLatin1String("pipeline")) {
        a << QStringLiteral("--microbatches") << QString::number(m_microBatches->value());
        if (m_maxLayers->value() > 0)
            a << QStringLiteral("--max-layers") << QString::number(m_maxLayers->value());
    }
    if (c == QLatin1String("collectives")) {
        a << QStringLiteral("--max-bytes") << m_maxBytes->text().trimmed();
        if (m_check->isChecked())
            a << QStringLiteral("--check");
    }
    a << QStringLiteral("--iters") << QString::number(m_iters->value());
    a << QStringLiteral("--out") << m_out->text();
    return a;
}

bool ProbeDialog::canRun() const
{
    return m_run->isEnabled() || m_runner.isRunning();
}

void ProbeDialog::setCommand(const QString& command)
{
    const int i = m_command->findData(command);
    if (i >= 0)
        m_command->setCurrentIndex(i);
}

void ProbeDialog::updateCommandLine()
{
    m_commandLine->setText(m_runner.program() + QLatin1Char(' ') + arguments().join(QLatin1Char(' ')));
}

void ProbeDialog::run()
{
    if (m_runner.isRunning())
        return;
    m_log->clear();
    m_progress->setRange(0, 0); // busy until the first progress line
    m_runCommand = m_command->currentData().toString();
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_runner.start(arguments(), 6 * 3600 * 1000);
}

} // namespace plait::app
