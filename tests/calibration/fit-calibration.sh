#!/usr/bin/env bash
# The one script that fits the cost model's calibration layer (issue 38): builds the fit tool, fits the named
# efficiencies of core/model/costcalibration.h on every published run in tests/data/validation (each source weighted
# equally), cross-validates leaving one source out, and writes resources/catalog/calibration.json.
# Usage: tests/calibration/fit-calibration.sh [BUILD_DIR]   (default build/default)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/default}
cmake --build "$build" --target plait-fit-calibration
"$build"/tests/plait-fit-calibration tests/data/validation resources/catalog/calibration.json.new
mv resources/catalog/calibration.json.new resources/catalog/calibration.json
echo "wrote resources/catalog/calibration.json; rebuild so the core embeds it"
