#!/usr/bin/python3
"""Draws bench/codec/report.py's tables as SVG bar charts (one per operation).

Reads a JSON request on stdin: rows [{operation, workload, library, mbps}], the operations
with their titles, the library and workload order, the output folder and a file prefix.
Prints {operation: file name} on stdout. Each chart shows, per workload, every library's
speed relative to ujson's on a log scale (1 = as fast as ujson, right of it = faster), so
the reader sees at a glance where ujson leads and by how much. Run by Debian's python3,
which has matplotlib (python3-matplotlib); the SVGs carry no date and fixed ids, so a
re-run with the same numbers writes the same bytes.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402

COLORS = {"ujson": "#d62728", "simdjson": "#1f77b4", "rapidjson": "#2ca02c", "rapidjson-insitu": "#98df8a",
          "boostjson": "#9467bd", "nlohmann": "#8c564b"}


def draw(title, workloads, libraries, values, path):
    """values: {(workload, library): MB/s}"""
    workloads = [w for w in workloads if (w, "ujson") in values]
    libraries = [lib for lib in libraries if any((w, lib) in values for w in workloads)]
    if not workloads:
        return False
    bar = 0.8 / len(libraries)
    fig, ax = plt.subplots(figsize=(8, 0.35 * len(workloads) * len(libraries) / 4 + 1.5))
    for i, lib in enumerate(libraries):
        ys, xs = [], []
        for j, w in enumerate(workloads):
            if (w, lib) in values:
                ys.append(j + (i - (len(libraries) - 1) / 2) * bar)
                xs.append(values[(w, lib)] / values[(w, "ujson")])
        ax.barh(ys, xs, height=bar, color=COLORS.get(lib, "#7f7f7f"), label=lib)
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log")
    ticks = [0.05, 0.1, 0.25, 0.5, 1, 2, 4]
    ax.set_xticks(ticks)
    ax.set_xticklabels([f"{t:g}×" for t in ticks])
    ax.set_xlim(0.03, 5)
    ax.set_yticks(range(len(workloads)))
    ax.set_yticklabels(workloads, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("speed relative to ujson (MB/s ÷ ujson's MB/s; right of the line = faster than ujson)")
    ax.set_title(f"{title}: every library against ujson")
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, format="svg", metadata={"Date": None})
    plt.close(fig)
    return True


def main():
    request = json.load(sys.stdin)
    matplotlib.rcParams["svg.hashsalt"] = "ujson-bench"
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: small files
    written = {}
    for op, title in request["operations"].items():
        values = {(r["workload"], r["library"]): r["mbps"] for r in request["rows"] if r["operation"] == op}
        name = f"{request['prefix']}{op}.svg"
        if draw(title, request["workloads"], request["libraries"], values, os.path.join(request["out_dir"], name)):
            written[op] = name
    json.dump(written, sys.stdout)


if __name__ == "__main__":
    main()
