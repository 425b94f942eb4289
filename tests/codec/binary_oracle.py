#!/usr/bin/python3
"""The outside oracle for tests/codec/binary_differential_test.cpp: Debian's python3-msgpack
and python3-cbor2 (run by /usr/bin/python3, which sees Debian's packages).

  binary_oracle.py generate msgpack|cbor SEED COUNT DIR
      writes DIR/theirs.bin: per random document, its bytes as their library packs them
      and json.dumps of the same Python value, each as a 4-byte little-endian length and
      the bytes (the value mapped to JSON as docs/binary-formats.md says, by Python's
      datetime and base64, not by our code)
  binary_oracle.py check msgpack|cbor SEED COUNT DIR
      reads DIR/ours.bin (per document, our writer's bytes of that JSON, length-prefixed),
      unpacks each with their library and compares it with the same documents made again
      from SEED; prints the differences, exits 1 when there is one

Documents cover every width of integer, float16/32/64, NaN and the infinities, strings
across every length class, binary data (read as base64), MessagePack timestamps of each
size and Fluent Bit's EventTime, CBOR dates (tags 0 and 1) and bignums, non-string map
keys, indefinite-length CBOR items (framed here, leaves packed by cbor2), deep nesting.
"""
import base64
import datetime
import io
import json
import math
import random
import struct
import sys

import cbor2
import msgpack

UTC = datetime.timezone.utc
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)


class Date:
    """A date the format carries natively; `text` is its RFC 3339 form by Python's datetime."""

    def __init__(self, seconds, nanoseconds):
        self.seconds, self.nanoseconds = seconds, nanoseconds
        moment = EPOCH + datetime.timedelta(seconds=seconds)
        self.text = moment.strftime("%Y-%m-%dT%H:%M:%S")
        self.text = self.text.rjust(19, "0")  # strftime drops leading zeros of years below 1000
        if nanoseconds:
            self.text += "." + f"{nanoseconds:09d}".rstrip("0")
        self.text += "Z"


class EventTime(Date):
    pass


INT_EDGES = [0, 1, 23, 24, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**53,
             2**63 - 1, 2**63, 2**64 - 1, -1, -24, -25, -32, -33, -128, -129, -32768, -32769, -2**31,
             -2**31 - 1, -2**63]
CBOR_BIG = [2**64, 2**64 + 1, 2**100, -2**64 - 1, -2**64, -2**64 - 2, -2**100, 10**40, -(10**40), 2**4000]


def random_float(rng, fmt):
    pick = rng.random()
    if pick < 0.05:
        return rng.choice([math.nan, math.inf, -math.inf, -0.0, 0.0, 5e-324, 1.7976931348623157e308])
    if pick < 0.5:
        return rng.uniform(-1e6, 1e6)
    if pick < 0.7:
        return float(rng.randint(-1000, 1000)) / rng.choice([1, 2, 4, 8, 1024])
    bits = rng.getrandbits(64)
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def random_string(rng, short=False):
    length = rng.choice([0, 1, 5, 23, 24, 31, 32, 100, 255, 256, 300, rng.randint(0, 40)])
    if short:
        length = rng.randint(0, 12)
    elif rng.random() < 0.0002:
        length = rng.choice([65535, 65536, 70000])
    low, high = rng.choice([(0, 128), (0, 256), (0, 0x10000), (0x10000, 0x110000)])
    codes = rng.choices(range(low, high), k=length)
    return "".join(chr(c) if not 0xD800 <= c <= 0xDFFF else "A" for c in codes)  # no lone surrogates


def random_date(rng, fmt):
    seconds = rng.choice([0, 1, 2**32 - 1, 2**32, 2**34 - 1, 2**34, -1, -62135596800, 253402300799,
                          rng.randint(-62135596800, 253402300799), rng.randint(0, 2**32 - 1)])
    if fmt == "msgpack":
        nanoseconds = rng.choice([0, 0, 1, 999999999, rng.randint(0, 999999999)])
        if rng.random() < 0.2 and 0 <= seconds < 2**32:
            return EventTime(seconds, nanoseconds)
        return Date(seconds, nanoseconds)
    # CBOR tag 1 as a float must be exact: binary fractions only, and seconds a double holds.
    nanoseconds = rng.choice([0, 0, 500000000, 250000000, 125000000, 750000000])
    if abs(seconds) > 2**40:
        nanoseconds = 0
    return Date(seconds, nanoseconds)


def random_scalar(rng, fmt):
    kind = rng.randint(0, 12)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind in (2, 3):
        return rng.choice(INT_EDGES) if rng.random() < 0.6 else rng.randint(-2**63, 2**64 - 1)
    if kind == 4 and fmt == "cbor":
        return rng.choice(CBOR_BIG)
    if kind in (4, 5, 6):
        return random_float(rng, fmt)
    if kind in (7, 8, 9):
        return random_string(rng)
    if kind == 10:
        return rng.randbytes(rng.choice([0, 1, 2, 3, 4, 5, 31, 32, 300]))
    return random_date(rng, fmt)


def random_key(rng, fmt):
    pick = rng.random()
    if pick < 0.7:
        return random_string(rng, short=True)
    if pick < 0.85:
        return rng.choice(INT_EDGES)
    if pick < 0.93:
        return rng.choice([1.5, -0.0, 1e16, 1e-5, 123.0, 0.0001, 1e300, rng.uniform(-100, 100)])
    return rng.choice([True, False, None])


def random_value(rng, fmt, budget, depth=0):
    """A value of at most about budget[0] nodes (the budget is shared down the tree)."""
    budget[0] -= 1
    if depth > 6 or budget[0] <= 0 or rng.random() < 0.35:
        return random_scalar(rng, fmt)
    size = min(budget[0], rng.choice([0, 1, 2, 3, 5, 15, 16, 17, 24, rng.randint(0, 10)]))
    if rng.random() < 0.5:
        return [random_value(rng, fmt, budget, depth + 1) for _ in range(size)]
    return {random_key(rng, fmt): random_value(rng, fmt, budget, depth + 1) for _ in range(size)}


def document(rng, fmt):
    pick = rng.random()
    if pick < 0.02:  # deep nesting
        value = random_scalar(rng, fmt)
        for _ in range(rng.randint(50, 400)):  # msgpack packs 511 levels at most
            value = [value] if rng.random() < 0.5 else {"k": value}
        return value
    if pick < 0.05 and fmt == "msgpack":  # a Fluent Bit record: [EventTime, {...}]
        return [random_date(rng, fmt), {"log": random_string(rng), "stream": "stdout"}]
    return random_value(rng, fmt, [rng.choice([1, 10, 60])])


# ---- packing, theirs ----------------------------------------------------------------

def msgpack_default(obj):
    if isinstance(obj, EventTime):
        return msgpack.ExtType(0, struct.pack(">II", obj.seconds, obj.nanoseconds))
    if isinstance(obj, Date):
        return msgpack.Timestamp(obj.seconds, obj.nanoseconds)
    raise TypeError(obj)


def pack_msgpack(rng, value):
    single = rng.random() < 0.2  # every float as float32
    return msgpack.packb(value, use_bin_type=True, use_single_float=single, default=msgpack_default), single


def cbor_leaf(value, rng):
    if isinstance(value, Date):
        if rng.random() < 0.5:  # tag 0: the text as is
            return cbor2.dumps(cbor2.CBORTag(0, value.text)), value.text
        seconds = value.seconds + value.nanoseconds / 1e9
        number = value.seconds if value.nanoseconds == 0 else seconds
        return cbor2.dumps(cbor2.CBORTag(1, number)), value.text
    return cbor2.dumps(value, canonical=rng.random() < 0.5), value  # canonical: shortest floats


def pack_cbor(rng, value):
    """CBOR bytes of value, containers and strings sometimes of indefinite length."""
    if isinstance(value, list):
        items = [pack_cbor(rng, v) for v in value]
        if rng.random() < 0.3:
            return b"\x9f" + b"".join(items) + b"\xff"
        return head(4, len(items)) + b"".join(items)
    if isinstance(value, dict):
        items = [pack_cbor(rng, k) + pack_cbor(rng, v) for k, v in value.items()]
        if rng.random() < 0.3:
            return b"\xbf" + b"".join(items) + b"\xff"
        return head(5, len(items)) + b"".join(items)
    if isinstance(value, (str, bytes)) and len(value) > 1 and rng.random() < 0.2:
        cut = rng.randint(1, len(value) - 1)
        if isinstance(value, str):
            return b"\x7f" + cbor2.dumps(value[:cut]) + cbor2.dumps(value[cut:]) + b"\xff"
        return b"\x5f" + cbor2.dumps(value[:cut]) + cbor2.dumps(value[cut:]) + b"\xff"
    return cbor_leaf(value, rng)[0]


def head(major, n):
    if n < 24:
        return bytes([major << 5 | n])
    for width, info in ((1, 24), (2, 25), (4, 26), (8, 27)):
        if n < 1 << (8 * width):
            return bytes([major << 5 | info]) + n.to_bytes(width, "big")
    raise ValueError(n)


# ---- the JSON form, by docs/binary-formats.md -------------------------------------------

def key_text(k, single=False):
    if isinstance(k, float) and single:
        k = as_float32(k)
    if isinstance(k, str):
        return k
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    return str(k)  # as the Python module: str(1) = "1", str(1.5) = "1.5", str(1e16) = "1e+16"


def as_float32(value):
    """What use_single_float packs: the nearest float32 (beyond its range, an infinity)."""
    if not math.isfinite(value):
        return value
    try:
        return struct.unpack(">f", struct.pack(">f", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


def jsonable(value, single):
    if isinstance(value, Date):
        return value.text
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, float) and single:
        return as_float32(value)
    if isinstance(value, list):
        return [jsonable(v, single) for v in value]
    if isinstance(value, dict):
        return {key_text(k, single): jsonable(v, single) for k, v in value.items()}
    return value


def documents(fmt, seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        value = document(rng, fmt)
        if fmt == "msgpack":
            data, single = pack_msgpack(rng, value)
        else:
            data, single = pack_cbor(rng, value), False
        yield data, jsonable(value, single)


def write_record(out, data):
    out.write(struct.pack("<I", len(data)))
    out.write(data)


def read_records(path):
    with open(path, "rb") as f:
        blob = f.read()
    at = 0
    while at < len(blob):
        (n,) = struct.unpack_from("<I", blob, at)
        yield blob[at + 4:at + 4 + n]
        at += 4 + n


def same(a, b):
    """Equal values of the same JSON types; NaN equals NaN, -0.0 differs from 0.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, float) or isinstance(b, float):
        if not (isinstance(a, float) and isinstance(b, float)):
            return False
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def unpack(fmt, data):
    if fmt == "msgpack":
        return msgpack.unpackb(data, raw=False, strict_map_key=False)
    return cbor2.loads(data)


def main():
    mode, fmt, seed, count, folder = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    if mode == "generate":
        with open(folder + "/theirs.bin", "wb") as out:
            for data, expected in documents(fmt, seed, count):
                # Their own decoder reads what was framed by hand the same way.
                if fmt == "cbor":
                    assert same(jsonable_cbor(unpack(fmt, data)), expected), (data.hex()[:200], expected)
                write_record(out, data)
                write_record(out, json.dumps(expected, ensure_ascii=False).encode())
        return 0
    failures = 0
    ours = list(read_records(folder + "/ours.bin"))
    if len(ours) != count:
        print(f"ours.bin holds {len(ours)} documents, not {count}")
        return 1
    for i, ((_, expected), data) in enumerate(zip(documents(fmt, seed, count), ours)):
        try:
            got = unpack(fmt, data)
        except Exception as e:  # noqa: BLE001 - any failure to unpack is a finding
            got = f"<{fmt} cannot unpack: {e}>"
        if not same(got, expected):
            failures += 1
            if failures <= 10:
                print(f"document {i}: ours unpacks to {repr(got)[:300]}, expected {repr(expected)[:300]}")
    print(f"{count - failures} of {count} documents unpack to an equal value")
    return 1 if failures else 0


def jsonable_cbor(value):
    """cbor2's decoding of what pack_cbor wrote, in the JSON form (dates and bytes mapped)."""
    if isinstance(value, datetime.datetime):  # cbor2 keeps microseconds; ours are whole ones
        moment = value.astimezone(UTC)
        return Date(int((moment - EPOCH) // datetime.timedelta(seconds=1)), moment.microsecond * 1000).text
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, list):
        return [jsonable_cbor(v) for v in value]
    if isinstance(value, dict):
        return {key_text(k): jsonable_cbor(v) for k, v in value.items()}
    return value


if __name__ == "__main__":
    sys.setrecursionlimit(20000)
    sys.exit(main())
