#pragma once

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

namespace plait::engine {

// Runs plait-probe as a child process and reads its JSON-lines protocol (shared/contracts/probe.md) without ever
// blocking the GUI thread. Every way a run can end has its own message: the binary missing, a crash, output that
// is not the protocol, a hang past the deadline, and each of the contract's exit codes.
class ProbeRunner : public QObject {
    Q_OBJECT
public:
    explicit ProbeRunner(QObject* parent = nullptr);
    ~ProbeRunner() override;

    // The probe installed beside the app (both in bin/, as the package and the build tree put them), or $PLAIT_PROBE.
    static QString defaultProgram();
    void setProgram(const QString& path) { m_program = path; }
    QString program() const { return m_program; }
    void setGracePeriod(int ms) { m_graceMs = ms; }

    // deadlineMs: the whole run; past it the probe is stopped and the run fails as a hang. 0 = none.
    void start(const QStringList& arguments, int deadlineMs = 0);
    void cancel(); // terminate, then kill after the grace period
    bool isRunning() const { return m_process.state() != QProcess::NotRunning; }
    QStringList log() const { return m_log; }
    QString outputPath() const { return m_out; }

    // The message for one of the contract's exit codes.
    static QString exitCodeText(int code);
    // Whether the last run ended because this machine has no GPU to measure: the contract's exit code 3 (no CUDA
    // device or driver), or no probe built here at all (it needs CUDA and NCCL).
    bool foundNoGpu() const { return m_noGpu; }

signals:
    void started();
    void lineReceived(const QString& line);
    // done of total, what is running, and an estimate of the seconds left (−1 while unknown).
    void progress(int done, int total, const QString& what, double secondsLeft);
    void eventAvailable(const QJsonObject& event); // info, result, fit, warning lines
    void failed(const QString& message);
    void finished(bool ok, const QString& outputPath);

private:
    void readLines();
    void handleLine(const QByteArray& line);
    void processFinished(int exitCode, QProcess::ExitStatus status);
    void fail(const QString& message);

    QProcess m_process;
    QTimer m_deadline, m_kill;
    QElapsedTimer m_clock;
    QString m_program;
    QStringList m_log;
    QString m_out, m_error, m_failure;
    int m_graceMs = 3000;
    int m_garbage = 0;
    bool m_done = false, m_cancelled = false, m_hung = false, m_noGpu = false;
};

} // namespace plait::engine
