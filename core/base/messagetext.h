#pragma once
// Every sentence core says to a user, written once: a key with an English template whose %1…%9 are its arguments.
// Core fills a template in English (the command line, reports, logs); the Qt layers translate the same template
// (translation context "Messages") and fill it with the same arguments, so the two languages say the same thing.

#include "error.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace plait {

// A sentence to say: which template, with which numbers and names. An empty key says nothing.
struct Message {
    std::string key;
    std::vector<std::string> args;
    // Sentences said inside this one, in the same language: its first placeholders take them (%1 the first part),
    // the arguments follow (a template with two parts takes its first argument as %3).
    std::vector<Message> parts {};
    bool empty() const { return key.empty(); }
};

struct MessageTemplate {
    const char* key;
    const char* text; // English, %1…%9 for the arguments
};

std::span<const MessageTemplate> messageTemplates();
// The English template for `key`; nullptr when there is none.
const char* messageTemplate(std::string_view key);

// Puts args[i] for every %(i+1) in one pass (an argument's own text is not scanned again); a placeholder without an
// argument is left as it is.
std::string fillTemplate(std::string_view text, const std::vector<std::string>& args);

// The message in English, its parts said first; the key itself when the table has no such template.
std::string messageText(const Message& m);
std::string messageText(std::string_view key, const std::vector<std::string>& args = {});

// The template of a warning with this code and these arguments: "warning:" + code, but for "unknown-key", whose
// sentence depends on whether a likely key (args[1]) and its value (args[2]) were found.
std::string warningKey(std::string_view code, const std::vector<std::string>& args);

// A problem with `field`, said by the template "issue:" + code with these arguments.
Issue fieldIssue(std::string field, std::string code, std::vector<std::string> args = {});
// A problem said by `m`, whose key is "issue:" + its code.
Issue fieldIssue(std::string field, const Message& m);

} // namespace plait
