#!/usr/bin/env bash
# The GPU checks of the probe issue, in one run on a machine with an NVIDIA GPU, CUDA and NCCL under /usr/local/cuda:
# builds plait-probe, then runs info, compute (the plan's GEMM shapes), collectives (one rank, every op, checked)
# and pipeline (example e1: 4 stages sharing the one GPU through green contexts). Everything it prints and writes
# goes to $OUT (default build/gpu-checks); commit the outputs under tests/data/probe/ as recorded test data.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-build/gpu-checks}
mkdir -p "$out"
exec > >(tee "$out/device-checks.log") 2>&1
set -x
nvidia-smi || true
# Core and the probe only: a GPU machine needs CMake, a C++20 compiler and nlohmann/json, not Qt.
cmake -S . -B build/gpu -DCMAKE_BUILD_TYPE=Release -DPLAIT_PROBE_ONLY=ON -DPLAIT_WITH_PROBE=ON \
  -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build/gpu --target plait-probe -j "$(nproc)" || exit 1
probe=build/gpu/bin/plait-probe
plan=resources/examples/e1-70b-a800-pp4-tp8.plait.json
$probe info | tee "$out/info.jsonl"
$probe compute --gpus 0 --plan "$plan" --out "$out/COMPUTE.json" | tee "$out/compute.jsonl"
$probe collectives --gpus 0 --min-bytes 1K --max-bytes 1G --factor 4 --check --out "$out/LINKS.json" \
  | tee "$out/collectives.jsonl"
$probe pipeline --plan "$plan" --gpus 0 --microbatches 16 --iters 2 --max-layers 4 --out "$out/TRACE.json" \
  | tee "$out/pipeline.jsonl"
echo "exit codes: ${PIPESTATUS[*]}"
