#include "atomicfile.h"

#include <QSaveFile>
#include <ostream>
#include <streambuf>

namespace plait::engine {

namespace {
// A std::ostream onto a QIODevice, in 64 KiB chunks.
class DeviceBuffer : public std::streambuf {
public:
    explicit DeviceBuffer(QIODevice& device)
        : m_device(device)
    {
        setp(m_buffer, m_buffer + sizeof m_buffer);
    }
    bool ok() const { return m_ok; }

protected:
    int_type overflow(int_type c) override
    {
        if (!flush())
            return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return flush() ? 0 : -1; }

private:
    // A short write is not an error to Qt; writing the rest makes the system say why it stopped.
    bool flush()
    {
        const char* p = pbase();
        qint64 n = pptr() - pbase();
        while (m_ok && n > 0) {
            const qint64 w = m_device.write(p, n);
            if (w <= 0)
                m_ok = false;
            else
                p += w, n -= w;
        }
        setp(m_buffer, m_buffer + sizeof m_buffer);
        return m_ok;
    }
    QIODevice& m_device;
    char m_buffer[1 << 16];
    bool m_ok = true;
};
}

bool writeFileAtomically(
    const QString& path, const std::function<bool(std::ostream&, QString* error)>& write, QString* error)
{
    QSaveFile file(path);
    // Unbuffered: DeviceBuffer already writes in 64 KiB chunks, and QSaveFile's own buffer would hold back the
    // last write until commit(), whose flush error Qt does not report (a full disk then left a 0-byte file).
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) {
        *error = file.errorString();
        return false;
    }
    DeviceBuffer buffer(file);
    std::ostream out(&buffer);
    QString why;
    const bool wrote = write(out, &why) && out.flush() && buffer.ok() && why.isEmpty();
    // Read the device's error before cancelWriting(), which replaces it with "Writing canceled by application".
    const bool deviceFailed = !file.flush() || file.error() != QFileDevice::NoError;
    if (!wrote || deviceFailed) {
        const QString deviceWhy = deviceFailed || !buffer.ok() ? file.errorString() : QString();
        file.cancelWriting();
        *error = !why.isEmpty()    ? why
            : !deviceWhy.isEmpty() ? deviceWhy
                                   : QStringLiteral("the output could not be produced");
        return false;
    }
    if (!file.commit()) {
        *error = file.errorString();
        return false;
    }
    return true;
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    return writeFileAtomically(
        path,
        [&](std::ostream& out, QString* why) {
            if (bytes.isEmpty()) {
                *why = QStringLiteral("nothing to write: the output is empty");
                return false;
            }
            out.write(bytes.constData(), bytes.size());
            return bool(out);
        },
        error);
}

} // namespace plait::engine
