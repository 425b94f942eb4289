#!/usr/bin/env python3
"""Two or more builds of codec_bench compared on the same benchmarks: a change's A/B test.

Timings on a shared machine drift by more than a micro-optimization moves them, so the
builds run interleaved, round by round, the order reversed every other round (drift
then weighs on every build alike), and each benchmark reports the median of its rounds
with the spread (lowest to highest, as a percentage of the median): a difference inside
the spread is noise. With --instructions the first build's and every other's
instructions per operation are counted too (callgrind, as instructions.py counts them:
AVX2 kernels), which the machine's noise does not move.

    cp build/bench/bench/codec/codec_bench /tmp/before    # then make the change, rebuild
    python3 bench/codec/compare_builds.py /tmp/before build/bench/bench/codec/codec_bench \\
        --filter '^parse/(twitter|canada|medium_object)/ujson$' --rounds 7 --instructions
"""

import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import instructions  # noqa: E402  (this directory's instructions.py)


def timed_round(binary, regex, min_time):
    cmd = [binary, "--benchmark_filter=" + regex, "--benchmark_min_time=" + str(min_time), "--benchmark_format=json"]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("compare_builds.py: %s failed:\n%s" % (" ".join(cmd), run.stderr[-2000:]))
    # A filter that matches nothing prints no JSON at all.
    found = json.loads(run.stdout)["benchmarks"] if run.stdout.strip() else []
    return {b["name"]: (b["real_time"], b["time_unit"]) for b in found}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("binaries", nargs="+", help="codec_bench builds; the first is the baseline")
    ap.add_argument("--filter", required=True, help="benchmark regex, e.g. '^parse/twitter/ujson$'")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--min-time", type=float, default=0.3, help="seconds per benchmark and round")
    ap.add_argument("--instructions", action="store_true", help="also count instructions per operation")
    args = ap.parse_args()
    if len(args.binaries) < 2:
        sys.exit("compare_builds.py: give at least two builds")

    times = collections.defaultdict(lambda: collections.defaultdict(list))
    units = {}
    for r in range(args.rounds):
        order = args.binaries if r % 2 == 0 else list(reversed(args.binaries))
        for binary in order:
            for name, (t, unit) in timed_round(binary, args.filter, args.min_time).items():
                times[name][binary].append(t)
                units[name] = unit
    if not times:
        sys.exit("compare_builds.py: no benchmark matches " + args.filter)

    base = args.binaries[0]
    print("median time per operation over %d interleaved rounds; spread = (max - min) / median" % args.rounds)
    print("builds: " + ", ".join("[%d] %s" % (i, b) for i, b in enumerate(args.binaries)))
    for name in sorted(times):
        cells = []
        for i, binary in enumerate(args.binaries):
            ts = times[name][binary]
            med = statistics.median(ts)
            cell = "[%d] %.1f ±%.0f%%" % (i, med, 100 * (max(ts) - min(ts)) / med)
            if binary != base:
                cell += " (%+.1f%%)" % (100 * (med / statistics.median(times[name][base]) - 1))
            cells.append(cell)
        print("%-36s %-3s %s" % (name, units[name], "   ".join(cells)))

    if args.instructions:
        print("instructions per operation (callgrind, AVX2 kernels)")
        for name in sorted(times):
            short = re.sub(r"/iterations:\d+$", "", name)
            counts = [instructions.per_operation(b, short, short.split("/")[1]) for b in args.binaries]
            print("%-36s %s" % (short, "   ".join(
                "[%d] %.0f" % (i, c) + ("" if i == 0 else " (%+.2f%%)" % (100 * (c / counts[0] - 1)))
                for i, c in enumerate(counts))))


if __name__ == "__main__":
    main()
