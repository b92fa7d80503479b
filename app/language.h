#pragma once

#include <QLocale>

namespace plait::app {

// Installs Plait's translations and Qt's own (dialog buttons, the file dialog: Debian's qt6-translations-l10n) for
// the locale, owned by the application. Returns whether Plait's own were found for it.
bool installTranslations(const QLocale& locale);

} // namespace plait::app
