#!/usr/bin/env python3
"""Instructions per DOM parse, ujson against simdjson, counted by callgrind: bench/results/instructions.md.

Timings on a shared machine move by a few percent from run to run and with the layout of
the binary; an instruction count does not. A micro-optimization shows here first (the
README of bench/ says how to read both). Each count is the difference between a run of
codec_bench with --iterations 2N and one with N, divided by N: start-up, workload
generation and the checks after the loop cancel out.

valgrind cannot run AVX-512, so both libraries run their AVX2 kernels: ujson with
UJSON_FORCE_KERNEL=avx2, simdjson with SIMDJSON_FORCE_IMPLEMENTATION=haswell. On a CPU
with AVX-512 the parse that is timed is another one (its stage 1 takes fewer
instructions in both libraries).

    python3 bench/codec/instructions.py [--binary PATH] [--out PATH] [--filter REGEX]

With --constructs it counts the construct documents instead (workloads.hpp: one JSON
construct repeated CONSTRUCT_REPEATS times) and writes bench/results/constructs.md: the
instructions each construct costs each library, which says where a gap in the table above
comes from (a workload is a mix of constructs).
"""

import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_BINARY = os.path.join(ROOT, "build", "bench", "bench", "codec", "codec_bench")
DEFAULT_OUT = os.path.join(ROOT, "bench", "results", "instructions.md")
CONSTRUCTS_OUT = os.path.join(ROOT, "bench", "results", "constructs.md")
CONSTRUCT_REPEATS = 1000  # construct_repeats in workloads.hpp
CONSTRUCT_ITERATIONS = 20
WORKLOADS = ["twitter", "citm_catalog", "canada", "utf8_strings", "utf8_strings_escaped", "medium_object",
             "ascii_strings", "doubles", "trues", "dict_pairs", "dict_of_arrays"]
LIBRARIES = ["ujson", "simdjson"]
# N per workload: enough operations that they dominate the difference, few enough that
# callgrind (about 50 times slower than the CPU) takes seconds.
ITERATIONS = {"twitter": 10, "citm_catalog": 4, "canada": 2, "dict_of_arrays": 2}
DEFAULT_ITERATIONS = 200


def instructions(binary, name, iterations, extra=()):
    env = dict(os.environ, UJSON_FORCE_KERNEL="avx2", SIMDJSON_FORCE_IMPLEMENTATION="haswell")
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, *extra,
           "--iterations", str(iterations), "--benchmark_filter=^" + re.escape(name) + "(/|$)"]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True)
    # A filter that matches nothing still exits 0: the count would be start-up alone.
    if run.returncode != 0 or name + "/iterations:" not in run.stdout:
        sys.exit("instructions.py: %s failed:\n%s" % (" ".join(cmd), run.stderr[-2000:]))
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        sys.exit("instructions.py: no instruction count from callgrind for " + name)
    return int(found.group(1))


def per_operation(binary, name, workload, n=None, extra=()):
    """Instructions of one operation of benchmark `name`: a run of 2N less a run of N, over N."""
    n = n or ITERATIONS.get(workload, DEFAULT_ITERATIONS)
    return (instructions(binary, name, 2 * n, extra) - instructions(binary, name, n, extra)) / n


def construct_list(binary):
    """The id of each construct document, in codec_bench's order."""
    run = subprocess.run([binary, "--constructs", "--benchmark_list_tests"], capture_output=True, text=True)
    ids = [m.group(1) for m in re.finditer(r"^parse/construct\.([a-z0-9_]+)/ujson$", run.stdout, re.M)]
    if run.returncode != 0 or not ids:
        sys.exit("instructions.py: %s --constructs lists no constructs:\n%s" % (binary, run.stderr[-2000:]))
    return ids


def count_constructs(args):
    rows = []
    for cid in construct_list(args.binary):
        if args.filter and not re.search(args.filter, cid):
            continue
        counts = {}
        for lib in LIBRARIES:
            name = "parse/construct.%s/%s" % (cid, lib)
            counts[lib] = per_operation(args.binary, name, cid, CONSTRUCT_ITERATIONS, ["--constructs"]) / CONSTRUCT_REPEATS
            print("%-48s %8.1f instructions per element" % (name, counts[lib]), flush=True)
        rows.append((cid, counts))
    if not rows:
        sys.exit("instructions.py: no construct matches --filter %r" % args.filter)
    lines = [
        "# Instructions per construct: ujson and simdjson",
        "",
        "Written by `bench/codec/instructions.py --constructs` on %s. Each row is a document of"
        % datetime.date.today().isoformat(),
        "%d copies of one element in an array (bench/codec/workloads.cpp, `make_construct_workloads`)," % CONSTRUCT_REPEATS,
        "parsed into each library's DOM; a count is the instructions of one parse over the copies,",
        "counted as instructions.md counts (callgrind, 2N parses less N, AVX2 kernels). Every",
        "element but the empty containers and the record is the value of a one-member object",
        "`{\"key\":...}`: the `string` row is the object and a borrowed string, so a row less that",
        "row is what its value costs beyond a string's. Stage 1 (per input byte) is included: longer",
        "elements pay more of it.",
        "",
        "| construct | ujson | simdjson | ujson - simdjson |",
        "|---|---:|---:|---:|",
    ]
    for cid, counts in rows:
        lines.append("| %s | %.1f | %.1f | %+.1f |" % (cid, counts["ujson"], counts["simdjson"],
                                                       counts["ujson"] - counts["simdjson"]))
    out = args.out or CONSTRUCTS_OUT
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("instructions.py: wrote " + os.path.relpath(out, ROOT))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--out", default=None, help="default bench/results/instructions.md (constructs.md with --constructs)")
    ap.add_argument("--filter", default="", help="only workloads (constructs) whose id matches")
    ap.add_argument("--constructs", action="store_true", help="count the construct documents instead")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("instructions.py: valgrind is missing (scripts/bootstrap bench installs it)")
    if args.constructs:
        count_constructs(args)
        return
    args.out = args.out or DEFAULT_OUT

    rows = []
    for workload in WORKLOADS:
        if args.filter and not re.search(args.filter, workload):
            continue
        counts = {}
        for lib in LIBRARIES:
            name = "parse/%s/%s" % (workload, lib)
            counts[lib] = per_operation(args.binary, name, workload)
            print("%-40s %12.0f instructions" % (name, counts[lib]), flush=True)
        rows.append((workload, counts))

    lines = [
        "# Instructions per DOM parse: ujson and simdjson",
        "",
        "Written by `bench/codec/instructions.py` (part of `make bench`) on %s: callgrind's count"
        % datetime.date.today().isoformat(),
        "of one `parse` benchmark operation of `codec_bench` (text to the library's DOM, the same",
        "operation as the parse table of codec.md), as the difference of a run of 2N operations",
        "and a run of N. Both libraries run their AVX2 kernels (valgrind has no AVX-512):",
        "`UJSON_FORCE_KERNEL=avx2`, `SIMDJSON_FORCE_IMPLEMENTATION=haswell`. Unlike a time, the",
        "count is the same on every run and every machine with the same compiler; fewer",
        "instructions is not always less time (a stalled load costs more than a move), so the",
        "timed tables of codec.md stay the verdict.",
        "",
        "| workload | ujson | simdjson | ujson / simdjson |",
        "|---|---:|---:|---:|",
    ]
    for workload, counts in rows:
        lines.append("| %s | %s | %s | %.2f |" % (workload, format(round(counts["ujson"]), ","),
                                                  format(round(counts["simdjson"]), ","),
                                                  counts["ujson"] / counts["simdjson"]))
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("instructions.py: wrote " + os.path.relpath(args.out, ROOT))


if __name__ == "__main__":
    main()
