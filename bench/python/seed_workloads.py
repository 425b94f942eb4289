#!/usr/bin/env python3
"""Calls per second of dumps/loads on the seven seed workloads (SPEC section 7), plus the
sorted-keys encode of workload 7, for json, simplejson, ujson, orjson and ultrajson: a
table like UltraJSON's README, printed and written to bench/results/python.md.

    python3 bench/python/seed_workloads.py [--module-dir build/bench/python] [--repeats 7]

Run it through bench/python/run.sh (`make bench`), which builds the module and holds the
build lock, so that no build competes for the cores while the numbers are taken.

As in UltraJSON's benchmark (tests/benchmark.py): every library encodes with
ensure_ascii=False (orjson always writes UTF-8, and returns bytes), decodes what
json.dumps(obj, ensure_ascii=False) wrote (and, for a workload with non-ASCII text, also
what json.dumps(obj) writes by default: every such character a \\uXXXX escape, as json's
and ujson's default output and most producers send it), the timer is timeit's (garbage collector off
while timing), and each figure is the best of several repeats. Before it is timed, every
library's output is checked: dumps must read back (with json.loads) as the workload, and
loads must give the workload.
"""

import argparse
import datetime
import gc
import importlib
import json
import os
import platform
import random
import sys
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fastest_cpu import pinning_note  # noqa: E402  (bench/, shared by the results scripts)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEBIAN_DIST_PACKAGES = "/usr/lib/python3/dist-packages"  # python3-ujson, python3-simplejson
SEED = 20240131
ARABIC = ("في صباح كل يوم يخرج الصيادون إلى البحر قبل شروق الشمس ويعودون عند الظهيرة بقواربهم "
          "المحملة بالسمك الطازج ليبيعوه في سوق المدينة القديمة.")
LIBRARIES = ["ultrajson", "ujson", "orjson", "simplejson", "json"]


def make_workloads():
    """The seven seed workloads, from one generator with a fixed seed (UltraJSON's recipe)."""
    rng = random.Random(SEED)
    user = {"userId": 3381293, "age": 213, "username": "johndoe", "fullname": "John Doe the Second",
            "isAuthorized": True, "liked": 31231.31231202, "approval": 31.1471, "jobs": [1, 2],
            "currJob": None}
    friends = [user] * 8
    workloads = [
        ("Array with 256 UTF-8 strings", [ARABIC] * 256),
        ("Medium complex object", [[user, friends] for _ in range(6)]),
        ("Array with 256 strings", ["A pretty long string which is in a list"] * 256),
        ("Array with 256 doubles", [9223372036854775807 * rng.random() for _ in range(256)]),
        ("Array with 256 True values", [True] * 256),
        ("Array with 256 dict{string, int} pairs",
         [{str(rng.random() * 20): int(rng.random() * 1000000)} for _ in range(256)]),
    ]
    big = {}
    for _ in range(256):
        big[str(rng.random() * 20)] = [{str(rng.random() * 20): int(rng.random() * 1000000)} for _ in range(256)]
    workloads.append(("Dict with 256 arrays with 256 dict{string, int} pairs", big))
    return workloads


def import_libraries(module_dir):
    sys.path.insert(0, module_dir)
    libs = {}
    for name in LIBRARIES:
        try:
            libs[name] = importlib.import_module(name)
        except ImportError:
            continue
    # Debian's python3-ujson / python3-simplejson are built for /usr/bin/python3; the same
    # CPython minor version (3.11 here) loads them. Last on the path, so nothing else moves.
    if os.path.isdir(DEBIAN_DIST_PACKAGES):
        sys.path.append(DEBIAN_DIST_PACKAGES)
        for name in ("ujson", "simplejson"):
            if name not in libs:
                try:
                    libs[name] = importlib.import_module(name)
                except ImportError:
                    pass
    if "ultrajson" not in libs:
        sys.exit(f"seed_workloads.py: cannot import ultrajson from {module_dir} (build it: bench/python/run.sh)")
    return libs


def calls(name, lib):
    """(encode, sorted encode, decode) callables taking the object / the text. Every
    library is called the same way: encode with one keyword argument (two when sorting
    for all but orjson, whose one option carries both), decode with the text alone."""
    if name == "orjson":
        opt = lib.OPT_SORT_KEYS
        return (lambda o: lib.dumps(o, option=None)), (lambda o: lib.dumps(o, option=opt)), lib.loads
    dumps = lib.dumps
    return ((lambda o: dumps(o, ensure_ascii=False)), (lambda o: dumps(o, ensure_ascii=False, sort_keys=True)),
            lib.loads)


def check(name, encode, decode, obj, text):
    out = encode(obj)
    if json.loads(out) != obj:
        return f"{name}: dumps output does not read back as the workload"
    if decode(text) != obj:
        return f"{name}: loads result differs from the workload"
    return None


def calls_per_repeat(timer, target):
    """How many calls make one repeat of about `target` seconds."""
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= target / 4 or number >= 1 << 20:
            break
        number *= 4 if t < target / 40 else 2
    return max(1, int(number * target / max(t, 1e-9)))


def best_rates(fns, arg, repeats, target):
    """Calls/sec of each library's fn on arg, interleaved: each repeat times every library
    once, in turn, so that a slow moment of a shared machine falls on all of them rather
    than on one library's block of repeats; the best (fastest) repeat counts."""
    timers = {n: timeit.Timer(lambda fn=fn: fn(arg)) for n, fn in fns.items()}
    numbers = {n: calls_per_repeat(t, target) for n, t in timers.items()}
    best = {n: float("inf") for n in fns}
    for _ in range(repeats):
        for n, timer in timers.items():
            best[n] = min(best[n], timer.timeit(numbers[n]))
            gc.collect()
    return {n: numbers[n] / best[n] for n in fns}


def version_of(name, lib):
    if name == "json":
        return platform.python_version()
    return getattr(lib, "__version__", "?")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--module-dir", default=os.path.join(ROOT, "build", "bench", "python"),
                    help="directory holding the built ultrajson module (default: build/bench/python)")
    ap.add_argument("--repeats", type=int, default=7, help="timed repeats per figure (best counts)")
    ap.add_argument("--target", type=float, default=0.04, help="seconds per repeat")
    ap.add_argument("--output", default=os.path.join(ROOT, "bench", "results", "python.md"))
    args = ap.parse_args()

    libs = import_libraries(args.module_dir)
    names = [n for n in LIBRARIES if n in libs]
    rows = []  # (label, {lib: calls/sec})
    problems = []
    for title, obj in make_workloads():
        text = json.dumps(obj, ensure_ascii=False)
        rows.append((title, None))
        ops = {n: calls(n, libs[n]) for n in names}
        escaped = json.dumps(obj)  # ensure_ascii=True, json's default
        for n in names:
            problem = check(n, ops[n][0], ops[n][2], obj, text)
            if problem is None and escaped != text and ops[n][2](escaped) != obj:
                problem = f"{n}: loads of the escaped text differs from the workload"
            if problem:
                problems.append(f"{title}: {problem}")
        sorted_row = title.startswith("Dict with 256 arrays")
        for label, index, arg in (("encode", 0, obj), ("decode", 2, text)) + (
                (("decode, \\u-escaped text", 2, escaped),) if escaped != text else ()) + (
                (("encode, sorted keys", 1, obj),) if sorted_row else ()):
            rates = best_rates({n: ops[n][index] for n in names}, arg, args.repeats, args.target)
            rows.append((label, rates))
            print(f"{title:<55} {label:<20} " + "  ".join(f"{n} {rates[n]:>10,.0f}" for n in names), flush=True)

    table = render(rows, names)
    header = [
        "# Python: calls/sec on the seed workloads",
        "",
        f"Generated by `bench/python/run.sh` (`make bench`) on "
        f"{datetime.date.today().isoformat()}: CPython {platform.python_version()} ({sys.executable}), "
        f"{platform.machine()}, {os.cpu_count()} cores{pinning_note()}; best of {args.repeats} repeats of about "
        f"{args.target * 1000:.0f} ms each, the libraries interleaved (each repeat times every library "
        f"in turn), garbage collector off while timing (timeit).",
        "Seed workloads of SPEC section 7 from a fixed seed. Every library encodes with "
        "`ensure_ascii=False` (orjson always writes UTF-8 bytes) and decodes the str that "
        "`json.dumps(obj, ensure_ascii=False)` wrote; the \\u-escaped row decodes what `json.dumps(obj)` "
        "writes by default (every non-ASCII character escaped); each library's output was checked first.",
        "",
        "Versions: " + ", ".join(f"{n} {version_of(n, libs[n])}" for n in names) + ".",
        "",
    ]
    notes = ["", "Higher is better. The last two columns: ultrajson's calls/sec divided by ujson's and by orjson's.",
             "Decode reads the same str in every call: ultrajson and orjson use the UTF-8 form CPython keeps "
             "in the str after the first call (PyUnicode_AsUTF8AndSize); json and simplejson read the str "
             "itself; ujson encodes it to UTF-8 in every call."]
    if problems:
        notes += ["", "**Correctness problems found before timing:**", ""] + [f"- {p}" for p in problems]
    text = "\n".join(header + table + notes) + "\n"
    os.makedirs(os.path.dirname(args.output), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print()
    print("\n".join(table + notes))
    print(f"\nwritten to {os.path.relpath(args.output, ROOT)}")
    return 1 if problems else 0


def render(rows, names):
    ratio_cols = [(n, f"ultrajson / {n}") for n in ("ujson", "orjson") if n in names]
    head = "| | " + " | ".join(names) + " | " + " | ".join(c for _, c in ratio_cols) + " |"
    sep = "|:---|" + "---:|" * (len(names) + len(ratio_cols))
    out = [head, sep]
    for label, rates in rows:
        if rates is None:
            out.append(f"| **{label}** |" + " |" * (len(names) + len(ratio_cols)))
            continue
        cells = [f"{rates[n]:,.0f}" for n in names]
        cells += [f"{rates['ultrajson'] / rates[n]:.2f}x" for n, _ in ratio_cols]
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


if __name__ == "__main__":
    sys.exit(main())
