#!/usr/bin/env python3
"""Seeds for fuzz_schema and fuzz_schema_pair from the JSON-Schema-Test-Suite's required
tests (data/JSON-Schema-Test-Suite): one file per schema, and one per (schema, instance)
pair, each behind the checks' option byte (schema_checks.hpp). scripts/fuzz runs it.

Usage: schema_seeds.py SUITE_DIR schema|schema_pair OUT_DIR"""
import json
import pathlib
import sys


def main():
    suite, fuzzer, out = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    for option, folder in ((0, "draft2020-12"), (2, "draft7")):
        for path in sorted((suite / "tests" / folder).glob("*.json")):
            for g, group in enumerate(json.loads(path.read_text())):
                schema = json.dumps(group["schema"]).encode()
                name = f"{folder}-{path.stem}-{g}"
                if fuzzer == "schema":
                    (out / f"seed-{name}").write_bytes(bytes([option]) + schema)
                    continue
                for t, test in enumerate(group["tests"]):
                    data = json.dumps(test["data"]).encode()
                    (out / f"seed-{name}-{t}").write_bytes(bytes([option | 4 * 3]) + schema + b"\0" + data)


if __name__ == "__main__":
    main()
