#!/usr/bin/env python3
"""Reference figures from PyTorch on the GPU the probe measures (tests/gpu/device-checks.sh, optional step).

What the probe cannot yet measure itself, and what tells whether its own figures are right:
  - a GEMM on normal random data, on the probe's old fill pattern and on zeros (data changes power and clocks);
  - fused attention forward and backward (cuDNN and flash backends of scaled_dot_product_attention) at the plan's
    shapes per GPU: causal, grouped-query, the plan's head size;
  - a GEMM alone and beside a device-to-device copy on another stream.
Each figure is the median of timed iterations after a soak. Written as JSON (--out). Nothing here is a guess: a
backend that cannot run says so in the output.
"""
import argparse
import json
import math
import os
import statistics
import sys
import time


def model_of(plan, root):
    model = plan["model"]
    if "preset" in model:
        presets = json.load(open(os.path.join(root, "resources", "models", "presets.json")))
        found = [m for m in presets["models"] if m["id"] == model["preset"]]
        if not found:
            raise SystemExit("unknown preset " + model["preset"])
        return dict(found[0], **{k: v for k, v in model.items() if k == "seq_len"})
    return model


def timed(torch, fn, seconds=0.2, soak=0.0):
    """Median, p10 and p90 of per-iteration times in microseconds, each iteration between two CUDA events."""
    end = time.time() + soak
    while time.time() < end:
        fn()
    torch.cuda.synchronize()
    t0 = time.time()
    fn()
    torch.cuda.synchronize()
    once = max(time.time() - t0, 1e-6)
    n = max(5, min(500, int(seconds / once)))
    events = [torch.cuda.Event(enable_timing=True) for _ in range(n + 1)]
    events[0].record()
    for i in range(n):
        fn()
        events[i + 1].record()
    torch.cuda.synchronize()
    us = sorted(events[i].elapsed_time(events[i + 1]) * 1e3 for i in range(n))
    return {"median_us": statistics.median(us), "p10_us": us[n // 10], "p90_us": us[(9 * n) // 10], "iterations": n}


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plan", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--soak", type=float, default=5.0)
    args = parser.parse_args()
    import torch
    import torch.nn.functional as F

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    plan = json.load(open(args.plan))
    model = model_of(plan, root)
    par = plan.get("parallel", {})
    tp, cp = par.get("tp", 1), par.get("cp", 1)
    mb = plan.get("training", {}).get("micro_batch", 1)
    dev = torch.device("cuda:0")
    out = {"format": "plait-torch-reference/1", "torch": torch.__version__, "cuda": torch.version.cuda,
           "gpu": torch.cuda.get_device_name(0), "memory_bytes": torch.cuda.get_device_properties(0).total_memory,
           "cudnn": torch.backends.cudnn.version(), "plan": args.plan, "soak_s": args.soak}

    # GEMM 8192³ bf16 on three kinds of data.
    n = 8192
    flops = 2.0 * n ** 3
    gemms = {}
    g = torch.Generator(device=dev).manual_seed(2026)
    fills = {
        "normal": lambda: torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=g),
        "pattern_k_over_64": lambda: ((torch.arange(n * n, device=dev) % 17 - 8).to(torch.bfloat16) / 64).view(n, n),
        "zeros": lambda: torch.zeros(n, n, device=dev, dtype=torch.bfloat16),
    }
    for name, make in fills.items():
        a, b = make(), make()
        t = timed(torch, lambda: torch.matmul(a, b), soak=args.soak if name == "normal" else 1.0)
        t["tflops"] = flops / (t["median_us"] * 1e-6) / 1e12
        gemms[name] = t
    out["gemm_8192"] = gemms

    # Attention at the plan's shapes per GPU: heads and KV heads split by TP, the local sequence against all keys.
    heads, kv = model["heads"], model.get("kv_heads", model["heads"])
    d = model.get("head_dim") or model["hidden"] // heads
    s = model["seq_len"]
    hq, hkv = max(1, heads // tp), max(1, kv // tp) if kv >= tp else 1
    q = torch.randn(mb, hq, s // cp, d, device=dev, dtype=torch.bfloat16, requires_grad=True)
    k = torch.randn(mb, hkv, s, d, device=dev, dtype=torch.bfloat16, requires_grad=True)
    v = torch.randn(mb, hkv, s, d, device=dev, dtype=torch.bfloat16, requires_grad=True)
    causal_fwd_flops = 4.0 * mb * hq * (s // cp) * s * d / 2  # QKᵀ and PV over the causal half
    shape = {"batch": mb, "heads": hq, "kv_heads": hkv, "queries": s // cp, "keys": s, "head_dim": d, "causal": True}
    attention = []
    from torch.nn.attention import SDPBackend, sdpa_kernel
    for name, backend in (("cudnn", SDPBackend.CUDNN_ATTENTION), ("flash", SDPBackend.FLASH_ATTENTION)):
        row = dict(shape, backend=name)
        try:
            with sdpa_kernel(backend):
                fwd = lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=hq != hkv)
                o = fwd()
                grad = torch.randn_like(o)
                tf = timed(torch, fwd, soak=1.0)
                tb = timed(torch, lambda: torch.autograd.grad(fwd(), (q, k, v), grad))
            # the backward as timed includes a forward; 2.5× the forward's FLOPs is FlashAttention-2's count
            row.update(forward_us=tf["median_us"], forward_p10_us=tf["p10_us"], forward_p90_us=tf["p90_us"],
                       forward_and_backward_us=tb["median_us"], forward_and_backward_p10_us=tb["p10_us"],
                       forward_and_backward_p90_us=tb["p90_us"],
                       forward_tflops=causal_fwd_flops / (tf["median_us"] * 1e-6) / 1e12,
                       forward_and_backward_tflops=3.5 * causal_fwd_flops / (tb["median_us"] * 1e-6) / 1e12)
        except Exception as e:  # a backend the build or the shape does not support
            row["unavailable"] = str(e)[:300]
        attention.append(row)
    out["attention"] = attention

    # A GEMM beside a device copy on another stream.
    a = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=g)
    b = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=g)
    src = torch.empty(1 << 28, device=dev, dtype=torch.float32)
    dst = torch.empty_like(src)
    side = torch.cuda.Stream()
    alone = timed(torch, lambda: torch.matmul(a, b))

    def copy_once():
        with torch.cuda.stream(side):
            dst.copy_(src)

    copy = timed(torch, lambda: dst.copy_(src))  # on the timed stream: its events see the copy
    # Enough 1 GiB copies per GEMM to outlast it (one covered about a third of an 8192³ GEMM on an H200), so the
    # whole GEMM runs beside a copy (probe-review-2 N13).
    copies = max(1, math.ceil(alone["median_us"] / max(copy["median_us"], 1e-3)) + 1)

    def together():
        for _ in range(copies):
            copy_once()
        torch.matmul(a, b)

    beside = timed(torch, together)
    out["gemm_beside_copy"] = {"alone": alone, "copy_alone": copy, "copies_per_gemm": copies,
                               "beside_1GiB_copies": beside,
                               "slowdown": beside["median_us"] / alone["median_us"]}
    with open(args.out + ".tmp", "w") as f:
        json.dump(out, f, indent=1)
    os.replace(args.out + ".tmp", args.out)
    print(json.dumps({"event": "done", "out": args.out}))


if __name__ == "__main__":
    sys.exit(main())
