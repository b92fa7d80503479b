#!/usr/bin/env bash
# plait-probe checks a plan before it looks for GPUs: a missing plan is a usage error (exit 2) naming the file, on a
# machine with or without a GPU, never "no CUDA device" (exit 3). Usage: plan-before-device.sh PLAIT_PROBE
probe=$1
for command in compute pipeline; do
  out=$("$probe" "$command" --plan /nonexistent/plan.plait.json --out /tmp/plait-probe-never-written.json 2>&1)
  code=$?
  if [ "$code" -ne 2 ] || ! grep -q '"code":"plan"' <<<"$out" || ! grep -q 'nonexistent/plan.plait.json' <<<"$out"; then
    echo "plait-probe $command with a missing plan: exit $code, output: $out"
    exit 1
  fi
done
echo "plan checked before devices: compute and pipeline exit 2 naming the file"
