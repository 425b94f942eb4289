#!/usr/bin/env python3
"""Runs codec_bench and turns its JSON into bench/results/codec.md.

One markdown table per operation (parse, parse+walk, serialize, validate), each under a
chart of the same numbers (bench/codec/charts.py, matplotlib): a row per workload, a
column of MB/s (10^6 bytes of the input document per second, median of the repetitions)
per library, then ujson's ratio to the best peer and to simdjson. codec_bench checks every
result against ujson's reference and aborts on a mismatch, so a run that finishes is a run
whose every number was checked; its "codec_bench: note:" lines (results accepted only
within a library's declared tolerance) go under the tables.

    python3 bench/codec/report.py [--min-time S] [--repetitions N] [--filter REGEX]
"""

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fastest_cpu import pinning_note  # noqa: E402  (bench/, shared by the results scripts)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_BINARY = os.path.join(ROOT, "build", "bench", "bench", "codec", "codec_bench")
DEFAULT_OUT = os.path.join(ROOT, "bench", "results", "codec.md")
# The raw run (Google Benchmark's JSON plus the command and notes), to re-render with --from-json.
DEFAULT_RAW = os.path.join(ROOT, "build", "bench", "codec_bench_results.json")

OPERATIONS = ["parse", "parse_walk", "serialize", "validate"]
TITLES = {"parse": "parse", "parse_walk": "parse+walk", "serialize": "serialize", "validate": "validate"}
LIBRARIES = ["ujson", "simdjson", "rapidjson", "rapidjson-insitu", "boostjson", "nlohmann"]
# Row order; labels come from the binary's context ("workload.<id>").
WORKLOADS = ["twitter", "citm_catalog", "canada", "utf8_strings", "utf8_strings_escaped", "medium_object", "ascii_strings",
             "doubles", "trues", "dict_pairs", "dict_of_arrays", "dict_of_arrays_sorted"]

# What each table's columns measure: the libraries do not do the same work under one name.
MEASURES = {
    "parse": """\
Text to each library's DOM, every value checked against ujson's reference afterwards.
The DOMs differ in what a parse leaves for later: **ujson** borrows every string that
needs no unescaping from the input (its `document` keeps pointing into the text it
parsed; escaped strings are copied), as **rapidjson-insitu** does (`kParseInsituFlag`:
strings unescaped in place in a copy of the input that the timing includes, nodes from a
`MemoryPoolAllocator` over a buffer kept across parses); **simdjson**, **rapidjson**,
**boostjson** and **nlohmann** copy every string into memory of their own. All convert
every number while parsing. The parse+walk table reads every value back, so a DOM that
defers work pays for it there.""",
    "parse_walk": """\
Parse, then a complete walk of the DOM through the library's public API: every string
and key byte read and summed, every number read, every value counted (`walk_totals` in
bench/codec/digest.hpp; the totals are checked against ujson's). What a program that
uses the whole document pays; no DOM can win here by leaving work undone.""",
    "serialize": """\
An already-parsed DOM written back as compact JSON into a buffer kept across calls
(ujson `ensure_ascii=false, escape_forward_slashes=false`, as the peers write); the
output is re-parsed and compared with the DOM. MB/s counts the *input* document's bytes.
rapidjson-insitu shares rapidjson's writer and has no column here.""",
    "validate": """\
Not the same work in every column. **ujson**: `ujson::validate`, syntax and UTF-8 only,
nothing converted or stored. **simdjson**: a full DOM parse (it has no validate-only
API), numbers converted and strings copied. **rapidjson**: the SAX `Reader` with a
handler that ignores events, which still converts every number and unescapes every
string. **boostjson**: `basic_parser` with a handler that accepts everything (numbers
converted). **nlohmann**: `json::accept`. So ujson's column does less than the others by
design: the service's /validate and `ujson validate` need only the verdict.""",
}

SETTINGS = """\
How each library is driven (bench/codec/libs/):

- **ujson**: one `ujson::document` reused across parses; serialize through one reused
  `ujson::writer` with `ensure_ascii=false, escape_forward_slashes=false` (the canonical
  form `ujson format` writes, and what the peers write); validate is `ujson::validate`.
- **simdjson**: `dom::parser` reused, input in a `padded_string`; validate is a DOM parse
  (no validate-only API); serialize through the reused `string_builder` behind
  `simdjson::to_string`. Kernel chosen at run time (see the versions above).
- **rapidjson**: a fresh `Document` per parse with `kParseValidateEncodingFlag |
  kParseFullPrecisionFlag`; validate is `Reader` + `BaseReaderHandler` with
  `kParseValidateEncodingFlag`; serialize with a reused `StringBuffer` + `Writer`;
  `RAPIDJSON_SSE2` on.
- **rapidjson-insitu**: the same flags plus `kParseInsituFlag`, one `Document` and one
  `MemoryPoolAllocator` over a buffer kept across parses (`Clear()` between them); each
  parse first copies the input (in situ parsing overwrites it), inside the timing.
- **boostjson**: `boost::json::parser` reused, each DOM on a fresh `monotonic_resource`,
  `max_depth` 1024; validate is `basic_parser` with a handler that accepts everything;
  serialize with a reused `serializer` into a reused buffer.
- **nlohmann**: `json::parse`, `json::accept`, `json::dump` (no API to reuse the output).

Serialize writes an already-parsed DOM; its MB/s counts the *input* document's bytes, so
the three tables read the same way. Workload 1e is workload 1 as
`json.dumps` writes it by default (`ensure_ascii`): every Arabic letter a `\\uXXXX`
escape, as producers that escape send it. The sort_keys row is seed workload 7's sorted-keys
encode: ujson with `sort_keys=true`; nlohmann's objects are always sorted, so its plain
dump is one; the others have no such option (n/a).
"""


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def run(binary, min_time, repetitions, bench_filter):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "codec.json")
        cmd = [binary, f"--benchmark_out={out}", "--benchmark_out_format=json",
               f"--benchmark_min_time={min_time}"]
        if repetitions > 1:
            # Interleaved: each library's repetitions are spread over the whole run, so a
            # spell of load from elsewhere on the machine falls on every library alike.
            # Every repetition in the JSON (the console shows the aggregates): row_spreads
            # compares each median with the fastest repetition.
            cmd += [f"--benchmark_repetitions={repetitions}", "--benchmark_display_aggregates_only=true",
                    "--benchmark_enable_random_interleaving=true"]
        if bench_filter:
            cmd.append(f"--benchmark_filter={bench_filter}")
        print("$ " + " ".join(cmd), flush=True)
        # Console progress goes straight through; stderr is kept for the notes.
        proc = subprocess.run(cmd, stderr=subprocess.PIPE, text=True)
        sys.stderr.write(proc.stderr)
        if proc.returncode != 0:
            sys.exit(f"report.py: codec_bench failed (exit status {proc.returncode}); no results written")
        with open(out, encoding="utf-8") as f:
            data = json.load(f)
    notes = [line.split("note:", 1)[1].strip() for line in proc.stderr.splitlines()
             if line.startswith("codec_bench: note:")]
    return cmd, data, notes


# This machine is shared: a spell of load from elsewhere slows some repetitions, and a
# median of five stands only while fewer than three are hit. A row (an operation on a
# workload, every library) in which any library's median is more than NOISY above its
# fastest repetition is measured again, all its libraries together as in the first run, up
# to REMEASURES times; the run of the row whose worst such gap is smallest is kept,
# whichever library it favours, and the report names the row.
NOISY = 0.06
REMEASURES = 2
ROW_WORKLOADS = WORKLOADS + ["dict_of_arrays_sorted"]


def row_spreads(data):
    """{(operation, workload): the largest median / fastest - 1 among the row's libraries (CPU time)}"""
    fastest, median = {}, {}
    for b in data["benchmarks"]:
        parts = b["run_name"].split("/")
        if len(parts) != 3 or parts[1] not in ROW_WORKLOADS:
            continue
        if b.get("run_type") == "iteration":
            fastest[b["run_name"]] = min(fastest.get(b["run_name"], float("inf")), b["cpu_time"])
        elif b.get("aggregate_name") == "median":
            median[b["run_name"]] = b["cpu_time"]
    worst = {}
    for name, m in median.items():
        if name in fastest:
            row = tuple(name.split("/")[:2])
            worst[row] = max(worst.get(row, 0.0), m / fastest[name] - 1)
    return worst


def remeasure_noisy(binary, min_time, repetitions, data):
    """Runs the noisy rows of `data` again (see NOISY); returns [(row, gap before, gap kept)]."""
    if repetitions < 3:
        return []
    changes = []
    for row, spread in sorted(row_spreads(data).items()):
        if spread <= NOISY:
            continue
        kept, kept_spread = None, spread
        for _ in range(REMEASURES):
            _, again, _ = run(binary, min_time, repetitions, "^" + re.escape("/".join(row)) + "/")
            again_spread = row_spreads(again).get(row)
            if again_spread is not None and again_spread < kept_spread:
                kept, kept_spread = again, again_spread
            if kept_spread <= NOISY:
                break
        if kept is not None:
            data["benchmarks"] = [b for b in data["benchmarks"] if tuple(b["run_name"].split("/")[:2]) != row]
            data["benchmarks"] += kept["benchmarks"]
        changes.append((row, spread, kept_spread))
    return changes


def collect(data, repetitions):
    """{(operation, workload, library): MB/s}"""
    results = {}
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            continue
        if repetitions > 1:
            if b.get("run_type") != "aggregate" or b.get("aggregate_name") != "median":
                continue
        elif b.get("run_type", "iteration") != "iteration":
            continue
        parts = b["run_name"].split("/")
        if len(parts) != 3:
            continue
        results[tuple(parts)] = b["bytes_per_second"] / 1e6
    return results


def fmt(x):
    if x is None:
        return "n/a"
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "n/a"
    return f"{a / b:.2f}"


def table(results, operation, labels):
    workloads = [w for w in WORKLOADS if any((operation, w, lib) in results for lib in LIBRARIES)]
    workloads += sorted({w for (op, w, _) in results if op == operation} - set(workloads))
    if not workloads:
        return None
    # A library with no such operation (rapidjson-insitu: parse only) has no column.
    libraries = [lib for lib in LIBRARIES if any((operation, w, lib) in results for w in workloads)]
    peers = [lib for lib in libraries if lib != "ujson"]
    lines = ["| workload | " + " | ".join(libraries) + " | ujson / best peer | ujson / simdjson |",
             "|---|" + "---:|" * (len(libraries) + 2)]
    for w in workloads:
        row = {lib: results.get((operation, w, lib)) for lib in libraries}
        present = [v for v in row.values() if v is not None]
        best = max(present) if present else None
        cells = []
        for lib in libraries:
            text = fmt(row[lib])
            cells.append(f"**{text}**" if row[lib] is not None and row[lib] == best else text)
        peer_values = [row[p] for p in peers if row[p] is not None]
        best_peer = max(peer_values) if peer_values else None
        label = labels.get(w, w)
        lines.append(f"| {label} | " + " | ".join(cells) + f" | {ratio(row.get('ujson'), best_peer)} | "
                     f"{ratio(row.get('ujson'), row.get('simdjson'))} |")
    return "\n".join(lines)


def write_charts(results, labels, out_dir):
    """One SVG per table, drawn by charts.py under Debian's Python (matplotlib is a Debian
    package for /usr/bin/python3; the python3 on PATH may be another). {operation: file}"""
    rows = [{"operation": op, "workload": labels.get(w, w), "library": lib, "mbps": v}
            for (op, w, lib), v in results.items()]
    order = [labels.get(w, w) for w in WORKLOADS]
    request = {"rows": rows, "operations": {op: TITLES[op] for op in OPERATIONS}, "libraries": LIBRARIES,
               "workloads": order, "out_dir": out_dir, "prefix": "codec-"}
    python = "/usr/bin/python3" if os.access("/usr/bin/python3", os.X_OK) else sys.executable
    proc = subprocess.run([python, os.path.join(os.path.dirname(__file__), "charts.py")],
                          input=json.dumps(request), text=True, capture_output=True)
    if proc.returncode != 0:
        sys.exit("report.py: charts.py failed (scripts/bootstrap bench installs python3-matplotlib):\n"
                 + proc.stderr)
    return json.loads(proc.stdout)


def spread_lines(remeasured, data):
    """The Figures list's lines on noisy rows: those measured again, those still noisy."""
    lines = []
    if remeasured:
        rows = ", ".join(f"{op} {w} ({a:.0%} -> {b:.0%})" for (op, w), a, b in remeasured)
        lines.append(f"- Measured again, all the row's libraries together, because a library's median was more than "
                     f"{NOISY:.0%} above its fastest repetition (the calmest of up to {REMEASURES + 1} runs is "
                     f"shown; worst gap before -> kept): {rows}.")
    noisy = sorted(row for row, spread in row_spreads(data).items() if spread > NOISY)
    if noisy:
        lines.append(f"- A median still more than {NOISY:.0%} above its fastest repetition: " +
                     ", ".join(" ".join(r) for r in noisy) + " (read these rows with care).")
    elif remeasured is not None:
        lines.append(f"- In every row as shown, each library's median is within {NOISY:.0%} of its fastest "
                     "repetition.")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=DEFAULT_BINARY)
    parser.add_argument("--min-time", type=float, default=0.2,
                        help="seconds per repetition of each benchmark (default 0.2)")
    parser.add_argument("--repetitions", type=int, default=5, help="the median is reported (default 5)")
    parser.add_argument("--filter", default="", help="--benchmark_filter regex (default: everything)")
    parser.add_argument("--out", default=DEFAULT_OUT)
    parser.add_argument("--raw", default=DEFAULT_RAW, help="where to keep the raw results")
    parser.add_argument("--from-json", metavar="RAW", help="re-render a kept run instead of running")
    args = parser.parse_args()

    if args.from_json:
        with open(args.from_json, encoding="utf-8") as f:
            raw = json.load(f)
        cmd, data, notes = raw["command"], raw["results"], raw["notes"]
        args.min_time, args.repetitions = raw["min_time"], raw["repetitions"]
        remeasured = [(tuple(r), a, b) for r, a, b in raw["remeasured"]] if "remeasured" in raw else None
    else:
        if not os.access(args.binary, os.X_OK):
            sys.exit(f"report.py: {args.binary} not found; build the bench preset first (bench/run_codec.sh)")
        cmd, data, notes = run(args.binary, args.min_time, args.repetitions, args.filter)
        remeasured = remeasure_noisy(args.binary, args.min_time, args.repetitions, data)
        os.makedirs(os.path.dirname(args.raw), exist_ok=True)
        with open(args.raw, "w", encoding="utf-8") as f:
            json.dump({"command": cmd, "notes": notes, "min_time": args.min_time, "repetitions": args.repetitions,
                       "remeasured": remeasured, "results": data}, f)
    context = data.get("context", {})
    labels = {k[len("workload."):]: v.rsplit(" (", 1)[0] for k, v in context.items() if k.startswith("workload.")}
    sizes = {k[len("workload."):]: int(re.search(r"\((\d+) bytes\)$", v).group(1)) for k, v in context.items()
             if k.startswith("workload.") and re.search(r"\((\d+) bytes\)$", v)}
    labels["dict_of_arrays_sorted"] = labels.get("dict_of_arrays", "7.") + " (sort_keys)"
    results = collect(data, args.repetitions)

    shown = " ".join([os.path.relpath(cmd[0], ROOT)] + [a for a in cmd[1:] if not a.startswith("--benchmark_out")])
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    out = ["# Codec benchmark: ujson against its peers", "",
           f"- Date: {now}",
           f"- Command: `make bench` (bench/run_codec.sh, which runs `{shown}`)",
           f"- Machine: {cpu_model()}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}; "
           f"single-threaded benchmarks{pinning_note()}",
           f"- Compiler: {context.get('compiler', 'unknown')}, CMake preset `bench` (Release)",
           "- Libraries: " + ", ".join(f"{lib} {context.get('library.' + lib, '?')}" for lib in LIBRARIES),
           f"- Figures: MB/s (10^6 bytes of input per second, CPU time), median of {args.repetitions} "
           f"repetition(s) of at least {args.min_time} s; **bold** is the fastest in the row. "
           "Every result was checked against ujson's reference (bench/codec/digest.hpp).",
           *spread_lines(remeasured, data),
           ""]
    printed = []
    charts = write_charts(results, labels, os.path.dirname(args.out))
    for op in OPERATIONS:
        t = table(results, op, labels)
        if t is None:
            continue
        chart = f"![{TITLES[op]}]({charts[op]})\n\n" if op in charts else ""
        section = f"## {TITLES[op]}\n\n{chart}{MEASURES[op]}\n\n{t}\n"
        out.append(section)
        printed.append(f"## {TITLES[op]}\n\n{t}\n")
    out.append("## Documents\n")
    out.append("| workload | bytes |\n|---|---:|")
    for w in WORKLOADS:
        if w in sizes:
            out.append(f"| {labels.get(w, w)} | {sizes[w]:,} |")
    out.append("")
    out.append("## Correctness notes\n")
    if notes:
        out.append("Accepted within the library's declared tolerance (see its adapter in bench/codec/libs/):\n")
        out.extend(f"- {n}" for n in notes)
    else:
        out.append("Every library's parse and serialize matched ujson's reference exactly.")
    out.append("")
    out.append("## Settings\n")
    out.append(SETTINGS)

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print()
    print("\n".join(printed))
    for n in notes:
        print("note: " + n)
    print(f"\nwrote {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
