#!/usr/bin/env python3
"""Writes the nccl-tests fixtures of this folder: synthetic runs in nccl-tests' own layouts (src/util.cu of
2.19, the 2.x layout without a root column, -J JSON version 3, mpirun/srun prefixes, NCCL INFO lines between),
with times from t = a + S*f/b. They test the reader; they are not measurements of any machine."""
import json, math, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
random.seed(7)

def bus_factor(op, n):
    return {"all_reduce": 2 * (n - 1) / n, "all_gather": (n - 1) / n, "reduce_scatter": (n - 1) / n,
            "alltoall": (n - 1) / n, "sendrecv": 1.0}[op]

def time_us(op, n, size, alpha_us, busbw):
    # bus bandwidth busbw reached at large sizes: t = alpha + size * factor / busbw
    return alpha_us + size * bus_factor(op, n) / (busbw * 1e9) * 1e6

def fmt(value, width):
    for f in ("%*.2f", "%*.1f", "%*.0f"):
        s = f % (width, value)
        if len(s) <= width:
            return s
    return "%*.1e" % (width, value)

def table(op, n, sizes, alpha_us, busbw, dtype="float", redop="sum", root=-1, noise=0.02, check=True, old=False):
    lines = []
    if old:
        lines.append("#                                                     out-of-place                       in-place")
        lines.append("#       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw  error")
        lines.append("#        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)")
    else:
        lines.append("#                                                              out-of-place                       in-place")
        lines.append("#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong")
        lines.append("#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)")
    total = 0
    for size in sizes:
        row = "%12d  %12d  %8s  %6s" % (size, size // 4, dtype, redop)
        if not old:
            row += "  %6d" % root
        for _ in range(2):
            t = time_us(op, n, size, alpha_us, busbw) * (1 + random.uniform(-noise, noise))
            alg = size / (t * 1e-6) / 1e9
            bus = alg * bus_factor(op, n)
            wrong = ("%6s" % "0e+00") if old else ("%6d" % 0 if check else "   N/A")
            row += "  %7s  %6s  %6s  %s" % (fmt(t, 7), fmt(alg, 6), fmt(bus, 6), wrong)
        total += bus
        lines.append(row)
    return lines, total / len(sizes)

def devices(hosts, per_host, gpu):
    out, rank = [], 0
    for h in hosts:
        for d in range(per_host):
            out.append("#  Rank %2d Group  0 Pid %6d on %10s device %2d [0000:%02x:00] %s" % (rank, 4000 + rank, h, d, 0x18 + 0x10 * d, gpu))
            rank += 1
    return out

def run(op, hosts, per_host, gpu, sizes, alpha_us, busbw, version=True, **kw):
    n = len(hosts) * per_host
    prog = op + "_perf"
    lines = []
    if version:
        lines.append("# nccl-tests version 2.19.6 (a0b82b2) nccl-headers=22703 nccl-library=22703")
        lines.append("# Collective test starting: " + prog)
    lines.append("# nThread 1 nGpus 1 minBytes %d maxBytes %d step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0" % (sizes[0], sizes[-1]))
    lines.append("#")
    lines.append("# Using devices")
    lines += devices(hosts, per_host, gpu)
    lines.append("#")
    kw.setdefault("redop", "none" if op == "alltoall" else "sum")
    rows, avg = table(op, n, sizes, alpha_us, busbw, **kw)
    lines += rows
    lines.append("# Out of bounds values : 0 OK")
    lines.append("# Avg bus bandwidth    : %g " % round(avg, 4))
    lines.append("#")
    if version:
        lines.append("# Collective test concluded: " + prog)
    lines.append("")
    return lines

sizes = [8 << i for i in range(0, 31, 2)]  # 8 B .. 8 GiB, factor 4
H100 = "NVIDIA H100 80GB HBM3"

# One H100 node, all-reduce over NVLink 4 with NVLS (nccl-tests reports ~480 GB/s busbw on HGX H100).
with open(os.path.join(HERE, "all_reduce_perf-1node-h100.txt"), "w") as f:
    f.write("\n".join(run("all_reduce", ["hgx-a01"], 8, H100, sizes, 20.0, 480.0)))

# Two H100 nodes, five collectives concatenated, mpirun --tag-output prefixes and NCCL INFO lines between.
lines = ["$ mpirun -np 16 --tag-output -x NCCL_DEBUG=INFO ./run-all.sh"]
for op, a, b in (("all_reduce", 45.0, 360.0), ("all_gather", 40.0, 350.0), ("reduce_scatter", 40.0, 345.0),
                 ("alltoall", 60.0, 48.0), ("sendrecv", 25.0, 45.0)):
    block = run(op, ["hgx-a01", "hgx-a02"], 8, H100, sizes[4:], a, b)
    block.insert(3, "hgx-a01:4001:4001 [0] NCCL INFO Channel 00/32 :    0   1   2   3   4   5   6   7")
    lines += ["[1,0]<stdout>:" + l for l in block]
with open(os.path.join(HERE, "nccl-tests-2node-h100.log"), "w") as f:
    f.write("\n".join(lines))

# The 2.x layout: no version line, no root column, "error" as a float; the file's name says the collective.
with open(os.path.join(HERE, "all_gather_perf-2x.txt"), "w") as f:
    f.write("\n".join(run("all_gather", ["dgx1"], 8, "Tesla V100-SXM2-32GB", sizes[:12], 15.0, 130.0, version=False, old=True)))

# Four nodes measured one by one (srun -l prefixes): node c04's all-reduce runs at half its peers' rate.
lines = []
for h in ("c01", "c02", "c03", "c04"):
    lines += ["0: " + l for l in run("all_reduce", [h], 8, H100, sizes[8:], 20.0, 240.0 if h == "c04" else 480.0)]
with open(os.path.join(HERE, "all_reduce_perf-per-node.log"), "w") as f:
    f.write("\n".join(lines))

# Two nodes whose all-reduce across the fabric runs at a third of the rate (a NIC link trained down, say).
with open(os.path.join(HERE, "all_reduce_perf-2node-slow.txt"), "w") as f:
    f.write("\n".join(run("all_reduce", ["hgx-b01", "hgx-b02"], 8, H100, sizes[6:], 45.0, 120.0)))

# -J JSON (version 3), as nccl-tests writes it.
results = []
for size in sizes[6:]:
    t = time_us("all_reduce", 16, size, 45.0, 360.0)
    alg = size / (t * 1e-6) / 1e9
    side = {"time": t, "alg_bw": alg, "bus_bw": alg * bus_factor("all_reduce", 16), "nwrong": 0.0}
    results.append({"size": size, "count": size // 4, "type": "float", "redop": "sum", "root": "    -1",
                    "out_of_place": side, "in_place": dict(side)})
doc = {"version": 3, "start_time": "2026-11-30 14:02:11", "args": ["/opt/nccl-tests/build/all_reduce_perf", "-b", "512", "-e", "8G", "-f", "4", "-J", "ar.json"],
       "env": [], "nccl_version": 22703,
       "config": {"nthreads": 1, "ngpus": 1, "minimum_bytes": 512, "maximum_bytes": 8589934592, "step_factor": 4,
                  "warmup_iters": 5, "iterations": 20, "aggregated_iterations": 1, "validation": 1, "graph": 0,
                  "blocking_collectives": False, "per_iter_timing": False, "per_iter_skip": 0, "parallel_init": False},
       "devices": [{"rank": r, "group": 0, "pid": 4000 + r, "hostname": "hgx-a0%d" % (1 + r // 8), "device": r % 8,
                    "device_hex": "0000:%02x:00" % (0x18 + 0x10 * (r % 8)), "device_info": H100} for r in range(16)],
       "results": results, "out_of_bounds": {"count": 0, "okay": True},
       "average_bus_bandwidth": {"bandwidth": 201.3, "okay": "unchecked"}, "end_time": "2026-11-30 14:03:40"}
with open(os.path.join(HERE, "all_reduce_perf-2node.json"), "w") as f:
    json.dump(doc, f, indent=1)
