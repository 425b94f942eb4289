"""The second outside opinion for tests/schema/schema_ajv_test.cpp, asked only where ajv and
ujson::schema disagree: Python's jsonschema (Debian's python3-jsonschema, 4.10), which
implements 2020-12 and draft-07 independently of both.

    /usr/bin/python3 jsonschema_oracle.py IN OUT
      IN: one case per line, {"schema": S, "instances": [I...]} (S names its dialect).
      OUT: per line, a JSON array of jsonschema's verdicts, or {"error": MESSAGE}.
"""
import json
import sys

import jsonschema


def verdicts(schema, instances):
    validator = jsonschema.validators.validator_for(schema)(schema)
    return [validator.is_valid(i) for i in instances]


def main(in_path, out_path):
    out = []
    with open(in_path, encoding="utf-8") as cases:
        for line in cases:
            case = json.loads(line)
            try:
                out.append(json.dumps(verdicts(case["schema"], case["instances"]), separators=(",", ":")))
            except Exception as e:  # noqa: BLE001 - reported to the test, which fails on it
                out.append(json.dumps({"error": repr(e)}))
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
