// plait-probe: measures GPUs and links for Plait (contract: shared/contracts/probe.md). Every number it prints
// was measured with CUDA events on a real GPU; without one it exits 3 and says so.
#include "commands.h"

#include <iostream>

int main(int argc, char** argv)
{
    using namespace plait::probe;
    const World world = initWorld(&argc, &argv);
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        std::cerr << usage();
        finalizeWorld(world);
        return args.empty() ? kUsage : kOk;
    }
    int code = kOk;
    try {
        const Options o = parseOptions(args);
        if (o.command == "info")
            code = runInfo(o);
        else if (o.command == "collectives")
            code = runCollectives(o, world);
        else if (o.command == "compute")
            code = runCompute(o);
        else
            code = runPipeline(o);
    } catch (const ProbeError& e) {
        emitError(e);
        if (e.code == kUsage)
            std::cerr << usage();
        code = e.code;
    } catch (const std::exception& e) {
        emitError(ProbeError(kCudaError, "internal", e.what()));
        code = kCudaError;
    }
    finalizeWorld(world);
    return code;
}
