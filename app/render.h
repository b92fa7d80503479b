#pragma once

namespace plait::app {

// `plait render PLAN --view topology|memory|comm --out FILE.png|svg|pdf`: draws a view exactly as the window
// draws it (the same widgets, offscreen). Exit codes as the other headless commands.
bool isRenderCommand(const char* arg);
int runRender(int argc, char** argv);

} // namespace plait::app
