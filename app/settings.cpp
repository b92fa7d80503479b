#include "settings.h"

#include <QSettings>

namespace plait::app::settings {

namespace {
const QString kLanguage = QStringLiteral("language");
const QString kRecent = QStringLiteral("recentFiles");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
}

QString language()
{
    return QSettings().value(kLanguage).toString();
}

void setLanguage(const QString& code)
{
    QSettings().setValue(kLanguage, code);
}

QStringList recentFiles()
{
    return QSettings().value(kRecent).toStringList();
}

void addRecentFile(const QString& path)
{
    QStringList recent = recentFiles();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kRecentFiles)
        recent.removeLast();
    QSettings().setValue(kRecent, recent);
}

QByteArray windowGeometry()
{
    return QSettings().value(kGeometry).toByteArray();
}

QByteArray windowState()
{
    return QSettings().value(kState).toByteArray();
}

void setWindowLayout(const QByteArray& geometry, const QByteArray& state)
{
    QSettings settings;
    settings.setValue(kGeometry, geometry);
    settings.setValue(kState, state);
}

} // namespace plait::app::settings
