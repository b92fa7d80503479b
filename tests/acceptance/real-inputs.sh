#!/usr/bin/env bash
# Runs every file of the shared acceptance corpus (../shared/real-inputs/, files other projects wrote; never copied
# into this project) through `plait import` as a user would: by its kind, by `import auto`, and for launch configs
# the round trip (import, export to the same framework, import again: the same model, parallel sizes and recipe).
# Prints one tab-separated line per file: kind, file, exit of the import, exit of import auto ("-" where auto does
# not apply), round trip ("same", "differs: …", or "-"), and what it imported to or why it was refused. The
# judgement of each line (right, refused for a good reason, refused wrongly, wrong) is an engineer's, in the issue.
# Usage: tests/acceptance/real-inputs.sh [PLAIT] [BASE_PLAN] [NODE_PLAN]; exits 77 without the corpus.
set -uo pipefail
cd "$(dirname "$0")/../.."
plait=${1:-build/default/bin/plait}
base=${2:-resources/examples/a1-one-node-dp8.plait.json}
nodeBase=${3:-resources/examples/g-7b-adam-one-gpu.plait.json} # node dumps: a plan small enough for any node
corpus=../shared/real-inputs
[ -d "$corpus" ] || { echo "no corpus at $corpus: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

summary() { # the import's one-line result
  python3 - "$1" "$2" <<'PY'
import json, sys
out, err = open(sys.argv[1]).read(), open(sys.argv[2]).read()
try:
    d = json.loads(out)
except Exception:
    lines = [l for l in (err or out).splitlines() if l.strip()]
    print((lines[-1] if lines else "(no output)")[:220]); sys.exit()
if "plan" in d:
    p = d["plan"]; m = p.get("model") or {}; par = p["parallel"]; t = p["training"]; c = p["cluster"]
    if "preset" in m: m = {"layers": "preset " + m["preset"]}
    moe = m.get("moe") or {}
    size = " ".join(f"{k.upper()} {par[k]}" for k in ("tp", "pp", "dp", "cp", "ep") if par.get(k, 1) != 1 or k in ("tp", "pp", "dp"))
    model = (f'{m.get("layers")}L h{m.get("hidden")} {m.get("heads")}/{m.get("kv_heads")}H v{m.get("vocab")} s{m.get("seq_len")}'
             if "hidden" in m else f'{m["layers"]} (the base plan\'s)')
    if moe.get("experts"): model += f' MoE {moe.get("experts")}x top{moe.get("top_k")}'
    print(f'{model}; {c["nodes"]}x{c["gpus_per_node"]}; {size}; {t["framework"]} {t["precision"]} ZeRO {t["zero_stage"]} '
          f'gb {t["global_batch"]} mb {t["micro_batch"]}; {len(d.get("not_modelled", []))} not modelled, '
          f'{len(d.get("launcher", []))} launcher; valid {d.get("valid")}' + ("" if d.get("valid") else f' ({d["errors"][0]["message"][:120]})'))
elif "nodes" in d or "cluster" in d:
    c = d.get("cluster") or {}
    print(f'{c.get("nodes")}x{c.get("gpus_per_node")} intra {c.get("intra_node")} inter {c.get("inter_node")}; notes {len(d.get("notes", []))}')
else:
    ops = [f'{o["op"]} {o["busbw_gbps"]:.1f} GB/s bus at {o["largest_bytes"]:.3g} B, alpha {o["alpha_us"]}' for r in d.get("results", d.get("measurements", [])) for o in r.get("ops", [])]
    print("; ".join(ops)[:220] or json.dumps(d)[:220])
PY
}

same() { # the model, parallel sizes and recipe of two plan files
  python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
diff = [k + "." + f for k in ("model", "parallel", "training") for f in sorted(set(a[k]) | set(b[k]))
        if f not in ("name", "source") and a[k].get(f) != b[k].get(f)]
print("same" if not diff else "differs: " + ", ".join(diff[:6]))
PY
}

for dir in megatron deepspeed torchtitan hf-config nccl-tests topology; do
  for f in "$corpus/$dir"/*; do
    [ -f "$f" ] || continue
    name=${f#$corpus/}
    case $dir in
      nccl-tests) kind=nccl-tests; plan=$base ;;
      topology) kind=topology; plan=$nodeBase ;;
      *) kind=$dir; plan=$base ;;
    esac
    "$plait" import "$kind" "$f" --plan "$plan" --json --out "$work/out.json" > "$work/o" 2> "$work/e"
    rc=$?
    auto=-
    trip=-
    case $dir in
      megatron|deepspeed|torchtitan)
        "$plait" import auto "$f" --plan "$plan" > /dev/null 2>&1
        auto=$?
        if [ $rc -eq 0 ] && [ -f "$work/out.json" ]; then
          ext=sh; [ $dir = deepspeed ] && ext=json; [ $dir = torchtitan ] && ext=toml
          if "$plait" export "$work/out.json" --to "$dir" --out "$work/again.$ext" > /dev/null 2> "$work/x" \
            && "$plait" import "$kind" "$work/again.$ext" --plan "$work/out.json" --out "$work/again.json" > /dev/null 2>> "$work/x"; then
            trip=$(same "$work/out.json" "$work/again.json")
          else
            trip="export refused: $(tail -1 "$work/x" | cut -c1-100)"
          fi
        fi ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$name" "$rc" "$auto" "$trip" "$(summary "$work/o" "$work/e")"
    rm -f "$work/out.json" "$work/again.json"
  done
done
