#!/bin/bash
# Every writer of the program on a full filesystem (issue 39 A): each must exit non-zero, name the system's reason
# ("No space left on device"), keep the file it would have replaced byte for byte, and leave no temporary file.
# Mounts a small tmpfs, so it needs root (CI runs as root); elsewhere it is skipped (exit 77) unless CI is set.
# Usage: disk-full.sh BUILD_DIR SOURCE_DIR
set -u
BIN=$1/bin/plait
SRC=$2
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
D=$(mktemp -d)
trap 'umount "$D" 2>/dev/null; rmdir "$D"' EXIT
if ! mount -t tmpfs -o size=512k tmpfs "$D" 2>/dev/null; then
    echo "cannot mount a tmpfs here (needs root)"
    [ -n "${CI:-}" ] && exit 1
    exit 77
fi
PLAN=$SRC/resources/examples/b-four-nodes-tp4-pp2-dp2.plait.json
A1=$SRC/resources/examples/a1-one-node-dp8.plait.json
T=$SRC/tests/data
GOOD=$(mktemp)
printf '%s\n' '{"a good file": "from an earlier run, which a failed write must not replace"}' >"$GOOD"
failures=0
check() { # the target's name, then the command's arguments
    local name=$1
    shift
    rm -rf "${D:?}"/*
    cp "$GOOD" "$D/$name"
    dd if=/dev/zero of="$D/fill" bs=4k 2>/dev/null # until the filesystem is full
    "$BIN" "$@" >"$D.out" 2>"$D.err"
    local rc=$? why=""
    [ $rc -ne 0 ] || why="exit 0"
    cmp -s "$GOOD" "$D/$name" || why="$why; $name was replaced ($(stat -c %s "$D/$name") bytes)"
    grep -q "No space left on device" "$D.err" || why="$why; the message does not name the cause: $(tail -c 200 "$D.err")"
    local left
    left=$(ls -A "$D" | grep -v -x -e "$name" -e fill)
    [ -z "$left" ] || why="$why; left behind: $left"
    if [ -n "$why" ]; then
        echo "FAIL plait $*: ${why#; }"
        failures=$((failures + 1))
    else
        echo "ok   plait $* (exit $rc: $(grep -m1 'No space' "$D.err" | cut -c1-120))"
    fi
}
check p.plait.json import hf-config "$T/hf/llama3-8b.config.json" --plan "$PLAN" --out "$D/p.plait.json"
check p.plait.json import megatron "$T/launch/megatron-llama3-70b.args" --plan "$PLAN" --out "$D/p.plait.json"
check p.plait.json import deepspeed "$T/launch/deepspeed-zero1.json" --plan "$PLAN" --out "$D/p.plait.json"
check p.plait.json import torchtitan "$T/launch/torchtitan-llama3-8b.toml" --plan "$PLAN" --out "$D/p.plait.json"
check p.plait.json import auto "$T/launch/torchtitan-llama3-8b.toml" --plan "$PLAN" --out "$D/p.plait.json"
check p.plait.json import topology "$T/topology/smi-dgx-a100.txt" --plan "$A1" --out "$D/p.plait.json"
check p.plait.json import nccl-tests "$T/nccltests/all_reduce_perf-1node-h100.txt" --plan "$A1" --out "$D/p.plait.json"
check run.sh export "$PLAN" --to megatron --out "$D/run.sh"
check ds.json export "$PLAN" --to deepspeed --out "$D/ds.json"
check job.toml export "$SRC/resources/examples/g-7b-adam-one-gpu.plait.json" --to torchtitan --out "$D/job.toml"
check hosts export "$PLAN" --to hostfile --out "$D/hosts"
check trace.json timeline "$PLAN" --out "$D/trace.json"
check m.png render "$PLAN" --view memory --out "$D/m.png"
check m.svg render "$PLAN" --view gantt --out "$D/m.svg"
check m.pdf render "$PLAN" --view topology --out "$D/m.pdf"
check r.pdf report "$PLAN" --out "$D/r.pdf"
check r.html report "$PLAN" --out "$D/r.html"
rm -f "$GOOD" "$D.out" "$D.err"
echo "$failures writer(s) failed"
[ $failures -eq 0 ]
