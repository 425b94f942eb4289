#!/usr/bin/python3
"""The outside oracle for service_pipelines_test.cpp: the body Fluent Bit's out_http sends
with `format msgpack` and `compress gzip`, by Debian's python3-msgpack and Python's gzip.

  fluent_bit_body.py DIR

writes
  DIR/body.gz          the events, each [[EventTime, {}], record] (Fluent Bit 2.1 and later;
                       the event format of docs.fluentbit.io/manual/concepts/key-concepts),
                       concatenated, gzip-compressed as flb_gzip_compress does; the timestamp
                       is the EventTime extension (ext type 0, 8 bytes: big-endian u32
                       seconds, u32 nanoseconds), as the msgpack-format page of Fluent Bit's
                       developer docs describes
  DIR/legacy.gz        the same records in the format before 2.1: [EventTime, record]
  DIR/base64.ndjson    json.dumps of each event as /decode?binary=base64 answers it (one
                       line per event): the EventTime as RFC 3339 text by Python's datetime,
                       binary values as base64 text
  DIR/skipped.ndjson   the same without the events that hold a binary value, which
                       ndjson_errors=skip leaves out when binary=base64 is not given
  DIR/legacy.ndjson    base64.ndjson for legacy.gz
"""
import base64
import datetime
import gzip
import json
import struct
import sys

import msgpack

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)


def event_time(seconds, nanoseconds):
    return msgpack.ExtType(0, struct.pack(">II", seconds, nanoseconds))


def rfc3339(seconds, nanoseconds):
    text = (EPOCH + datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%S")
    if nanoseconds:
        text += "." + f"{nanoseconds:09d}".rstrip("0")
    return text + "Z"


def records():
    """(seconds, nanoseconds, record) of a tail input's kind; the fourth holds raw bytes."""
    out = []
    for i in range(40):
        record = {
            "log": f"GET /api/v1/items/{i} HTTP/1.1 200 {512 + i} \"-\" \"curl/8.5\"",
            "stream": "stdout" if i % 3 else "stderr",
            "kubernetes": {"pod_name": f"web-{i % 4}", "namespace_name": "default",
                           "labels": {"app": "web", "tier": "frontend"}},
            "latency_ms": i * 1.25,
            "status": 200 if i % 7 else 503,
            "retry": i % 5 == 0,
            "trace": None,
            "message": "caf\u00e9 \u2713 " * (i % 3),
        }
        if i % 10 == 3:
            record["payload"] = bytes(range(i, i + 6))
        out.append((1_700_000_000 + i, (i * 123_456_789) % 1_000_000_000, record))
    return out


def as_json(record, binary):
    """The record as JSON sees it; binary values by `binary` (base64 text, or None: refused)."""
    result = {}
    for key, value in record.items():
        if isinstance(value, bytes):
            if binary is None:
                return None
            value = base64.b64encode(value).decode()
        result[key] = value
    return result


def main():
    out = sys.argv[1]
    body, legacy = bytearray(), bytearray()
    lines = {"base64": [], "skipped": [], "legacy": []}
    for seconds, nanoseconds, record in records():
        stamp = event_time(seconds, nanoseconds)
        body += msgpack.packb([[stamp, {}], record], use_bin_type=True)
        legacy += msgpack.packb([stamp, record], use_bin_type=True)
        text, encoded, plain = rfc3339(seconds, nanoseconds), as_json(record, "base64"), as_json(record, None)
        lines["base64"].append(json.dumps([[text, {}], encoded], ensure_ascii=False))
        lines["legacy"].append(json.dumps([text, encoded], ensure_ascii=False))
        if plain is not None:
            lines["skipped"].append(json.dumps([[text, {}], plain], ensure_ascii=False))
    with open(f"{out}/body.gz", "wb") as f:
        f.write(gzip.compress(bytes(body)))
    with open(f"{out}/legacy.gz", "wb") as f:
        f.write(gzip.compress(bytes(legacy)))
    for name, text in lines.items():
        with open(f"{out}/{name}.ndjson", "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in text))


if __name__ == "__main__":
    main()
