#!/usr/bin/env bash
# Runs every libFuzzer target of the fuzz preset for SECONDS each (default 60) under ASan/UBSan, starting from the
# committed seed corpus, the real files of ../shared/real-inputs/ where that folder is beside the checkout (read as
# seeds, never copied into the project), and the target's dictionary (tests/fuzz/dict/); inputs up to 256 KiB. New
# inputs go to build/fuzz/corpus-*, crashes
# to build/fuzz/artifacts/; any finding fails the run. Each target is one process on one core, so JOBS of them (default:
# the number of cores) run side by side; each still gets its full SECONDS.
# Usage: tests/fuzz/run-fuzzers.sh [SECONDS] [JOBS]
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
jobs=${2:-$(nproc)}
mkdir -p build/fuzz/artifacts

shopt -s nullglob
bins=(build/fuzz/bin/fuzz_*)
if [ ${#bins[@]} -eq 0 ]; then
  echo "fuzz: no targets in build/fuzz/bin (run: cmake --workflow --preset fuzz)"
  exit 1
fi

# One target: its findings and figures go to build/fuzz/NAME.summary, printed once all are done so they do not interleave.
fuzz_one() {
  local bin=$1 name=${1##*/fuzz_}
  local work=build/fuzz/corpus-$name log=build/fuzz/$name.log summary=build/fuzz/$name.summary
  mkdir -p "$work"
  local dict=()
  [ -f "tests/fuzz/dict/$name.dict" ] && dict=(-dict="tests/fuzz/dict/$name.dict")
  local real=()
  for d in ${real_inputs[$name]:-}; do
    [ -d "../shared/real-inputs/$d" ] && real+=("../shared/real-inputs/$d")
  done
  local status=0
  {
    echo "fuzz: $name for ${seconds}s"
    if ! UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
        "$bin" "$work" "tests/fuzz/corpus/$name" "${real[@]}" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/"$name"- \
        > "$log" 2>&1; then
      echo "fuzz: $name FOUND A PROBLEM; reproducer in build/fuzz/artifacts/, log in $log"
      tail -40 "$log"
      status=1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log" | sed "s/^/fuzz: $name /"
    echo "fuzz: $name corpus $(ls "$work" "tests/fuzz/corpus/$name" | wc -l) files"
  } > "$summary"
  return $status
}

# The real-inputs folders each target reads as seeds (the launch target's first byte picks the format, so raw files
# seed it as whichever format their first byte names; they still carry each format's real structure).
declare -A real_inputs=([launchconfig]="megatron deepspeed torchtitan hf-config" [hfconfig]="hf-config"
  [nccltests]="nccl-tests" [topology]="topology")

status=0
running=0
for bin in "${bins[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
  fuzz_one "$bin" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
for bin in "${bins[@]}"; do
  cat "build/fuzz/${bin##*/fuzz_}.summary"
done
echo "fuzz: ${#bins[@]} targets, ${seconds}s each, $jobs at a time: $([ $status -eq 0 ] && echo nothing found || echo FAILED)"
exit $status
