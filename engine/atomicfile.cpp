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
    bool flush()
    {
        const qint64 n = pptr() - pbase();
        if (n > 0 && m_device.write(pbase(), n) != n)
            m_ok = false;
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
    if (!file.open(QIODevice::WriteOnly)) {
        *error = file.errorString();
        return false;
    }
    DeviceBuffer buffer(file);
    std::ostream out(&buffer);
    QString why;
    const bool wrote = write(out, &why) && out.flush() && buffer.ok() && why.isEmpty();
    if (!wrote) {
        file.cancelWriting();
        *error = !why.isEmpty() ? why : file.errorString();
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
