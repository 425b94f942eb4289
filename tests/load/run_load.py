#!/usr/bin/env python3
"""`make load`: wrk against ujsond, a Node.js JSON server and nginx (no JSON work, the
ceiling), per workload and endpoint; prints the table and writes bench/results/http.md.

The servers run pinned to CPU 0 (ujsond with --threads 1), wrk pinned to CPU 1; each cell
runs the three back to back.
A second part measures what the access log costs: ujsond with --access-log=true (the
default) against --access-log=false on the same rows, runs interleaved, log to a file.
A third part sends gzip-compressed bodies (Content-Encoding: gzip; Python's gzip, level 6)
to ujsond and to Node.js (zlib.gunzipSync, then the same work); each row must reach 3x Node.
A fourth part ("pipelines") sends what log shippers send: the medium seed workload as one
MessagePack value to /decode (a JSON answer; Node.js reads it with the npm package
@msgpack/msgpack, installed under build/load/node), and an NDJSON batch of 10,000 USER
objects of that workload, 1% of its lines broken, to /decode?ndjson_errors=skip (Node.js:
JSON.parse line by line, skipping what it refuses); both servers must answer the same
values and skip counts, and each row must reach 3x Node.
A fifth part ("schema", tests/load/schema_load.py) sends the corpus files and the seed
workloads that have a schema in bench/schemas/ to /validate?schema=NAME, ujsond with
--schema-dir against Node.js validating with ajv (npm, installed under build/load/node).
A sixth part, run only when asked for ("baseline", tests/load/baseline_load.py), sets this
tree's ujsond against an earlier revision's, LOAD_BASELINE, round by round.
Every run must answer 2xx only: any other status, or a socket error, fails `make load`; so
does a log-on run whose log lacks a line for an answered request.
Environment: LOAD_DURATION (seconds per run, default 3), LOAD_CONNECTIONS (default 32),
LOAD_WORKLOADS (comma-separated ids, default all), LOAD_PARTS (table,access-log,gzip,pipelines,schema,
baseline: the parts to run, default all but baseline; http.md keeps a part from the last run that
had it), LOAD_LOG_ROUNDS (off/on pairs per access-log row, default 5), LOAD_BASELINE (a git
revision or a ujsond binary: the baseline part's other server), LOAD_BASELINE_ROUNDS (default 3).
"""
import gzip
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import baseline_load
import schema_load

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build" / "release"
BODIES = ROOT / "build" / "load" / "bodies"
SCRIPTS = ROOT / "tests" / "load" / "wrk"
RESULTS = ROOT / "bench" / "results" / "http.md"
DURATION = int(os.environ.get("LOAD_DURATION", "3"))
CONNECTIONS = int(os.environ.get("LOAD_CONNECTIONS", "32"))
ENDPOINTS = ["/validate", "/decode", "/encode"]
SERVER_CPU, CLIENT_CPU = "0", "1"
KNOWN_PARTS = ["table", "access-log", "gzip", "pipelines", "schema", "baseline"]
PARTS = os.environ.get("LOAD_PARTS", ",".join(KNOWN_PARTS[:-1])).split(",")
LOG_ROUNDS = int(os.environ.get("LOAD_LOG_ROUNDS", "5"))
# The access log's rows: the medium body, and the smallest body (the most requests
# per second, so the most lines: the log's worst case).
LOG_ROWS = [("medium_object", "/validate"), ("trues", "/validate")]
LOG_BAR = 0.97  # log on >= 97% of log off
LOG_SECTION = "## The access log's cost"
# Compressed bodies: (workload, endpoint); the body is <workload>.json.gz, the wrk script
# wrk/<workload>_gzip.lua.
GZIP_ROWS = [("twitter", "/validate"), ("twitter", "/decode"), ("canada", "/validate"), ("canada", "/decode")]
GZIP_SECTION = "## Compressed bodies"
GZIP_BAR = 3.0  # ujsond >= 3x Node.js
# What log shippers send: (workload, path, Content-Type, body file); the wrk script is
# wrk/<workload>.lua. Bodies are written by write_pipeline_bodies().
PIPELINE_ROWS = [
    ("medium_object_msgpack", "/decode", "application/msgpack", "medium_object.msgpack"),
    ("batch_skip", "/decode?ndjson_errors=skip", "application/x-ndjson", "batch_skip.ndjson"),
]
PIPELINE_SECTION = "## Pipelines: MessagePack and NDJSON batches with bad lines"
PIPELINE_BAR = 3.0  # ujsond >= 3x Node.js
BATCH_LINES, BATCH_BAD_EVERY = 10_000, 100
MSGPACK_PACKAGE = "@msgpack/msgpack@3.1.3"
NODE_PREFIX = ROOT / "build" / "load" / "node"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc, timeout=10.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


class Server:
    def __init__(self, name, argv, port, cwd=None, log=None):
        self.name, self.port = name, port
        self.log = log or tempfile.TemporaryFile()
        self.proc = subprocess.Popen(["taskset", "-c", SERVER_CPU] + argv, stdout=self.log, stderr=self.log, cwd=cwd)
        wait_port(port, self.proc)

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def start_ujsond(access_log=False, log=None, name="ujsond", schema_dir=None, binary=None):
    port = free_port()
    schemas = ["--schema-dir", str(schema_dir)] if schema_dir else []
    return Server(name, [str(binary or BUILD / "service" / "ujsond"), "--port", str(port), "--threads", "1",
                         f"--access-log={'true' if access_log else 'false'}", "--drain-timeout", "0"] + schemas,
                  port, log=log)


def start_node(schema_dir=None):
    port = free_port()
    os.environ["UJSON_LOAD_NODE_MODULES"] = str(NODE_PREFIX / "node_modules")
    schemas = [str(schema_dir)] if schema_dir else []
    return Server("node", ["node", str(ROOT / "tests" / "load" / "node_server.js"), str(port)] + schemas, port)


def npm_install(package):
    """An npm package under NODE_PREFIX, for the Node.js peer."""
    NODE_PREFIX.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NODE_PREFIX), package],
                   check=True, stdout=subprocess.DEVNULL)


def start_nginx(tmp):
    port = free_port()
    conf = (ROOT / "tests" / "load" / "nginx.conf.in").read_text()
    conf = conf.replace("@PORT@", str(port)).replace("@DIR@", str(tmp))
    path = Path(tmp) / "nginx.conf"
    path.write_text(conf)
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    return Server("nginx", [nginx, "-c", str(path), "-p", str(tmp), "-e", str(Path(tmp) / "nginx-error.log")], port)


def wrk(port, workload, path, duration):
    script = SCRIPTS / f"{workload}.lua"
    if not script.exists():  # wrk would send GETs without a body and count every 405
        raise SystemExit(f"load: no wrk script {script} for workload {workload} (tests/load/wrk/<workload>.lua)")
    env = dict(os.environ, UJSON_LOAD_PATH=path, UJSON_LOAD_BODIES=str(BODIES), UJSON_LOAD_SCRIPTS=str(SCRIPTS))
    cmd = ["taskset", "-c", CLIENT_CPU, "wrk", "-t1", f"-c{CONNECTIONS}", f"-d{duration}s", "--timeout", "10s",
           "-s", str(script), f"http://127.0.0.1:{port}{path}"]
    out = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    line = [l for l in out.splitlines() if l.startswith('{"requests"')]
    if not line:
        raise RuntimeError("wrk printed no summary:\n" + out)
    r = json.loads(line[-1])
    seconds = r["duration_us"] / 1e6
    r["rps"] = r["requests"] / seconds
    r["mbps"] = r["rps"] * r["body_bytes"] / 1e6
    r["bad"] = r["non_2xx"] + r["connect_errors"] + r["read_errors"] + r["write_errors"] + r["timeouts"]
    return r


def exchange(port, path, body, content_type="application/json", coding=""):
    """One request by hand: (status, headers as a dict with lower-case names, body)."""
    coding = f"Content-Encoding: {coding}\r\n" if coding else ""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n{coding}"
                  f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
        data = b""
        while chunk := s.recv(1 << 16):
            data += chunk
    head, _, answer = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (l.partition(":") for l in lines[1:])}
    return int(lines[0].split(" ", 2)[1]), headers, answer


def check_answer(port, workload, path, gzip_body=False):
    """One request by hand: the server answers this body with a 2xx (wrk only counts)."""
    body = (BODIES / f"{workload}.json{'.gz' if gzip_body else ''}").read_bytes()
    return exchange(port, path, body, coding="gzip" if gzip_body else "")[0]


def measure(server, wid, path, failures, gzip_body=False):
    """One wrk run of a workload's body against one server, after one request by hand; any
    answer but 2xx, or a socket error, is a failure."""
    status = check_answer(server.port, wid, path, gzip_body)
    r = wrk(server.port, f"{wid}_gzip" if gzip_body else wid, path, DURATION)
    if r["bad"] or not 200 <= status < 300:
        failures.append(f"{server.name} {path} {wid}{' (gzip)' if gzip_body else ''}: status {status}, "
                        f"{r['non_2xx']} non-2xx, {r['bad'] - r['non_2xx']} socket errors")
    return r


def print_run(server, path, wid, r, widths=(10, 15)):
    """One wrk result, as the run goes."""
    print(f"{server.name:7} {path:{widths[0]}} {wid:{widths[1]}} {r['rps']:10.0f} req/s {r['mbps']:9.1f} MB/s "
          f"p99 {r['p99_us'] / 1000:7.2f} ms  non-2xx {r['non_2xx']}", flush=True)


def against_node(u, n, bar, failures, what):
    """ujsond's req/s over Node's and the table's bar cell; under the bar is a failure, named by what."""
    ratio = u["rps"] / n["rps"] if n["rps"] else float("inf")
    if ratio < bar:
        failures.append(f"{what}: ujsond {ratio:.2f}x Node.js, under {bar:g}x")
    return ratio, f"≥{bar:g}× Node {'✓' if ratio >= bar else '✗'}"


def metric(port, name):
    """One counter from ujsond's /metrics."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        data = b""
        while chunk := s.recv(1 << 16):
            data += chunk
    m = re.search(rf"^{name} (\d+)$", data.decode(), re.M)
    return int(m.group(1)) if m else None


def log_lines(log):
    """The lines in a log-on server's log file, each checked to be one JSON object."""
    log.flush()
    log.seek(0)
    n = 0
    for line in log:
        if not line.startswith(b"{") or not isinstance(json.loads(line), dict):
            raise RuntimeError(f"log line is not a JSON object: {line[:200]!r}")
        n += 1
    return n


def main():
    for tool in ("wrk", "node", "taskset"):
        if not shutil.which(tool):
            sys.exit(f"load: {tool} is missing (scripts/bootstrap load installs it)")
    if (os.cpu_count() or 1) < 2:
        global CLIENT_CPU
        CLIENT_CPU = "0"
    unknown = set(PARTS) - set(KNOWN_PARTS)
    if unknown:
        sys.exit(f"load: unknown LOAD_PARTS {', '.join(sorted(unknown))} (known: {', '.join(KNOWN_PARTS)})")
    baseline = os.environ.get("LOAD_BASELINE", "")
    if "baseline" in PARTS and not baseline:
        sys.exit("load: LOAD_PARTS=baseline needs LOAD_BASELINE (a git revision or a ujsond binary)")
    BODIES.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(BUILD / "tests" / "load" / "load_bodies"), str(BODIES)], check=True)
    index = [l.split("\t") for l in (BODIES / "index.tsv").read_text().splitlines()]
    wanted = os.environ.get("LOAD_WORKLOADS")
    if wanted:
        index = [w for w in index if w[0] in wanted.split(",")]

    failures = []
    sections = {}
    if "table" in PARTS:
        results = run_table(index, failures)
        sections["table"] = render(index, results, failures)
    if "access-log" in PARTS:
        rows = [r for r in LOG_ROWS if not wanted or r[0] in wanted.split(",")]
        log_results = run_access_log(rows, failures)
        sections["access-log"] = render_access_log(index, rows, log_results)
    if "gzip" in PARTS:
        rows = [r for r in GZIP_ROWS if not wanted or r[0] in wanted.split(",")]
        for wid in {w for w, _ in rows}:
            (BODIES / f"{wid}.json.gz").write_bytes(gzip.compress((BODIES / f"{wid}.json").read_bytes(), 6))
        gzip_results = run_gzip(rows, failures)
        sections["gzip"] = render_gzip(index, rows, gzip_results, failures)
    if "pipelines" in PARTS:
        write_pipeline_bodies()
        pipeline_results = run_pipelines(failures)
        sections["pipelines"] = render_pipelines(pipeline_results, failures)
    if "schema" in PARTS:
        harness = sys.modules[__name__]  # the servers, wrk and exchange above, for the part's module
        rows = [r for r in schema_load.SCHEMA_ROWS if not wanted or r[0] in wanted.split(",")]
        schema_results = schema_load.run_schema(harness, rows, failures)
        sections["schema"] = schema_load.render_schema(harness, index, rows, schema_results, failures)
    if "baseline" in PARTS:
        rounds = int(os.environ.get("LOAD_BASELINE_ROUNDS", "3"))
        workloads = wanted.split(",") if wanted else baseline_load.BASELINE_WORKLOADS
        baseline_results = baseline_load.run_baseline(sys.modules[__name__], baseline, workloads, rounds, failures)
        sections["baseline"] = baseline_load.render_baseline(sys.modules[__name__], index, baseline, rounds,
                                                             baseline_results, failures)

    report = write_results(sections)
    print()
    print(report)
    if failures:
        print("load: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
        sys.exit(1)


def run_table(index, failures):
    results = {}  # (server, workload, path) -> wrk result
    # All three servers run at once, pinned to the same core (an idle one takes no CPU),
    # and each cell runs them back to back, so that a change in the machine's other load
    # shifts the numbers being compared together.
    with tempfile.TemporaryDirectory() as tmp:
        servers = []
        try:
            for start in (start_ujsond, start_node, lambda: start_nginx(tmp)):
                servers.append(start())
            for server in servers:
                wrk(server.port, index[0][0], "/validate", 1)  # warm-up
            for wid, label, size in index:
                for path in ENDPOINTS:
                    for server in servers:
                        if server.name == "nginx" and path != "/validate":
                            continue  # the ceiling does no JSON work: one endpoint is enough
                        # A moment for the previous server's leftovers (Node's garbage
                        # collector keeps working after its run) before measuring this one.
                        time.sleep(1)
                        r = results[(server.name, wid, path)] = measure(server, wid, path, failures)
                        print_run(server, path, wid, r)
        finally:
            for server in servers:
                server.stop()
    return results


def run_access_log(rows, failures):
    """Per row, LOG_ROUNDS pairs of runs, log off and log on, their order alternating, so that
    a change in the machine's other load falls on both; (workload, path) -> {"off": [...], "on": [...]}."""
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        log = open(Path(tmp) / "access.log", "a+b")  # appended to, as `2>>file` would be
        servers = {}
        try:
            servers["off"] = start_ujsond()
            servers["on"] = start_ujsond(access_log=True, log=log, name="ujsond-log")
            for wid, path in rows:
                runs = results[(wid, path)] = {"off": [], "on": [], "dropped": 0}
                dropped_before = metric(servers["on"].port, "ujsond_log_lines_dropped_total")
                for server in servers.values():
                    wrk(server.port, wid, path, 1)  # warm-up
                for round_ in range(LOG_ROUNDS):
                    for mode in (("off", "on") if round_ % 2 == 0 else ("on", "off")):
                        server = servers[mode]
                        time.sleep(1)
                        log.truncate(0)
                        r = measure(server, wid, path, failures)
                        runs[mode].append(r)
                        line = ""
                        if mode == "on":
                            time.sleep(0.5)  # the log thread writes what arrived within some 10 ms
                            lines = log_lines(log)
                            # wrk counts the answers it read; the server may have sent a few more.
                            if lines < r["requests"] + 1:
                                failures.append(f"ujsond-log {path} {wid}: {lines} log lines for "
                                                f"{r['requests'] + 1} answered requests")
                            line = f"  log lines {lines}"
                        print(f"{server.name:10} {path:10} {wid:15} {r['rps']:10.0f} req/s "
                              f"p99 {r['p99_us'] / 1000:7.2f} ms{line}", flush=True)
                runs["dropped"] = metric(servers["on"].port, "ujsond_log_lines_dropped_total") - dropped_before
                if runs["dropped"]:
                    failures.append(f"ujsond-log {path} {wid}: {runs['dropped']} log lines dropped")
        finally:
            for server in servers.values():
                server.stop()
            log.close()
    return results


def run_gzip(rows, failures):
    """Per row, ujsond and Node.js back to back on the gzip body; (server, workload, path) -> wrk result."""
    results = {}
    servers = []
    try:
        servers = [start_ujsond(), start_node()]
        for wid, path in rows:
            for server in servers:
                time.sleep(1)
                r = results[(server.name, wid, path)] = measure(server, wid, path, failures, gzip_body=True)
                print(f"{server.name:7} {path:10} {wid + ' gzip':15} {r['rps']:10.0f} req/s "
                      f"p99 {r['p99_us'] / 1000:7.2f} ms  non-2xx {r['non_2xx']}", flush=True)
    finally:
        for server in servers:
            server.stop()
    return results


def render_gzip(index, rows, results, failures):
    sizes = {w[0]: int(w[2]) for w in index}
    lines = [
        GZIP_SECTION,
        "",
        f"The same servers and cores; the body gzip-compressed (Python's gzip, level 6) and sent with "
        f"`Content-Encoding: gzip`: ujsond decodes it as it arrives, Node.js gunzips it (`zlib.gunzipSync`) "
        f"before the same work. {CONNECTIONS} connections, {DURATION} s per run; bar: ujsond >= {GZIP_BAR:g}x Node.js.",
        "",
        "| workload | body (gzip) | endpoint | ujsond req/s | p99 ms | Node req/s | p99 ms | ujsond/Node | bar |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for wid, path in rows:
        u, n = results[("ujsond", wid, path)], results[("node", wid, path)]
        ratio, verdict = against_node(u, n, GZIP_BAR, failures, f"gzip {wid} {path}")
        gz = (BODIES / f"{wid}.json.gz").stat().st_size
        lines.append(f"| {wid} | {sizes.get(wid, 0):,} B ({gz:,} B) | {path} | {u['rps']:,.0f} | {u['p99_us'] / 1000:.2f} | "
                     f"{n['rps']:,.0f} | {n['p99_us'] / 1000:.2f} | {ratio:.2f}x | {verdict} |")
    lines += ["", "Command: `LOAD_PARTS=gzip make load` runs this part alone."]
    return "\n".join(lines) + "\n"


def write_pipeline_bodies():
    """medium_object.msgpack, packed by @msgpack/msgpack (installed under NODE_PREFIX on first
    use), and batch_skip.ndjson: BATCH_LINES USER objects of the medium seed workload, each
    its own, every BATCH_BAD_EVERY-th line cut short (not JSON)."""
    package = NODE_PREFIX / "node_modules" / "@msgpack" / "msgpack" / "package.json"
    if not package.exists():
        npm_install(MSGPACK_PACKAGE)
    pack = ("const m = require(process.argv[1]); const fs = require('fs');"
            "fs.writeFileSync(process.argv[3], m.encode(JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))));")
    subprocess.run(["node", "-e", pack, str(NODE_PREFIX / "node_modules" / "@msgpack" / "msgpack"),
                    str(BODIES / "medium_object.json"), str(BODIES / "medium_object.msgpack")], check=True)
    medium = json.loads((BODIES / "medium_object.json").read_text())
    user = medium[0][0]  # [[USER, FRIENDS], ...]: the USER object
    lines = []
    for i in range(BATCH_LINES):
        line = json.dumps(dict(user, userId=user["userId"] + i, age=i % 100, liked=user["liked"] + i / 7,
                               username=f"{user['username']}{i}"), separators=(",", ":"))
        lines.append(line[:-7] if i % BATCH_BAD_EVERY == BATCH_BAD_EVERY - 1 else line)
    (BODIES / "batch_skip.ndjson").write_text("\n".join(lines) + "\n")


def run_pipelines(failures):
    """Per row: one request by hand to each server (2xx, the same values, the same skip
    count), then ujsond and Node.js back to back under wrk; (server, workload) -> wrk result."""
    results = {}
    servers = []
    try:
        servers = [start_ujsond(), start_node()]
        for wid, path, content_type, body_file in PIPELINE_ROWS:
            body = (BODIES / body_file).read_bytes()
            answers = [exchange(server.port, path, body, content_type) for server in servers]
            for server, (status, headers, answer) in zip(servers, answers):
                if not 200 <= status < 300:
                    failures.append(f"{server.name} {path} {wid}: status {status}: {answer[:200]!r}")
            values = [[json.loads(l) for l in a.splitlines() if l.strip()] for _, _, a in answers]
            if values[0] != values[1]:
                failures.append(f"{wid}: ujsond and Node.js answer different values")
            skips = [h.get("x-ujson-skipped-lines") for _, h, _ in answers]
            if skips[0] != skips[1]:
                failures.append(f"{wid}: skipped lines ujsond {skips[0]}, Node.js {skips[1]}")
            for server in servers:
                wrk(server.port, wid, path, 1)  # warm-up
            for server in servers:
                time.sleep(1)
                r = results[(server.name, wid)] = wrk(server.port, wid, path, DURATION)
                r["skipped"] = skips[servers.index(server)]
                if r["bad"]:
                    failures.append(f"{server.name} {path} {wid}: {r['non_2xx']} non-2xx, "
                                    f"{r['bad'] - r['non_2xx']} socket errors")
                print_run(server, path, wid, r, widths=(28, 22))
    finally:
        for server in servers:
            server.stop()
    return results


def render_pipelines(results, failures):
    lines = [
        PIPELINE_SECTION,
        "",
        "The same servers and cores. medium_object_msgpack: the medium seed workload as one MessagePack value "
        "(packed by the npm package @msgpack/msgpack), answered as JSON; Node.js decodes it with "
        f"`@msgpack/msgpack` and `JSON.stringify`s it. batch_skip: {BATCH_LINES:,} NDJSON lines, each a USER "
        f"object of the medium workload, every {BATCH_BAD_EVERY}th cut short, to `/decode?ndjson_errors=skip`; "
        "Node.js `JSON.parse`s line by line, skips what throws and writes the rest with `JSON.stringify`. "
        "Before each row one request by hand checked that both answer the same values and skip counts. "
        f"{CONNECTIONS} connections, {DURATION} s per run; bar: ujsond >= {PIPELINE_BAR:g}x Node.js.",
        "",
        "| workload | body | endpoint | ujsond req/s | MB/s | p99 ms | Node req/s | p99 ms | ujsond/Node | skipped | bar |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for wid, path, _, body_file in PIPELINE_ROWS:
        u, n = results.get(("ujsond", wid)), results.get(("node", wid))
        if not u or not n:
            continue
        ratio, verdict = against_node(u, n, PIPELINE_BAR, failures, f"pipelines {wid}")
        size = (BODIES / body_file).stat().st_size
        lines.append(f"| {wid} | {size:,} B | `{path}` | {u['rps']:,.0f} | {u['mbps']:,.1f} | {u['p99_us'] / 1000:.2f} | "
                     f"{n['rps']:,.0f} | {n['p99_us'] / 1000:.2f} | {ratio:.2f}x | {u['skipped'] or '—'} | {verdict} |")
    lines += ["", "Command: `LOAD_PARTS=pipelines make load` runs this part alone."]
    return "\n".join(lines) + "\n"


def write_results(sections):
    """bench/results/http.md: the table part, the access-log part, the gzip part, the
    pipelines part, the schema part, then the baseline part; a part that did not run this
    time is kept as the last run that had it wrote it."""
    old = RESULTS.read_text() if RESULTS.exists() else ""
    old, _, old_baseline = old.partition(baseline_load.BASELINE_SECTION)
    old, _, old_schema = old.partition(schema_load.SCHEMA_SECTION)
    old, _, old_pipelines = old.partition(PIPELINE_SECTION)
    old, _, old_gzip = old.partition(GZIP_SECTION)
    old_table, _, old_log = old.partition(LOG_SECTION)
    table = sections.get("table", old_table).rstrip("\n")
    log = sections.get("access-log", LOG_SECTION + old_log if old_log else "").rstrip("\n")
    compressed = sections.get("gzip", GZIP_SECTION + old_gzip if old_gzip else "").rstrip("\n")
    pipelines = sections.get("pipelines", PIPELINE_SECTION + old_pipelines if old_pipelines else "").rstrip("\n")
    schema = sections.get("schema", schema_load.SCHEMA_SECTION + old_schema if old_schema else "").rstrip("\n")
    against = sections.get("baseline", baseline_load.BASELINE_SECTION + old_baseline if old_baseline else "").rstrip("\n")
    report = "\n\n".join(part for part in (table, log, compressed, pipelines, schema, against) if part) + "\n"
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(report)
    return report


def render(index, results, failures):
    cpu = "unknown CPU"
    try:
        m = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
        cpu = m.group(1) if m else cpu
    except OSError:
        pass
    lines = [
        "# HTTP load: ujsond vs Node.js vs nginx",
        "",
        f"`make load` on {cpu}: each server pinned to one core (ujsond `--threads 1`), wrk on the other, "
        f"{CONNECTIONS} keep-alive connections, {DURATION} s per cell, the three servers back to back in each "
        "cell; MB/s counts request bodies. "
        "Node.js: `http` + `JSON.parse`/`JSON.stringify` (tests/load/node_server.js). "
        "nginx: `return 200`, no JSON work (the ceiling). Every response was checked to be 2xx.",
        "",
        "| workload | body | endpoint | ujsond req/s | MB/s | p99 ms | Node req/s | p99 ms | ujsond/Node | "
        "nginx req/s | ujsond/nginx | bar |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    corpus = {"twitter", "citm_catalog", "canada"}
    verdicts = []
    for wid, label, size in index:
        ceiling = results.get(("nginx", wid, "/validate"))
        for path in ENDPOINTS:
            u, n = results.get(("ujsond", wid, path)), results.get(("node", wid, path))
            if not u or not n:
                continue
            ratio = u["rps"] / n["rps"] if n["rps"] else float("inf")
            of_ceiling = u["rps"] / ceiling["rps"] if ceiling and path == "/validate" else None
            need = 10 if wid in corpus and path == "/validate" else 3 if path == "/validate" else 2
            ok = ratio >= need
            bar = f"≥{need}× Node"
            if of_ceiling is not None and int(size) < 4096:
                ok = ok and of_ceiling >= 0.7
                bar += ", ≥70% nginx"
            verdicts.append(ok)
            cells = [label, f"{int(size):,} B", path, f"{u['rps']:,.0f}", f"{u['mbps']:,.1f}",
                     f"{u['p99_us'] / 1000:.2f}", f"{n['rps']:,.0f}", f"{n['p99_us'] / 1000:.2f}", f"{ratio:.1f}×",
                     f"{ceiling['rps']:,.0f}" if ceiling and path == "/validate" else "—",
                     f"{of_ceiling:.0%}" if of_ceiling is not None else "—",
                     f"{bar} {'✓' if ok else '✗'}"]
            lines.append("| " + " | ".join(cells) + " |")
    lines += ["", f"Bars met: {sum(verdicts)} of {len(verdicts)}. "
              f"Non-2xx responses or socket errors: {'none' if not failures else len(failures)}.",
              "", "Command: `make load` (tests/load/run_load.py).", ""]
    return "\n".join(lines)


def render_access_log(index, rows, results):
    labels = {wid: (label, size) for wid, label, size in index}
    lines = [
        LOG_SECTION,
        "",
        f"ujsond with `--access-log=true` (the default: one JSON line per request) against "
        f"`--access-log=false`, both `--threads 1` on the same core, wrk on the other, {CONNECTIONS} "
        f"connections; {LOG_ROUNDS} rounds of one {DURATION} s run each way, the order alternating "
        "(off, on, on, off, ...); req/s are medians, on/off is the median of the rounds' ratios. The log "
        "went to a file (as `2>>file`); after every log-on run its lines were counted (at least one per "
        "answered request) and each parsed as a JSON object. "
        f"Bar: log on at least {LOG_BAR:.0%} of log off.",
        "",
        "| workload | body | endpoint | log off req/s | log on req/s | on/off | p99 ms off / on | off runs | "
        "on runs | lines dropped | bar |",
        "|---|---:|---|---:|---:|---:|---:|---|---|---:|---|",
    ]
    for wid, path in rows:
        runs = results.get((wid, path))
        if not runs or not runs["off"] or not runs["on"]:
            continue
        off = statistics.median(r["rps"] for r in runs["off"])
        on = statistics.median(r["rps"] for r in runs["on"])
        # Each round's two runs are back to back: their ratio is what the machine's other
        # load disturbs least (an A/A run with the log off on both gave 99.6% this way and
        # 97.8% as a ratio of medians).
        ratio = statistics.median(a["rps"] / b["rps"] for a, b in zip(runs["on"], runs["off"]) if b["rps"])
        label, size = labels.get(wid, (wid, "0"))
        lines.append("| " + " | ".join([
            label, f"{int(size):,} B", path, f"{off:,.0f}", f"{on:,.0f}", f"{ratio:.1%}",
            f"{statistics.median(r['p99_us'] for r in runs['off']) / 1000:.2f} / "
            f"{statistics.median(r['p99_us'] for r in runs['on']) / 1000:.2f}",
            " ".join(f"{r['rps'] / 1000:.1f}k" for r in runs["off"]),
            " ".join(f"{r['rps'] / 1000:.1f}k" for r in runs["on"]),
            f"{runs['dropped']}", f"≥{LOG_BAR:.0%} {'✓' if ratio >= LOG_BAR else '✗'}"]) + " |")
    lines += ["", "Command: `LOAD_PARTS=access-log make load` runs this part alone.", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
