"""The schema part of `make load` (LOAD_PARTS=schema): POST /validate?schema=NAME against
ujsond --schema-dir and the Node.js peer doing the same job with ajv.

The schemas are bench/schemas/NAME.schema.json (the ones `make bench`'s schema table uses),
linked into build/load/schemas/NAME.json, the file name ujsond takes a schema's name from;
the bodies are the load workloads of the same names. Node.js (tests/load/node_server.js
with that directory) compiles each with ajv once at start (npm, installed on first use under
build/load/node, as @msgpack/msgpack is) and answers JSON.parse then validate.
Before a row's runs, one request by hand to each server: the body must be answered
200 {"valid":true} by both, and a copy of it with one value too many
(BODIES/NAME.invalid.json) 422 with a non-empty "errors" list by both.
Bar (issue 13): ujsond >= 5x Node.js + ajv on the corpus files, >= 3x on the seed workloads.
"""
import json
import time

SCHEMA_SECTION = "## JSON Schema: /validate?schema=NAME against Node.js + ajv"
# (workload, bar): each workload has bench/schemas/<workload>.schema.json.
SCHEMA_ROWS = [("twitter", 5.0), ("citm_catalog", 5.0), ("canada", 5.0),
               ("medium_object", 3.0), ("doubles", 3.0), ("dict_of_arrays", 3.0)]
AJV_PACKAGE = "ajv@8.20.0"  # the version bench/schema/report.py measures
INVALID_MEMBER = "ujson_load_unexpected"


def schema_dir(harness):
    """build/load/schemas/NAME.json -> bench/schemas/NAME.schema.json, for each row."""
    directory = harness.ROOT / "build" / "load" / "schemas"
    directory.mkdir(parents=True, exist_ok=True)
    for wid, _ in SCHEMA_ROWS:
        link = directory / f"{wid}.json"
        link.unlink(missing_ok=True)
        link.symlink_to(harness.ROOT / "bench" / "schemas" / f"{wid}.schema.json")
    return directory


def ensure_ajv(harness):
    if not (harness.NODE_PREFIX / "node_modules" / "ajv" / "package.json").exists():
        harness.npm_install(AJV_PACKAGE)


def write_invalid_body(harness, wid):
    """BODIES/<wid>.invalid.json: the body with one value the schema refuses, added last (so a
    validator reaches it after the rest): a member no schema of ours allows to an object (each
    root object has additionalProperties: false or propertyNames), a string to an array of
    arrays or numbers."""
    doc = json.loads((harness.BODIES / f"{wid}.json").read_text())
    if isinstance(doc, dict):
        doc[INVALID_MEMBER] = 1
    else:
        doc.append(INVALID_MEMBER)
    (harness.BODIES / f"{wid}.invalid.json").write_text(json.dumps(doc))


def check_row(harness, servers, wid, path, failures):
    """One valid and one invalid request by hand to each server; their verdicts must agree
    with what we know of the bodies. Returns each server's first error on the invalid body."""
    first_errors = {}
    for body_file, want_status in ((f"{wid}.json", 200), (f"{wid}.invalid.json", 422)):
        body = (harness.BODIES / body_file).read_bytes()
        for server in servers:
            status, _, answer = harness.exchange(server.port, path, body)
            try:
                verdict = json.loads(answer)
            except ValueError:
                verdict = {}
            ok = status == want_status and verdict.get("valid") is (want_status == 200)
            if want_status == 422:
                ok = ok and bool(verdict.get("errors"))
                first_errors[server.name] = (verdict.get("errors") or [{}])[0]
            if not ok:
                failures.append(f"{server.name} {path} {body_file}: status {status} (expected {want_status}): "
                                f"{answer[:200]!r}")
    return first_errors


def run_schema(harness, rows, failures):
    """Per row of rows (of SCHEMA_ROWS): the checks by hand, then ujsond and Node.js + ajv back to back under wrk;
    (server, workload) -> wrk result."""
    ensure_ajv(harness)
    directory = schema_dir(harness)
    results = {}
    servers = []
    try:
        servers = [harness.start_ujsond(schema_dir=directory), harness.start_node(schema_dir=directory)]
        for wid, _ in rows:
            path = f"/validate?schema={wid}"
            write_invalid_body(harness, wid)
            for server, error in check_row(harness, servers, wid, path, failures).items():
                print(f"{server:7} {wid} invalid body: {error.get('keywordLocation')} at "
                      f"{error.get('instanceLocation')!r}: {error.get('message')}", flush=True)
            for server in servers:
                harness.wrk(server.port, wid, path, 1)  # warm-up
            for server in servers:
                time.sleep(1)
                r = results[(server.name, wid)] = harness.wrk(server.port, wid, path, harness.DURATION)
                if r["bad"]:
                    failures.append(f"{server.name} {path}: {r['non_2xx']} non-2xx, "
                                    f"{r['bad'] - r['non_2xx']} socket errors")
                harness.print_run(server, path, wid, r, widths=(30, 15))
    finally:
        for server in servers:
            server.stop()
    return results


def render_schema(harness, index, rows, results, failures):
    labels = {wid: (label, size) for wid, label, size in index}
    lines = [
        SCHEMA_SECTION,
        "",
        "The same servers and cores. ujsond `--schema-dir` holding `bench/schemas/NAME.schema.json` as `NAME.json` "
        "(the schemas of `make bench`'s schema table, 2020-12); Node.js (tests/load/node_server.js) compiles the "
        f"same files once at start with `new Ajv2020({{allErrors: false, strict: false}})` ({AJV_PACKAGE} from npm) "
        "and answers `JSON.parse` then `validate`. Before each row one request by hand checked that both answer "
        "the body 200 `{\"valid\":true}` and the body with one value too many 422 with errors. "
        f"{harness.CONNECTIONS} connections, {harness.DURATION} s per run; "
        "bar (issue 13): ujsond >= 5x Node.js + ajv on the corpus files, >= 3x on the seed workloads.",
        "",
        "| workload | body | endpoint | ujsond req/s | MB/s | p99 ms | Node+ajv req/s | p99 ms | ujsond/Node | bar |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for wid, bar in rows:
        u, n = results.get(("ujsond", wid)), results.get(("node", wid))
        if not u or not n:
            continue
        ratio, verdict = harness.against_node(u, n, bar, failures, f"schema {wid} (Node.js + ajv)")
        label, size = labels.get(wid, (wid, "0"))
        lines.append(f"| {label} | {int(size):,} B | `/validate?schema={wid}` | {u['rps']:,.0f} | {u['mbps']:,.1f} | "
                     f"{u['p99_us'] / 1000:.2f} | {n['rps']:,.0f} | {n['p99_us'] / 1000:.2f} | {ratio:.2f}x | {verdict} |")
    lines += ["", "Command: `LOAD_PARTS=schema make load` runs this part alone."]
    return "\n".join(lines) + "\n"
