#!/usr/bin/env bash
# The probe's checks on a GPU machine, in one shot that cannot fail for an avoidable reason (issues 13 and 42;
# shared/notes/probe-review-2.md). Every step has a time limit, records its exit code and seconds, and a failure does
# not stop the steps after it; the probe gets --deadline 60. What comes back is three files in $OUT (default
# build/gpu-checks): summary.txt (the table and what it means), device-checks.log (everything printed) and
# probe-results.tgz (every output, no build tree, under the 16 MiB a returned file may have). Exits 1 when a required
# step failed.
#
# The libraries are found first, in their own step (Python wheels, then the toolkit: tests/gpu/find-gpu-libs.sh) and
# put on the library path. The probe: $PLAIT_PROBE_BIN, else build/probe-prebuilt/plait-probe (made beforehand by
# `tests/gpu/build-probe.sh --prebuilt build/probe-prebuilt`), used when its `info` step runs; otherwise built here
# by tests/gpu/build-probe.sh, and a run whose fallback build then works is not a failure (the summary says which
# binary ran). NCCL's own diagnostics (WARN; INIT and NET) go to the collectives' and pipeline's logs.
#
# PLAIT_CHECK_BUDGET (default 540 s) bounds the whole run. For the rehearsal on a machine without a GPU
# (tests/gpu/devicechecks): PLAIT_CHECK_LIMIT_CAP caps every limit,
# PLAIT_FIND_GPU_LIBS and PLAIT_PROBE_BUILD stand in for the library search and the fallback build (the latter is
# run as `$PLAIT_PROBE_BUILD DIR` and leaves DIR/plait-probe).
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
# The whole run's time: every step's limit is cut to what is left of it, so the summary and the archive are written
# before the device tool's 600 s per command end the call (the limits add up to 530 s, 800 s with the fallback build).
budget=${PLAIT_CHECK_BUDGET:-540}

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
  # Within the run's budget: a step gets what is left of it, and none when under 10 s are.
  local left=$((budget - SECONDS))
  if [ "$left" -lt 10 ]; then
    skip "$name" "$required" "the run's ${budget} s were spent"
    return 125
  fi
  [ "$seconds" -gt "$left" ] && seconds=$left
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

# skip NAME REQUIRED WHY: a step that cannot run, recorded as such.
skip() {
  rows+=("$(printf '%-12s %5s %6ss  %-8s %s' "$1" - 0 "$2" "skipped: $3")")
  [ "$2" = required ] && failed=1
  return 0
}

preflight() {
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,power.limit,driver_version --format=csv || true
  for tool in nvcc cmake ninja g++ python3; do
    printf '%s: ' "$tool"
    if command -v "$tool" > /dev/null 2>&1; then "$tool" --version 2>&1 | grep -m 1 -iE 'version|release|[0-9]+\.[0-9]+'; else echo "not found"; fi
  done
  return 0
}

# The library search writes its assignments whole or not at all: a search killed at its limit leaves none.
find_libs() {
  bash "${PLAIT_FIND_GPU_LIBS:-tests/gpu/find-gpu-libs.sh}" > "$work/libs.env.part"
  local rc=$?
  mv "$work/libs.env.part" "$work/libs.env"
  cat "$work/libs.env"
  return "$rc"
}

build() {
  if [ -n "${PLAIT_PROBE_BUILD:-}" ]; then
    $PLAIT_PROBE_BUILD "$work/build"
  else
    DEPS=$(dirname "$prebuilt")/deps bash tests/gpu/build-probe.sh "$work/build"
  fi
}

# What the probe binary loads, with the library path as the steps run it.
linkage() {
  echo "== linkage of $probe (LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-})"
  [ -x "$probe" ] && ldd "$probe" 2>&1 | sed 's/^/[ldd] /'
}

# The pipeline step passes only if stages that shared the GPU each had their own SMs: a green context each, or, where
# the driver refused green contexts, a cuBLAS SM-count target each (the probe says which in "sm_partitioning"). The
# probe writes TRACE.json compactly: plain text tools suffice, and the check needs no Python.
pipeline_had_own_sms() {
  local how sms targets
  how=$(grep -o '"sm_partitioning":"[^"]*"' "$work/TRACE.json" | head -n 1 | sed 's/.*:"//; s/"$//')
  sms=$(grep -o '"green_context_sms":\[[^]]*\]' "$work/TRACE.json" | head -n 1 | sed 's/.*\[//; s/\]//; s/,/ /g')
  targets=$(grep -o '"cublas_sm_targets":\[[^]]*\]' "$work/TRACE.json" | head -n 1 | sed 's/.*\[//; s/\]//; s/,/ /g')
  if ! grep -q '"stages_share_gpu":true' "$work/TRACE.json"; then
    echo "each stage on its own GPU"
    return 0
  fi
  # every_stage_has FIELD COUNTS: each stage's count is above 0
  every_stage_has() {
    for n in ${2:-0}; do
      if [ "$n" -le 0 ]; then
        echo "stages shared the GPU without SM partitioning: $1 [$2]"
        return 1
      fi
    done
  }
  if [ "$how" = cublas-sm-target ]; then
    every_stage_has cublas_sm_targets "$targets" || return 1
    echo "green contexts refused; stages on cuBLAS SM targets [${targets}]"
  else
    every_stage_has green_context_sms "$sms" || return 1
    echo "stages on their own SMs (green contexts): [${sms}]"
  fi
}

# probe-results.tgz: every output but the build tree; where that passes what a returned file may have (16 MiB), the
# largest outputs are left out one by one and named.
archive() {
  local tgz=$out/probe-results.tgz cap=$((15 * 1024 * 1024)) base
  base=$(basename "$work")
  local left=()
  while :; do
    local excludes=(--exclude="$base/build" --exclude="$base/libs.env.part")
    for f in "${left[@]}"; do excludes+=(--exclude="$base/$f"); done
    tar -czf "$tgz" -C "$(dirname "$work")" "${excludes[@]}" "$base"
    [ "$(stat -c %s "$tgz")" -le "$cap" ] && break
    local biggest
    biggest=$(cd "$work" && find . -path ./build -prune -o -type f -printf '%s %P\n' | sort -n | awk '{print $2}' \
      | grep -v -x -F "$(printf '%s\n' "${left[@]}")" | tail -n 1)
    [ -n "$biggest" ] || break
    left+=("$biggest")
  done
  echo "probe-results.tgz: $(($(stat -c %s "$tgz") / 1024)) KiB${left[*]:+, left out for size: ${left[*]}}"
}

main() {
  prebuilt=${PLAIT_PROBE_BIN:-$root/build/probe-prebuilt/plait-probe}
  probe=$prebuilt
  notes=()
  step preflight "$(limit 20)" optional - - -- bash -c "$(declare -f preflight); preflight"
  # The libraries found go on the library path, for the prebuilt binary and for a fresh build alike.
  step libs "$(limit 60)" optional "$work/libs.env" - -- bash -c "$(declare -f find_libs); work='$work'; find_libs"
  if [ -s "$work/libs.env" ]; then
    # shellcheck disable=SC1091
    source "$work/libs.env"
    export LD_LIBRARY_PATH=${PROBE_LIBRARY_PATH:-}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  else
    notes+=("no library search result: the probe runs with the loader's own path and its RUNPATH")
  fi
  linkage
  # The prebuilt binary is optional: what is required is a probe that runs, this one or one built here.
  step probe 30 optional - - -- "$probe" info
  local probe_rc=$?
  if [ "$probe_rc" -ne 0 ]; then
    local why
    # The loader's own words ("libcublas.so.13: cannot open shared object file: ..."), without the binary's path.
    why=$(grep -m 1 -E 'error while loading|cannot open shared object|not found|No such file' "$work/probe.out" \
      | sed 's/^.*error while loading shared libraries: //' | cut -c1-160)
    step build 240 required "$work/build/plait-probe" - -- bash -c "$(declare -f build); work='$work'; prebuilt='$prebuilt'; PLAIT_PROBE_BUILD='${PLAIT_PROBE_BUILD:-}'; build"
    probe=$work/build/plait-probe
    linkage
    if step info 30 required - - -- "$probe" info; then
      notes+=("the prebuilt probe did not run (${why:-exit $probe_rc}); the probe built here ran every step below")
    fi
  fi
  # The example e1 run on the GPU that is measured: compute predicts with the measured GPU's own catalog entry.
  gpu=$(grep -o '"name":"[^"]*"' "$work/probe.out" "$work/info.out" 2> /dev/null | head -n 1 | sed 's/.*"name":"//; s/"$//')
  sed -e 's/"A800-SXM4-80GB"/"H200-SXM-141GB"/; s/"nvlink3-a800"/"nvlink4-nvswitch"/; s/x 8 A800/x 8 H200 (probe check)/' \
    "$root/resources/examples/e1-70b-a800-pp4-tp8.plait.json" > "$work/plan.plait.json"
  echo "measured GPU: ${gpu:-unknown}"
  # Every GPU the machine shows (at most 8), so compute measures a GEMM beside a real all-reduce and collectives a
  # real link where there are two or more; one GPU: just it.
  local count gpus=0
  count=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU ' || true)
  [ "${count:-0}" -gt 8 ] && count=8
  for ((i = 1; i < ${count:-0}; i++)); do gpus+=",$i"; done
  if [ ! -x "$probe" ]; then
    for name in compute collectives pipeline; do skip "$name" required "no probe binary ran"; done
  else
    step compute 120 required "$work/COMPUTE.json" - -- \
      "$probe" compute --gpus "$gpus" --plan "$work/plan.plait.json" --soak 20 --deadline 60 --out "$work/COMPUTE.json"
    local nccl_debug=(env NCCL_DEBUG=WARN NCCL_DEBUG_SUBSYS=INIT,NET)
    step collectives 120 required "$work/LINKS.json" - -- "${nccl_debug[@]}" \
      "$probe" collectives --gpus "$gpus" --min-bytes 1K --max-bytes 1G --factor 4 --check --deadline 60 --out "$work/LINKS.json"
    step pipeline 90 required "$work/TRACE.json" pipeline_had_own_sms -- "${nccl_debug[@]}" \
      "$probe" pipeline --plan "$work/plan.plait.json" --gpus 0 --microbatches 16 --iters 2 --max-layers 4 --deadline 60 \
      --out "$work/TRACE.json"
  fi
  if [ -f tests/gpu/torch-reference.py ] && python3 -c 'import torch' > /dev/null 2>&1; then
    step torch 90 optional "$work/torch-reference.json" - -- \
      python3 tests/gpu/torch-reference.py --plan "$work/plan.plait.json" --out "$work/torch-reference.json"
  fi

  {
    echo "plait GPU checks, $(date -u +%Y-%m-%dT%H:%M:%SZ), GPU: ${gpu:-unknown}, GPUs: $gpus, probe: $probe"
    printf '%-12s %5s %7s  %-8s %s\n' step exit seconds kind "result"
    printf '%s\n' "${rows[@]}"
    for n in "${notes[@]}"; do echo "note: $n"; done
    archive
    if [ "$failed" -ne 0 ]; then echo "FAILED: a required step did not pass"; else echo "all required steps passed"; fi
  } | tee "$out/summary.txt"
  return "$failed"
}

main 2>&1 | tee "$out/device-checks.log"
status=${PIPESTATUS[0]}
rm -rf "$work"
exit "$status"
