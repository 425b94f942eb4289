#!/usr/bin/env python3
"""Times the `ujson` CLI against rapidjson_cli on one large document; writes bench/results/cli.md.

The document (about 20 MB) is a JSON array of copies of twitter.json, citm_catalog.json
and canada.json, written to a temporary directory. Each command runs --runs times; the
best wall-clock time counts (process start, reading the file, the work, writing stdout to
a file). Before a number is kept: both validators accept the document and reject a
truncated copy, and both `format` outputs parse (Python's json) to the same value as the
input.

    python3 bench/cli/compare.py [--runs N] [--size-mb M]
"""

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fastest_cpu import pinning_note  # noqa: E402  (bench/, shared by the results scripts)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build", "bench")
CORPUS = os.path.join(ROOT, "data", "corpus")
DEFAULT_OUT = os.path.join(ROOT, "bench", "results", "cli.md")


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compiler():
    try:
        with open(os.path.join(BUILD, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("CMAKE_CXX_COMPILER:"):
                    cxx = line.split("=", 1)[1].strip()
                    return subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    except (OSError, IndexError):
        pass
    return "unknown"


def make_document(path, size_mb):
    docs = []
    for name in ("twitter.json", "citm_catalog.json", "canada.json"):
        with open(os.path.join(CORPUS, name), "rb") as f:
            docs.append(f.read().strip())
    target = size_mb * 1_000_000
    parts, total = [], 0
    while total < target:
        for d in docs:
            parts.append(d)
            total += len(d) + 2
    body = b"[\n" + b",\n".join(parts) + b"\n]\n"
    with open(path, "wb") as f:
        f.write(body)
    return len(body)


def best_time(cmd, runs, stdout_path, expect_status=0):
    best = None
    for _ in range(runs):
        with open(stdout_path, "wb") as out:
            start = time.perf_counter()
            proc = subprocess.run(cmd, stdout=out, stderr=subprocess.PIPE)
            elapsed = time.perf_counter() - start
        if proc.returncode != expect_status:
            sys.exit(f"compare.py: {' '.join(cmd)} exited {proc.returncode}, expected {expect_status}:\n"
                     f"{proc.stderr.decode(errors='replace')}")
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="best of N runs (default 5)")
    parser.add_argument("--size-mb", type=int, default=20, help="document size, in 10^6 bytes (default 20)")
    parser.add_argument("--ujson", default=os.path.join(BUILD, "cli", "ujson"))
    parser.add_argument("--rapidjson", default=os.path.join(BUILD, "bench", "cli", "rapidjson_cli"))
    parser.add_argument("--out", default=DEFAULT_OUT)
    args = parser.parse_args()
    for exe in (args.ujson, args.rapidjson):
        if not os.access(exe, os.X_OK):
            sys.exit(f"compare.py: {exe} not found; build the bench preset first (bench/run_codec.sh)")
    tools = {"ujson": args.ujson, "rapidjson_cli": args.rapidjson}

    with tempfile.TemporaryDirectory(prefix="ujson-cli-bench-") as tmp:
        doc = os.path.join(tmp, "big.json")
        size = make_document(doc, args.size_mb)
        truncated = os.path.join(tmp, "truncated.json")
        with open(doc, "rb") as f, open(truncated, "wb") as g:
            g.write(f.read()[: size // 2])
        print(f"document: {size:,} bytes ({args.size_mb} MB target), best of {args.runs} runs", flush=True)

        # Correctness first: a fast wrong answer must not reach the table.
        for name, exe in tools.items():
            best_time([exe, "validate", truncated], 1, os.devnull, expect_status=1)
            best_time([exe, "format", truncated], 1, os.devnull, expect_status=1)
        with open(doc, "rb") as f:
            want = json.load(f)
        outputs = {}
        for name, exe in tools.items():
            outputs[name] = os.path.join(tmp, f"{name}.out.json")
            best_time([exe, "format", doc], 1, outputs[name])
            with open(outputs[name], "rb") as f:
                if json.load(f) != want:
                    sys.exit(f"compare.py: {name} format output does not parse to the input's value")
        del want
        with open(outputs["ujson"], "rb") as a, open(outputs["rapidjson_cli"], "rb") as b:
            identical = a.read() == b.read()

        rows = []
        for command in ("validate", "format"):
            times = {}
            for name, exe in tools.items():
                sink = os.devnull if command == "validate" else outputs[name]
                times[name] = best_time([exe, command, doc], args.runs, sink)
                print(f"{name} {command}: {times[name] * 1000:.1f} ms", flush=True)
            rows.append((command, times))

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = ["# CLI benchmark: `ujson` against rapidjson_cli", "",
             f"- Date: {now}",
             "- Command: `make bench` (bench/run_codec.sh, which runs `python3 bench/cli/compare.py`)",
             f"- Machine: {cpu_model()}, {os.cpu_count()} logical CPUs, {platform.system()} {platform.release()}"
             f"{pinning_note()}",
             f"- Compiler: {compiler()}, CMake preset `bench` (Release)",
             f"- Document: {size:,} bytes, a JSON array of copies of twitter.json, citm_catalog.json and "
             "canada.json (pretty-printed as in the corpus)",
             f"- Figures: best wall-clock time of {args.runs} runs of the whole process (start, read the file, "
             "work, write stdout to a file); MB/s = 10^6 bytes of input per second",
             "- Checked: both validators accept the document and reject a truncated copy; both `format` outputs "
             "parse (Python's json) to the input's value; the two outputs are "
             + ("byte-identical" if identical else "not byte-identical, but equal as JSON"),
             "",
             "| command | ujson (ms) | rapidjson_cli (ms) | ujson MB/s | rapidjson_cli MB/s | ujson speed-up |",
             "|---|---:|---:|---:|---:|---:|"]
    for command, t in rows:
        u, r = t["ujson"], t["rapidjson_cli"]
        lines.append(f"| `{command} FILE` | {u * 1000:.1f} | {r * 1000:.1f} | {size / u / 1e6:,.0f} | "
                     f"{size / r / 1e6:,.0f} | {r / u:.2f}x |")
    lines += ["", "`ujson validate` checks UTF-8 and the grammar without building anything; rapidjson_cli "
              "validate is RapidJSON's SAX Reader with `kParseValidateEncodingFlag` and a handler that does "
              "nothing. `format` parses into each library's DOM (RapidJSON with `kParseValidateEncodingFlag | "
              "kParseFullPrecisionFlag`) and writes it compact, UTF-8 as is, with a final newline.", ""]
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    print("\n".join(lines[-(len(rows) + 5):-3]))
    print(f"wrote {os.path.relpath(args.out, ROOT)}")


if __name__ == "__main__":
    main()
