#!/usr/bin/env python3
"""Two builds of the ultrajson module on the seed workloads, interleaved in one process:
calls/sec of build A and build B for each row (seed_workloads.py's workloads, timer and
calling convention), repeated in turns A, B, A, B... so that both see the same machine
state. For "did this change move the seed table?".

    flock /tmp/ujson-build.lock python3 bench/python/ab.py A/ultrajson.cpython-311-x86_64-linux-gnu.so \
        B/ultrajson.cpython-311-x86_64-linux-gnu.so [--rounds 5] [--target 0.04]

Each figure is the best of 3 x --rounds repeats of about --target seconds, A and B interleaved.
"""

import argparse
import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seed_workloads  # noqa: E402


def load_module(path):
    # Each path is its own module object (multi-phase init), though both are "ultrajson".
    spec = importlib.util.spec_from_file_location("ultrajson", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--target", type=float, default=0.04)
    ap.add_argument("--only", default="", help="only the rows whose name contains this (e.g. 'decode')")
    args = ap.parse_args()
    builds = {"A": load_module(args.a), "B": load_module(args.b)}
    print(f"{'row':<68} {'A':>10} {'B':>10}  B/A")
    for title, obj in seed_workloads.make_workloads():
        text = json.dumps(obj, ensure_ascii=False)
        escaped = json.dumps(obj)  # seed_workloads' \u-escaped decode row, where it differs
        ops = {k: seed_workloads.calls("ultrajson", m) for k, m in builds.items()}
        for k, m in builds.items():
            problem = seed_workloads.check(k, ops[k][0], ops[k][2], obj, text)
            if problem:
                sys.exit(f"{title}: {problem}")
        rows = (("encode", 0, obj), ("decode", 2, text)) + (
            (("decode, \\u-escaped text", 2, escaped),) if escaped != text else ())
        for label, index, arg in rows:
            if args.only not in title + ", " + label:
                continue
            best = seed_workloads.best_rates({k: ops[k][index] for k in builds}, arg, 3 * args.rounds, args.target)
            print(f"{title + ', ' + label:<68} {best['A']:>10,.0f} {best['B']:>10,.0f}  {best['B'] / best['A']:.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
