#include "translatedtext.h"

#include <QCoreApplication>
#include <QStringList>

namespace plait::widgets {

namespace {
// The template of `key` in the user's language, filled with `filled` as given; the key itself without a template.
QString filledTranslation(std::string_view key, const std::vector<std::string>& filled)
{
    const char* text = messageTemplate(key);
    if (!text)
        return QString::fromUtf8(key.data(), qsizetype(key.size()));
    return QString::fromStdString(fillTemplate(QCoreApplication::translate("Messages", text).toStdString(), filled));
}
}

QString translatedText(std::string_view key, const std::vector<std::string>& args)
{
    // Names of memory terms inside a message ("the largest term is weights") are said in the user's language too.
    std::vector<std::string> said = args;
    for (std::string& a : said)
        if (const char* term = messageTemplate("term:" + a))
            a = QCoreApplication::translate("Messages", term).toStdString();
    return filledTranslation(key, said);
}

QString translatedText(const Message& m)
{
    if (m.parts.empty())
        return translatedText(m.key, m.args);
    // The parts said in the user's language first, then placed like arguments.
    std::vector<std::string> filled;
    for (const Message& part : m.parts)
        filled.push_back(translatedText(part).toStdString());
    filled.insert(filled.end(), m.args.begin(), m.args.end());
    return filledTranslation(m.key, filled);
}

QString explanationText(const Explanation& e)
{
    QStringList lines;
    for (const ExplainLine& line : e) {
        QString text;
        for (const Message& m : line)
            text += translatedText(m);
        lines << text;
    }
    return lines.join(QLatin1Char('\n'));
}

QString warningText(const Warning& w)
{
    const std::string key = warningKey(w.code, w.args);
    const QString text
        = messageTemplate(key) ? translatedText(key, w.args) : QString::fromStdString(w.message); // a code too new
    return QStringLiteral("[%1] %2").arg(QString::fromStdString(w.code), text);
}

QString issueMessage(const Issue& i)
{
    const std::string key = "issue:" + i.code;
    return !i.code.empty() && messageTemplate(key) ? translatedText(key, i.args) : QString::fromStdString(i.message);
}

QString issueText(const Issue& i)
{
    return i.field.empty() ? issueMessage(i) : QString::fromStdString(i.field) + QStringLiteral(": ") + issueMessage(i);
}

} // namespace plait::widgets
