#pragma once

#include <QByteArray>
#include <QString>
#include <functional>
#include <iosfwd>

namespace plait::engine {

// Every file Plait writes (plans, traces, pictures) goes through QSaveFile: the target is replaced only when
// every byte reached the disk, so a full disk, a kill or a failed encoder leaves the old file as it was.
// `write` streams into the temporary file; it returns false (or leaves `error` set) to give up.
bool writeFileAtomically(
    const QString& path, const std::function<bool(std::ostream&, QString* error)>& write, QString* error);
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace plait::engine
