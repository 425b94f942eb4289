#!/usr/bin/env python3
"""Seeds a fuzzer's corpus with JSON files: each file's first MAX_LEN bytes behind HEADER
zero bytes (the default options, fuzz_checks.hpp), written as OUT_DIR/seed-<file name>
unless that seed is there already. scripts/fuzz runs it, once per fuzzer: one process
instead of two per file (the seeding had cost make test's fuzz step a third of its time).

Usage: json_seeds.py HEADER MAX_LEN OUT_DIR FILE..."""
import pathlib
import sys


def main():
    header, max_len, out = int(sys.argv[1]), int(sys.argv[2]), pathlib.Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    for name in sys.argv[4:]:
        path = pathlib.Path(name)
        seed = out / f"seed-{path.name}"
        if not seed.exists():
            # Longer seeds would be cut at max_len by libFuzzer anyway.
            seed.write_bytes(bytes(header) + path.read_bytes()[:max_len])


if __name__ == "__main__":
    main()
