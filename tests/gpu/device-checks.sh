#!/usr/bin/env bash
# The probe's checks on a GPU machine, in one shot that cannot fail for an avoidable reason (issue 13;
# shared/notes/probe-review.md, "A first-run plan"). Every step has a time limit, records its exit code and seconds,
# and a failure does not stop the steps after it; the probe gets --deadline 60. What comes back is three files in
# $OUT (default build/gpu-checks): summary.txt (the table), device-checks.log (everything printed) and
# probe-results.tgz (every output). Exits 1 when a required step failed.
#
# The probe: $PLAIT_PROBE_BIN, else build/probe-prebuilt/plait-probe (made beforehand by
# `tests/gpu/build-probe.sh --prebuilt build/probe-prebuilt`), used when its `info` step can run; otherwise built
# here by tests/gpu/build-probe.sh with the NCCL and cuBLAS found (toolkit, /usr, /opt or Python wheels) and the
# nlohmann/json copied beside the prebuilt binary. PLAIT_CHECK_LIMIT_CAP caps every limit (for tests).
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=${OUT:-$root/build/gpu-checks}
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Everything is written in a work folder outside $OUT, which gets only the three files (the device tool brings
# back at most a few).
work=$(mktemp -d "${TMPDIR:-/tmp}/plait-gpu-checks.XXXXXX")

rows=()
failed=0

# limit SECONDS: the step's limit, capped for tests.
limit() {
  local s=$1
  if [ -n "${PLAIT_CHECK_LIMIT_CAP:-}" ] && [ "$s" -gt "$PLAIT_CHECK_LIMIT_CAP" ]; then
    s=$PLAIT_CHECK_LIMIT_CAP
  fi
  echo "$s"
}

# step NAME LIMIT REQUIRED OUTPUT CHECK -- COMMAND...: runs COMMAND with a time limit (its output in
# $work/NAME.out, and in the log), then requires OUTPUT (a file, or -) to exist and CHECK (a shell function, or -)
# to pass. Records a row: step, exit code, seconds, required, what went wrong.
step() {
  local name=$1 seconds required=$3 output=$4 check=$5
  seconds=$(limit "$2")
  shift 6
  echo "== $name (limit ${seconds}s): $*"
  local start=$SECONDS rc note=""
  timeout -k 5 "$seconds" "$@" > "$work/$name.out" 2>&1
  rc=$?
  local took=$((SECONDS - start))
  sed "s/^/[$name] /" "$work/$name.out"
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    note="timed out after ${seconds}s"
  elif [ "$rc" -ne 0 ]; then
    note=$(grep -o '"message":"[^"]*"' "$work/$name.out" | tail -n 1 | cut -c12- | tr -d '"' | cut -c1-100)
    [ -n "$note" ] || note=$(tail -n 1 "$work/$name.out" | cut -c1-100)
  elif [ "$output" != "-" ] && [ ! -s "$output" ]; then
    rc=90
    note="exit 0 but no $(basename "$output")"
  elif [ "$check" != "-" ] && ! note=$("$check" 2>&1); then
    rc=91
  fi
  rows+=("$(printf '%-12s %5s %6ss  %-8s %s' "$name" "$rc" "$took" "$required" "${note:-ok}")")
  if [ "$rc" -ne 0 ] && [ "$required" = required ]; then
    failed=1
  fi
  return "$rc"
}

preflight() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,power.limit,driver_version --format=csv || true
  for tool in nvcc cmake ninja g++ python3; do
    printf '%s: ' "$tool"
    if command -v "$tool" > /dev/null 2>&1; then "$tool" --version 2>&1 | grep -m 1 -iE 'version|release|[0-9]+\.[0-9]+'; else echo "not found"; fi
  done
  bash tests/gpu/find-gpu-libs.sh > "$work/libs.env"
  cat "$work/libs.env"
  echo "probe binary: $probe"
  [ -x "$probe" ] && ldd "$probe"
  return 0
}

build() {
  DEPS=$(dirname "$prebuilt")/deps bash tests/gpu/build-probe.sh "$work/build"
}

# The pipeline step passes only if stages that shared the GPU each had their own SMs (the probe writes TRACE.json
# compactly: plain text tools suffice, and the check needs no Python).
pipeline_had_green_contexts() {
  local sms
  sms=$(grep -o '"green_context_sms":\[[^]]*\]' "$work/TRACE.json" | head -n 1 | sed 's/.*\[//; s/\]//; s/,/ /g')
  if grep -q '"stages_share_gpu":true' "$work/TRACE.json"; then
    for n in ${sms:-0}; do
      if [ "$n" -le 0 ]; then
        echo "stages shared the GPU without SM partitioning: green_context_sms [${sms}]"
        return 1
      fi
    done
  fi
  echo "stages on their own SMs: [${sms}]"
}

main() {
  prebuilt=${PLAIT_PROBE_BIN:-$root/build/probe-prebuilt/plait-probe}
  probe=$prebuilt
  step preflight "$(limit 20)" optional - - -- bash -c "$(declare -f preflight); work='$work'; probe='$probe'; preflight"
  # The libraries found go on the library path, for the prebuilt binary and for a fresh build alike.
  if [ -s "$work/libs.env" ]; then
    # shellcheck disable=SC1091
    source "$work/libs.env"
    export LD_LIBRARY_PATH=${PROBE_LIBRARY_PATH:-}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  fi
  if ! step probe 30 required - - -- "$probe" info; then
    # No working prebuilt binary: build one here, then ask it again.
    step build 240 required "$work/build/plait-probe" - -- bash -c "$(declare -f build); work='$work'; prebuilt='$prebuilt'; build"
    probe=$work/build/plait-probe
    step info 30 required - - -- "$probe" info
  fi
  # The example e1 run on the GPU that is measured: compute predicts with the measured GPU's own catalog entry.
  gpu=$(grep -o '"name":"[^"]*"' "$work/probe.out" "$work/info.out" 2> /dev/null | head -n 1 | sed 's/.*"name":"//; s/"$//')
  sed -e 's/"A800-SXM4-80GB"/"H200-SXM-141GB"/; s/"nvlink3-a800"/"nvlink4-nvswitch"/; s/x 8 A800/x 8 H200 (probe check)/' \
    "$root/resources/examples/e1-70b-a800-pp4-tp8.plait.json" > "$work/plan.plait.json"
  echo "measured GPU: ${gpu:-unknown}"
  step compute 120 required "$work/COMPUTE.json" - -- \
    "$probe" compute --gpus 0 --plan "$work/plan.plait.json" --soak 20 --deadline 60 --out "$work/COMPUTE.json"
  step collectives 120 required "$work/LINKS.json" - -- \
    "$probe" collectives --gpus 0 --min-bytes 1K --max-bytes 1G --factor 4 --check --deadline 60 --out "$work/LINKS.json"
  step pipeline 90 required "$work/TRACE.json" pipeline_had_green_contexts -- \
    "$probe" pipeline --plan "$work/plan.plait.json" --gpus 0 --microbatches 16 --iters 2 --max-layers 4 --deadline 60 \
    --out "$work/TRACE.json"
  if [ -f tests/gpu/torch-reference.py ] && python3 -c 'import torch' > /dev/null 2>&1; then
    step torch 90 optional "$work/torch-reference.json" - -- \
      python3 tests/gpu/torch-reference.py --plan "$work/plan.plait.json" --out "$work/torch-reference.json"
  fi

  {
    echo "plait GPU checks, $(date -u +%Y-%m-%dT%H:%M:%SZ), GPU: ${gpu:-unknown}, probe: $probe"
    printf '%-12s %5s %7s  %-8s %s\n' step exit seconds kind "result"
    printf '%s\n' "${rows[@]}"
    if [ "$failed" -ne 0 ]; then echo "FAILED: a required step did not pass"; else echo "all required steps passed"; fi
  } | tee "$out/summary.txt"
  return "$failed"
}

main 2>&1 | tee "$out/device-checks.log"
status=${PIPESTATUS[0]}
cp "$out/summary.txt" "$out/device-checks.log" "$work/" 2> /dev/null
tar -czf "$out/probe-results.tgz" -C "$(dirname "$work")" "$(basename "$work")"
rm -rf "$work"
exit "$status"
