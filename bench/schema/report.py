#!/usr/bin/env python3
"""The schema table of `make bench`: ujson::schema against ajv, bench/results/schema.md.

Each workload is a document of the codec benchmark (codec_bench --dump writes the same
bytes) with a schema from bench/schemas/ that touches every value. schema_bench (C++) and
ajv_bench.mjs (Node.js, ajv from npm, installed on first use under build/bench/node) run in
the same run on the same files, taking turns (one repetition each, after an untimed
warm-up); both must find every instance valid. Figures are instances per second (the
median of each side's turns) and MB/s (10^6 bytes of the document's text per second).

    python3 bench/schema/report.py [--min-time S] [--repetitions N]
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build", "bench")
SCHEMA_BENCH = os.path.join(BUILD, "bench", "schema", "schema_bench")
CODEC_BENCH = os.path.join(BUILD, "bench", "codec", "codec_bench")
NODE_PREFIX = os.path.join(BUILD, "node")
AJV_PACKAGE = "ajv@8.20.0"
DEFAULT_OUT = os.path.join(ROOT, "bench", "results", "schema.md")

# (workload id as codec_bench dumps it, label, schema file in bench/schemas/)
WORKLOADS = [
    ("twitter", "twitter.json", "twitter.schema.json"),
    ("citm_catalog", "citm_catalog.json", "citm_catalog.schema.json"),
    ("canada", "canada.json", "canada.schema.json"),
    ("medium_object", "2. Medium complex object", "medium_object.schema.json"),
    ("doubles", "4. Array with 256 doubles", "doubles.schema.json"),
    ("dict_of_arrays", "7. Dict with 256 arrays with 256 dict{string, int} pairs", "dict_of_arrays.schema.json"),
]
CORPUS = {"twitter", "citm_catalog", "canada"}

MEASURES = {
    "validate": """\
Validation alone: the document is parsed once, outside the timing, into each library's
in-memory form (**ujson**: a `ujson::document`; **ajv**: `JSON.parse`'s objects), then
`validator.is_valid(doc.root())` against `validate(obj)` of a validator compiled by
`new Ajv2020({allErrors: false, strict: false}).compile(schema)`. Both stop at the first
failure and build no error list on success.""",
    "parse_validate": """\
From bytes to verdict, what a service pays per request body. **ujson (text)** is
`validator.is_valid_text(bytes)` with `text_options::events`: the instance checked on the
decoder's events as it is read, no DOM built, when no keyword of the schema needs a whole
value (*path* `events`), else parsed into a reused `ujson::document` and checked there
(*path* `dom`: here `uniqueItems`). **ujson (DOM)** parses into the reused document, then
`is_valid(doc.root())`: what ujsond's `/validate?schema=` and `ujson validate --schema` do,
since the event path measured slower (text / DOM below).
**ajv** runs `JSON.parse` on the text (already a JavaScript string: the UTF-8 decoding a
Node server does first is not counted, in ajv's favour) and validates the result.""",
}


def node_binary():
    return os.environ.get("UJSON_NODE") or shutil.which("node")


def ensure_ajv():
    """ajv under build/bench/node, installed from the npm registry on first use."""
    marker = os.path.join(NODE_PREFIX, "node_modules", "ajv", "package.json")
    if not os.path.exists(marker):
        os.makedirs(NODE_PREFIX, exist_ok=True)
        cmd = ["npm", "install", "--prefix", NODE_PREFIX, "--no-audit", "--no-fund", "--silent", AJV_PACKAGE]
        print("$ " + " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True)
    with open(marker, encoding="utf-8") as f:
        return json.load(f)["version"]


def run_lines(cmd):
    print("$ " + " ".join(cmd), flush=True)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"report.py: {os.path.basename(cmd[0])} {cmd[1] if len(cmd) > 1 else ''} failed "
                 f"(exit status {proc.returncode}); no results written")
    return {r["name"]: r for r in (json.loads(line) for line in proc.stdout.splitlines() if line.strip())}


def medians(runs):
    """Results of several runs (name -> record) as one: each rate the median of the runs'."""
    out = {}
    for name, first in runs[0].items():
        record = dict(first)
        for key, value in first.items():
            if key != "bytes" and isinstance(value, (int, float)):
                ordered = sorted(run[name][key] for run in runs)
                record[key] = ordered[len(ordered) // 2]
        out[name] = record
    return out


def fmt(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def table(ours, theirs, key):
    lines = ["| workload | bytes | ujson inst/s | ujson MB/s | ajv inst/s | ajv MB/s | ujson / ajv |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for wid, label, _ in WORKLOADS:
        if wid not in ours or wid not in theirs:
            continue
        size = ours[wid]["bytes"]
        a, b = ours[wid][key], theirs[wid][key]
        bar = " (bar: 2)" if wid in CORPUS and key == "validate" else ""
        lines.append(f"| {label} | {size:,} | {fmt(a)} | {fmt(a * size / 1e6)} | {fmt(b)} | {fmt(b * size / 1e6)} | "
                     f"**{a / b:.2f}**{bar} |")
    return "\n".join(lines)


def text_table(ours, theirs):
    lines = ["| workload | bytes | path | ujson (text) inst/s | ujson (text) MB/s | ujson (DOM) inst/s | ajv inst/s | "
             "text / DOM | text / ajv | DOM / ajv |",
             "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    for wid, label, _ in WORKLOADS:
        if wid not in ours or wid not in theirs:
            continue
        size = ours[wid]["bytes"]
        text, dom, ajv = ours[wid]["text"], ours[wid]["parse_validate"], theirs[wid]["parse_validate"]
        lines.append(f"| {label} | {size:,} | {ours[wid]['path']} | {fmt(text)} | {fmt(text * size / 1e6)} | {fmt(dom)} | "
                     f"{fmt(ajv)} | {text / dom:.2f} | **{text / ajv:.2f}** | {dom / ajv:.2f} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--min-time", type=float, default=0.5, help="seconds per repetition")
    ap.add_argument("--repetitions", type=int, default=3)
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()

    node = node_binary()
    if not node:
        sys.exit("report.py: node is not on PATH (scripts/bootstrap bench installs nodejs)")
    ajv_version = ensure_ajv()
    node_version = subprocess.run([node, "--version"], stdout=subprocess.PIPE, text=True).stdout.strip()

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([CODEC_BENCH, "--dump", tmp], check=True)
        pairs = [f"{wid}={os.path.join(ROOT, 'bench', 'schemas', schema)}:{os.path.join(tmp, wid + '.json')}"
                 for wid, _, schema in WORKLOADS]
        timing = ["--min-time", str(args.min_time), "--repetitions", "1"]
        # One workload at a time, ujson and ajv taking turns, one repetition each (after its
        # warm-up), the median of each side's turns: machines whose speed drifts move both
        # figures of a row alike.
        ours, theirs = {}, {}
        for pair in pairs:
            our_runs, their_runs = [], []
            for _ in range(args.repetitions):
                our_runs.append(run_lines([SCHEMA_BENCH] + timing + [pair]))
                their_runs.append(run_lines([node, os.path.join(ROOT, "bench", "schema", "ajv_bench.mjs"),
                                             os.path.join(NODE_PREFIX, "node_modules")] + timing + [pair]))
            ours.update(medians(our_runs))
            theirs.update(medians(their_runs))

    cpu = "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), cpu)
    except OSError:
        pass
    out = [
        "# Schema validation: ujson::schema against ajv",
        "",
        f"Generated by `bench/schema/report.py` (`make bench`) on {datetime.date.today().isoformat()}; "
        f"{cpu}, {platform.system()} {platform.release()}; Node.js {node_version}, ajv {ajv_version}; "
        f"the median of {args.repetitions} turns each, ujson and ajv alternating, of at least {args.min_time} s after a warm-up.",
        "Schemas: `bench/schemas/<workload>.schema.json` (2020-12); every instance is valid under both.",
        "The issue's bar (#13): validate instances/s at least 2x ajv on each corpus schema.",
        "",
        "## validate",
        "",
        MEASURES["validate"],
        "",
        table(ours, theirs, "validate"),
        "",
        "## parse+validate",
        "",
        MEASURES["parse_validate"],
        "",
        text_table(ours, theirs),
        "",
    ]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("\n".join(out))


if __name__ == "__main__":
    main()
