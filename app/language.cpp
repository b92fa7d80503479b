#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace plait::app {

bool installTranslations(const QLocale& locale)
{
    QLocale::setDefault(locale); // dates and numbers in the chosen language too, not the system's
    auto* qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    auto* plait = new QTranslator(QCoreApplication::instance());
    const bool found = plait->load(locale, QStringLiteral("plait"), QStringLiteral("_"), QStringLiteral(":/i18n"));
    if (found)
        QCoreApplication::installTranslator(plait);
    return found;
}

} // namespace plait::app
