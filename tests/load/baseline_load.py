"""The baseline part of `make load` (LOAD_PARTS=baseline LOAD_BASELINE=REV): this tree's ujsond
against the ujsond of an earlier revision, for an issue's "no slower" bar.

REV is a git revision (its tree is exported with `git archive` into build/load/baseline/REV
and its ujsond built there with the release preset, once) or the path of a ujsond binary.
Both servers run at once on the same core (--threads 1, access log off), wrk on the other;
each row takes LOAD_BASELINE_ROUNDS (default 3) rounds of one run per server, the order
alternating, so that the machine's other load falls on both: a table across hours (the
first part) moves with the host, a ratio within a round does not. Rows: the corpus files
on each endpoint, or LOAD_WORKLOADS.
Bar: this tree's median at least 95% of the baseline's (runs of one build vary by a few
percent round to round here; a real loss shows in every round's figures, printed too).
"""
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

BASELINE_SECTION = "## Against an earlier build"
BASELINE_WORKLOADS = ["twitter", "citm_catalog", "canada"]
BASELINE_BAR = 0.95


def baseline_ujsond(harness, rev):
    """The baseline's ujsond: the file rev names, or rev's tree built under build/load/baseline/."""
    if Path(rev).is_file():
        return Path(rev)
    commit = subprocess.run(["git", "rev-parse", "--verify", "--short", f"{rev}^{{commit}}"], cwd=harness.ROOT,
                            capture_output=True, text=True)
    if commit.returncode != 0:
        raise SystemExit(f"load: LOAD_BASELINE={rev!r} is neither a file nor a git revision of this repository")
    tree = harness.ROOT / "build" / "load" / "baseline" / commit.stdout.strip()
    binary = tree / "build" / "release" / "service" / "ujsond"
    if not binary.exists():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.Popen(["git", "archive", commit.stdout.strip()], cwd=harness.ROOT, stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit(f"load: git archive {commit.stdout.strip()} failed")
        subprocess.run(["cmake", "--preset", "release"], cwd=tree, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", "--preset", "release", "--target", "ujsond"], cwd=tree, check=True)
    return binary


def run_baseline(harness, rev, workloads, rounds, failures):
    """(workload, path) -> {"this": [wrk results], "baseline": [...]}, rounds of one run each."""
    old = baseline_ujsond(harness, rev)
    results = {}
    servers = {}
    try:
        log = tempfile.TemporaryFile()
        try:
            servers["baseline"] = harness.start_ujsond(name="baseline", binary=old, log=log)
        except RuntimeError as e:
            # An older ujsond may not know a flag this harness passes: say what it printed.
            log.seek(0)
            printed = log.read().decode(errors="replace").strip()[-600:]
            raise SystemExit(f"load: the baseline ujsond {old} did not start ({e}): {printed or 'no output'}")
        servers["this"] = harness.start_ujsond(name="this")
        for wid in workloads:
            for path in harness.ENDPOINTS:
                for server in servers.values():
                    harness.wrk(server.port, wid, path, 1)  # warm-up
                runs = results[(wid, path)] = {"this": [], "baseline": []}
                for r in range(rounds):
                    for name in (("baseline", "this") if r % 2 == 0 else ("this", "baseline")):
                        time.sleep(0.5)
                        result = harness.measure(servers[name], wid, path, failures)
                        runs[name].append(result)
                        harness.print_run(servers[name], path, wid, result)
    finally:
        for server in servers.values():
            server.stop()
    return results


def described(harness, rev):
    """`rev` (commit abc1234 of 2026-12-01 18:36), or the binary's path as given."""
    if Path(rev).is_file():
        return f"`{rev}`"
    when = subprocess.run(["git", "log", "-1", "--format=%h of %cd", "--date=format:%Y-%m-%d %H:%M", rev],
                          cwd=harness.ROOT, capture_output=True, text=True).stdout.strip()
    return f"`{rev}` (commit {when})"


def render_baseline(harness, index, rev, rounds, results, failures):
    labels = {wid: (label, size) for wid, label, size in index}
    lines = [
        BASELINE_SECTION,
        "",
        f"This tree's ujsond against the ujsond of {described(harness, rev)} (LOAD_BASELINE), both `--threads 1 --access-log=false` "
        f"on the same core, wrk on the other, {harness.CONNECTIONS} connections; {rounds} rounds of one "
        f"{harness.DURATION} s run each, the order alternating; req/s are medians. "
        f"Bar: this tree at least {BASELINE_BAR:.0%} of the baseline.",
        "",
        "| workload | body | endpoint | baseline req/s | this req/s | this/baseline | baseline runs | this runs | bar |",
        "|---|---:|---|---:|---:|---:|---|---|---|",
    ]
    for (wid, path), runs in results.items():
        old = statistics.median(r["rps"] for r in runs["baseline"])
        new = statistics.median(r["rps"] for r in runs["this"])
        ratio = new / old if old else float("inf")
        ok = ratio >= BASELINE_BAR
        if not ok:
            failures.append(f"baseline {wid} {path}: {ratio:.2f}x the baseline's req/s (bar {BASELINE_BAR:.2f})")
        label, size = labels.get(wid, (wid, "0"))
        lines.append("| " + " | ".join([
            label, f"{int(size):,} B", path, f"{old:,.0f}", f"{new:,.0f}", f"{ratio:.2f}",
            " ".join(f"{r['rps']:,.0f}" for r in runs["baseline"]), " ".join(f"{r['rps']:,.0f}" for r in runs["this"]),
            f"≥{BASELINE_BAR:.2f} {'✓' if ok else '✗'}"]) + " |")
    lines += ["", f"Command: `LOAD_PARTS=baseline LOAD_BASELINE={rev} make load` runs this part alone."]
    return "\n".join(lines) + "\n"
