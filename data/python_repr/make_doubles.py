#!/usr/bin/python3
"""Writes doubles.txt beside this script: doubles and the text Python's repr() gives them,
the outside oracle of tests/codec/python_repr_test.cpp (format_shortest and the writer must
print exactly these). repr(float) is the shortest text that reads back as the same double,
fixed for 1e-4 <= |v| < 1e16 and scientific (at least two exponent digits) outside.

  python3 data/python_repr/make_doubles.py

Each line: the double's 64 bits in hex, a space, repr(value). The values: random bit
patterns (both signs, every exponent), random subnormals, every power of two, every power
of ten and its two neighbours, integers around 2^53 and 2^54, and the neighbours of the
values where repr switches between fixed and scientific notation (1e16, 1e-4). Seeded, so
the file is the same on every run.
"""
import math
import os
import random
import struct


def bits_of(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def value_of(bits):
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def neighbours(v):
    return [math.nextafter(v, -math.inf), v, math.nextafter(v, math.inf)]


def main():
    rng = random.Random(20261202)
    values = []
    values += [value_of(rng.getrandbits(64)) for _ in range(2500)]
    values += [value_of(rng.getrandbits(52) | (rng.getrandbits(1) << 63)) for _ in range(500)]  # subnormals
    values += [math.ldexp(1.0, e) for e in range(-1074, 1024)]
    for e in range(-323, 309):
        values += neighbours(float(f"1e{e}"))
    for base in (2**53, 2**54):
        values += [float(base + d) for d in range(-24, 25)]
    for edge in (1e16, 1e-4, 1e15, 9999999999999998.0, 0.0001, 0.00011, 1e-5):
        for v in neighbours(edge):
            values += neighbours(v)
    seen = set()
    lines = []
    for v in values:
        if not math.isfinite(v):
            continue
        b = bits_of(v)
        if b in seen:
            continue
        seen.add(b)
        lines.append(f"{b:016x} {v!r}\n")
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "doubles.txt")
    with open(path, "w", encoding="ascii") as out:
        out.writelines(lines)


if __name__ == "__main__":
    main()
