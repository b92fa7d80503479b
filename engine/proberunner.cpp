#include "proberunner.h"

#include "probeexit.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>

namespace plait::engine {

ProbeRunner::ProbeRunner(QObject* parent)
    : QObject(parent)
    , m_program(defaultProgram())
{
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_deadline.setSingleShot(true);
    m_kill.setSingleShot(true);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &ProbeRunner::readLines);
    connect(&m_process, &QProcess::finished, this, &ProbeRunner::processFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart) {
            m_noGpu = true;
            fail(tr("The probe could not be started: %1 (%2). Build it with CUDA and NCCL present, or set PLAIT_PROBE "
                    "to its path.")
                     .arg(m_program, m_process.errorString()));
        }
    });
    connect(&m_deadline, &QTimer::timeout, this, [this] {
        m_hung = true;
        cancel();
    });
    connect(&m_kill, &QTimer::timeout, this, [this] {
        if (isRunning())
            m_process.kill();
    });
}

ProbeRunner::~ProbeRunner()
{
    if (isRunning()) {
        m_process.disconnect(this);
        m_process.kill();
        m_process.waitForFinished(1000); // only at teardown: the child must not outlive us
    }
}

QString ProbeRunner::defaultProgram()
{
    const QString env = qEnvironmentVariable("PLAIT_PROBE");
    if (!env.isEmpty())
        return env;
    const QDir dir(QCoreApplication::applicationDirPath());
    const QString beside = dir.filePath(QStringLiteral("plait-probe"));
    return QFileInfo(beside).isExecutable() ? QFileInfo(beside).canonicalFilePath() : beside;
}

QString ProbeRunner::exitCodeText(int code)
{
    switch (code) {
    case probe::kUsage:
        return tr("the probe was called wrongly (exit code 2)");
    case probe::kNoDevice:
        return tr("no CUDA device or driver on this machine (exit code 3); the probe measures real GPUs only");
    case probe::kNcclError:
        return tr("NCCL failed or a rank hung (exit code 4)");
    case probe::kCudaError:
        return tr("a CUDA error (exit code 5)");
    case probe::kOutOfMemory:
        return tr("the GPU ran out of memory (exit code 6)");
    case probe::kCheckFailed:
        return tr("the results were wrong: the correctness check failed (exit code 7)");
    case probe::kOutputError:
        return tr("the probe measured but could not write its results file (exit code 8): free space or permission");
    default:
        return tr("the probe failed with exit code %1").arg(code);
    }
}

void ProbeRunner::start(const QStringList& arguments, int deadlineMs)
{
    if (isRunning())
        return;
    m_log.clear();
    m_out.clear();
    m_error.clear();
    m_failure.clear();
    m_garbage = 0;
    m_done = m_cancelled = m_hung = m_noGpu = false;
    const int out = int(arguments.indexOf(QStringLiteral("--out")));
    if (out >= 0 && out + 1 < arguments.size())
        m_out = arguments[out + 1];
    m_clock.start();
    if (deadlineMs > 0)
        m_deadline.start(deadlineMs);
    m_log << QStringLiteral("$ %1 %2").arg(m_program, arguments.join(QLatin1Char(' ')));
    m_process.start(m_program, arguments);
    emit started();
}

void ProbeRunner::cancel()
{
    if (!isRunning())
        return;
    m_cancelled = true;
    m_process.terminate();
    m_kill.start(m_graceMs);
}

void ProbeRunner::readLines()
{
    while (m_process.canReadLine())
        handleLine(m_process.readLine().trimmed());
}

void ProbeRunner::handleLine(const QByteArray& line)
{
    if (line.isEmpty())
        return;
    const QString text = QString::fromUtf8(line.left(2000));
    m_log << text;
    emit lineReceived(text);
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()
        || !doc.object().value(QStringLiteral("event")).isString()) {
        // Not the protocol: shown, counted, and the run is not trusted to have finished unless "done" follows.
        ++m_garbage;
        m_log << tr("(not a protocol line: ignored)");
        return;
    }
    const QJsonObject e = doc.object();
    const QString kind = e.value(QStringLiteral("event")).toString();
    if (kind == QLatin1String("progress")) {
        const int done = e.value(QStringLiteral("done")).toInt(), total = e.value(QStringLiteral("total")).toInt();
        const double elapsed = m_clock.elapsed() / 1000.0;
        const double left = done > 0 && total >= done ? elapsed * (total - done) / done : -1;
        emit progress(done, total, e.value(QStringLiteral("what")).toString(), left);
    } else if (kind == QLatin1String("done")) {
        m_done = true;
        const QString out = e.value(QStringLiteral("out")).toString();
        if (!out.isEmpty())
            m_out = out;
    } else if (kind == QLatin1String("error")) {
        m_error = e.value(QStringLiteral("message")).toString();
    } else {
        emit eventAvailable(e);
    }
}

void ProbeRunner::fail(const QString& message)
{
    m_deadline.stop();
    if (m_failure.isEmpty()) {
        m_failure = message;
        m_log << message;
        emit failed(message);
        emit finished(false, QString());
    }
}

void ProbeRunner::processFinished(int exitCode, QProcess::ExitStatus status)
{
    readLines();
    const QByteArray rest = m_process.readAll().trimmed(); // a last line without its newline
    if (!rest.isEmpty())
        handleLine(rest);
    m_deadline.stop();
    m_kill.stop();
    const QString detail = m_error.isEmpty() ? QString() : QStringLiteral(": ") + m_error;
    if (m_hung) {
        fail(tr("The probe did not finish within %1 s and was stopped; a GPU or a rank may hang.")
                 .arg(m_deadline.interval() / 1000.0, 0, 'f', 1));
    } else if (m_cancelled) {
        fail(tr("The probe run was cancelled."));
    } else if (status == QProcess::CrashExit) {
        fail(tr("The probe crashed after %n line(s) of output; nothing it measured was kept.", nullptr,
            int(m_log.size()) - 1));
    } else if (exitCode != 0) {
        m_noGpu = exitCode == 3;
        fail(tr("The probe stopped: %1%2").arg(exitCodeText(exitCode), detail));
    } else if (!m_done) {
        fail(m_garbage > 0 ? tr("The probe printed %n line(s) that are not its protocol and never said it was done.",
                 nullptr, m_garbage)
                           : tr("The probe exited without saying it was done."));
    } else if (!m_out.isEmpty() && !QFileInfo::exists(m_out)) {
        fail(tr("The probe said it wrote %1, but the file is not there.").arg(m_out));
    } else {
        emit finished(true, m_out);
    }
}

} // namespace plait::engine
