#pragma once
// Core's messages (messagetext.h) in the user's language: the same template translated (context "Messages") and
// filled with core's arguments. In English they read exactly as core writes them.
#include "error.h"
#include "evaluation.h"
#include "explain.h"
#include "messagetext.h"

#include <QString>

namespace plait::widgets {

QString translatedText(std::string_view key, const std::vector<std::string>& args = {});
QString translatedText(const Message& m);
// A formula pop-up's lines (evaluate/explain.h), each phrase in the user's language.
QString explanationText(const Explanation& e);
// "[code] text": the warning in the user's language.
QString warningText(const Warning& w);
// The problem's own text, in the user's language (without its field).
QString issueMessage(const Issue& i);
// "field: text", or the text alone when the problem is about no one field.
QString issueText(const Issue& i);

} // namespace plait::widgets
