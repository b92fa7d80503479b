#pragma once

#include <QLocale>

namespace plait::app {

// Installs Plait's translations and Qt's own (dialog buttons, the file dialog: Debian's qt6-translations-l10n) for
// the locale, owned by the application. Returns whether Plait's own were found for it.
bool installTranslations(const QLocale& locale);
// English's plural forms alone ("1 rank", "2 ranks"), the locale left as it is: the command line's default language.
void installEnglishPlurals();

} // namespace plait::app
