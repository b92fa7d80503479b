#pragma once
// What Plait remembers between sessions, by name and type: the one place that knows the keys of QSettings.
#include <QByteArray>
#include <QString>
#include <QStringList>

namespace plait::app::settings {

// The interface language the user chose (View → Language), e.g. "zh_CN"; empty: the system's.
QString language();
void setLanguage(const QString& code);

// The plans opened last, newest first, at most kRecentFiles.
inline constexpr int kRecentFiles = 10;
QStringList recentFiles();
void addRecentFile(const QString& path);

// The main window's geometry and dock layout, as QMainWindow saves them.
QByteArray windowGeometry();
QByteArray windowState();
void setWindowLayout(const QByteArray& geometry, const QByteArray& state);

} // namespace plait::app::settings
