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
    // A language Plait is not translated into reads English, with English's plurals ("1 rank", "2 ranks").
    if (found)
        QCoreApplication::installTranslator(plait);
    else
        installEnglishPlurals();
    return found;
}

void installEnglishPlurals()
{
    auto* plurals = new QTranslator(QCoreApplication::instance());
    if (plurals->load(QStringLiteral(":/i18n/plait_en.qm")))
        QCoreApplication::installTranslator(plurals);
}

} // namespace plait::app
