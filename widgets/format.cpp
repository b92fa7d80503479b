#include "format.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

namespace plait::widgets {

QString formatNumber(double x, int significant)
{
    // Too large for its significant digits: whole, with digit grouping, not an exponent ("45,812", not "4.58e+04").
    if (std::abs(x) >= std::pow(10.0, std::max(significant, 1)) && std::abs(x) < 1e15)
        return QLocale().toString(qint64(std::llround(x)));
    return QLocale().toString(x, 'g', significant);
}

QString formatSeconds(double s)
{
    if (!std::isfinite(s))
        return QStringLiteral("—");
    if (s >= 1)
        return QCoreApplication::translate("plait::widgets", "%1 s").arg(QLocale().toString(s, 'f', 2));
    if (s >= 1e-3)
        return QCoreApplication::translate("plait::widgets", "%1 ms").arg(QLocale().toString(s * 1e3, 'f', 1));
    return QCoreApplication::translate("plait::widgets", "%1 µs").arg(QLocale().toString(s * 1e6, 'f', 1));
}

QString formatBytes(double bytes)
{
    const double gib = bytes / double(1ull << 30);
    if (gib >= 1)
        return QCoreApplication::translate("plait::widgets", "%1 GiB").arg(QLocale().toString(gib, 'f', 2));
    return QCoreApplication::translate("plait::widgets", "%1 MiB")
        .arg(QLocale().toString(bytes / double(1 << 20), 'f', 1));
}

QString formatPercent(double fraction)
{
    return QCoreApplication::translate("plait::widgets", "%1%").arg(QLocale().toString(100 * fraction, 'f', 1));
}

} // namespace plait::widgets
