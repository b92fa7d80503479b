#!/usr/bin/env bash
# Runs every libFuzzer target of the fuzz preset for SECONDS each (default 60) under ASan/UBSan, starting from the
# committed seed corpus and the target's dictionary (tests/fuzz/dict/). New inputs go to build/fuzz/corpus-*, crashes
# to build/fuzz/artifacts/; any finding fails the run. Usage: tests/fuzz/run-fuzzers.sh [SECONDS]
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
status=0
mkdir -p build/fuzz/artifacts
for bin in build/fuzz/bin/fuzz_*; do
  name=${bin##*/fuzz_}
  work=build/fuzz/corpus-$name
  mkdir -p "$work"
  echo "fuzz: $name for ${seconds}s"
  dict=()
  [ -f "tests/fuzz/dict/$name.dict" ] && dict=(-dict="tests/fuzz/dict/$name.dict")
  if ! UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
      "$bin" "$work" "tests/fuzz/corpus/$name" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/"$name"- \
      > "build/fuzz/$name.log" 2>&1; then
    echo "fuzz: $name FOUND A PROBLEM; reproducer in build/fuzz/artifacts/, log in build/fuzz/$name.log"
    tail -40 "build/fuzz/$name.log"
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build/fuzz/$name.log" | sed "s/^/fuzz: $name /"
  echo "fuzz: $name corpus $(ls "$work" "tests/fuzz/corpus/$name" | wc -l) files"
done
exit $status
