// A stand-in for plait-probe in tests (CI has no GPU): replays a recorded JSON-lines file and, on success, copies a
// recorded output to --out. PLAIT_FAKE_MODE picks the ending: ok, crash (abort half-way), garbage (a line that is
// not the protocol), hang (sleep past any deadline), or exit=N (the contract's error line and exit code N).
// Each setting may be given per command (PLAIT_FAKE_MODE_compute, PLAIT_FAKE_OUT_FROM_pipeline, ...), so one run
// of a script that calls several commands can see each end its own way. PLAIT_FAKE_ECHO_ENV names variables
// (comma-separated) whose values it prints to stderr first, so a test sees what environment the caller gave it.
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {
std::string command;

// PLAIT_FAKE_<NAME>_<command> when set, else PLAIT_FAKE_<NAME>.
const char* setting(const std::string& name)
{
    if (const char* own = std::getenv(("PLAIT_FAKE_" + name + "_" + command).c_str()))
        return own;
    return std::getenv(("PLAIT_FAKE_" + name).c_str());
}
}

int main(int argc, char** argv)
{
    command = argc > 1 ? argv[1] : "";
    const char* modeEnv = setting("MODE");
    const std::string mode = modeEnv ? modeEnv : "ok";
    const char* replay = setting("REPLAY");
    const char* outFrom = setting("OUT_FROM");
    std::string out;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--out")
            out = argv[i + 1];
    std::vector<std::string> lines;
    if (replay) {
        std::ifstream in(replay);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] != '#')
                lines.push_back(line);
    }
    if (const char* names = setting("ECHO_ENV")) {
        std::stringstream list(names);
        for (std::string name; std::getline(list, name, ',');) {
            const char* value = std::getenv(name.c_str());
            std::cerr << name << "=" << (value ? value : "(unset)") << std::endl;
        }
    }
    if (mode.rfind("exit=", 0) == 0) {
        const int code = std::atoi(mode.c_str() + 5);
        std::cout << R"({"event":"error","code":"fake","message":"recorded failure )" << code << "\"}" << std::endl;
        return code;
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (mode == "crash" && i == lines.size() / 2)
            std::abort();
        if (mode == "hang" && i == 1)
            std::this_thread::sleep_for(std::chrono::hours(1));
        if (mode == "garbage" && i == lines.size() / 2)
            std::cout << "Segmentation fault in libnccl? <binary \x01\x02>" << std::endl;
        if (mode == "garbage" && i + 1 == lines.size())
            break; // and never says done
        std::string line = lines[i];
        if (const auto at = line.find("$OUT"); at != std::string::npos)
            line.replace(at, 4, out);
        std::cout << line << std::endl;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (outFrom && !out.empty() && mode == "ok") {
        std::ifstream src(outFrom, std::ios::binary);
        std::ofstream dst(out, std::ios::binary);
        dst << src.rdbuf();
    }
    return 0;
}
