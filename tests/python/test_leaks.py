"""No leaks: 100,000 loads/dumps calls on mixed documents, error paths included, grow resident
memory by under 1 MiB, and leave the reference counts of the objects they reuse unchanged."""

import decimal
import gc
import os
import sys
import unittest

from support import SANITIZED
from support import ultrajson as uj

CALLS = 100000
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


class Unknown:
    pass


class WithToDict:
    def toDict(self):
        return {"to": [1, "dict"]}


class WithJson:
    def __json__(self):
        return '{"raw":true}'


def default(o):
    if isinstance(o, Unknown):
        return ["unknown", 1.5]
    raise TypeError("no")


def failing_default(o):
    raise ValueError("failing default")


cycle = []
cycle.append(cycle)
deep = []
for _ in range(2000):
    deep = [deep]

def fresh(text):
    """A str object of our own: literals may be shared with the interpreter (its identifier
    strings), whose use of them would move their reference counts."""
    return "".join(list(text))


DOCUMENT = {
    fresh("users"): [{"id": i, "name": "user%d" % i, "score": i * 1.25, "tags": ["a", "é", "😀"], "ok": i % 2 == 0,
                      "none": None} for i in range(20)],
    fresh("big"): 2 ** 100, fresh("neg"): -2 ** 70, fresh("u64"): 2 ** 64 - 1, fresh("float"): 1e300,
    fresh("text"): fresh("x" * 300 + "/<>&" + "ü" * 50), fresh("nested"): [[[{"deep": [1, 2, 3]}]]],
    fresh("tuple"): (1, 2, 3), 5: "int key", None: "none key", 2.5: "float key",
    fresh("surrogate"): fresh("\ud800"), fresh("dec"): decimal.Decimal("2.5"),
}

# (callable, argument, keyword arguments): each call either succeeds or raises.
CALLS_TO_MAKE = [
    (uj.dumps, DOCUMENT, {}),
    (uj.dumps, DOCUMENT, {"ensure_ascii": False}),
    (uj.dumps, DOCUMENT, {"indent": 2, "sort_keys": False, "escape_forward_slashes": False}),
    (uj.dumps, {"b": [1, {"d": 2, "c": 3}], "a": "é"}, {"sort_keys": True, "indent": 1}),
    (uj.dumps, [Unknown(), WithToDict(), WithJson()], {"default": default}),
    (uj.dumps, [1, 2, Unknown()], {"default": failing_default}),         # default raises
    (uj.dumps, [1, 2, Unknown()], {}),                                     # not serializable
    (uj.dumps, [Unknown()], {"default": lambda o: o}),                     # default chain cap
    (uj.dumps, cycle, {}),                                                 # OverflowError
    (uj.dumps, deep, {}),                                                  # OverflowError
    (uj.dumps, [float("nan")], {"allow_nan": False}),                      # OverflowError
    (uj.dumps, [b"bytes"], {}),                                            # reject_bytes
    (uj.dumps, {1: 1, "a": 2}, {"sort_keys": True}),                       # unorderable keys
    (uj.dumps, [1], {"separators": (",",)}),                               # bad option
    (uj.dumps, ["é\ud800"], {"ensure_ascii": False}),                      # surrogate: encoded again
    (uj.dumps, [1.123456789] * 20, {"double_precision": 3}),
    (uj.loads, '{"a": [1, 2.5, "x", null, true, {"b": "é😀"}], "c": 123456789012345678901234567890}', {}),
    (uj.loads, b'[1e400, -1e-400, NaN, Infinity, "\\ud800", "\\ud83d\\ude00", 18446744073709551615]', {}),
    (uj.loads, bytearray(b'{"k1": 1, "k2": [{"k1": 2}], "long key beyond the cache limit of sixty-four bytes ...": 3}'), {}),
    (uj.loads, memoryview(b'[{"x": "y"}]'), {}),
    (uj.loads, '["\ud800 raw surrogate"]', {}),
    (uj.loads, '{"a": [1, 2, {"b": [3, oops]}]}', {}),                    # JSONDecodeError mid-document
    (uj.loads, b'["\xff"]', {}),                                            # invalid UTF-8
    (uj.loads, "[" * 2000, {}),                                            # too deep
    (uj.loads, "1" * 5000, {}),                                            # int digit limit
    (uj.loads, 12345, {}),                                                 # TypeError
    (uj.loads, '[1, -0, 2.5, NaN, {"a": [1e400]}, {"a": 1, "a": 2}]',          # every hook
     {"object_hook": lambda d: ("o", d), "object_pairs_hook": lambda p: ("p", p), "parse_float": decimal.Decimal,
      "parse_int": str, "parse_constant": lambda c: c}),
    (uj.loads, b'[{"a": [1.5]}, {"b": 2}]', {"object_hook": lambda d: d}),
    (uj.loads, '{"a": [1, 2.5]}', {"parse_float": failing_default}),          # a hook raises
    (uj.loads, '[{"a": 1}, {"b": 2}]', {"object_pairs_hook": failing_default}),
    (uj.dumps, [decimal.Decimal("1.10"), decimal.Decimal("sNaN")], {}),       # ValueError
]


def run(calls):
    for i in range(calls):
        fn, arg, kwargs = CALLS_TO_MAKE[i % len(CALLS_TO_MAKE)]
        try:
            fn(arg, **kwargs)
        except (ValueError, TypeError, OverflowError):
            pass


class Leaks(unittest.TestCase):
    def test_every_path_succeeds_or_raises(self):
        outcomes = []
        for fn, arg, kwargs in CALLS_TO_MAKE:
            try:
                fn(arg, **kwargs)
                outcomes.append("ok")
            except (ValueError, TypeError, OverflowError) as e:
                outcomes.append(type(e).__name__)
        self.assertGreaterEqual(outcomes.count("ok"), 9)
        self.assertGreaterEqual(len(outcomes) - outcomes.count("ok"), 14)

    def test_refcounts_unchanged(self):
        reused = [DOCUMENT, DOCUMENT["users"], DOCUMENT["users"][0], DOCUMENT["text"], DOCUMENT["big"], default,
                  failing_default, cycle, deep] + [arg for _, arg, _ in CALLS_TO_MAKE] + \
                 [kw for _, _, kw in CALLS_TO_MAKE] + list(DOCUMENT.values()) + list(DOCUMENT)
        # Only objects of this test's own: not the interpreter's shared singletons (None,
        # booleans, small ints) or str literals, which anything may take or drop meanwhile.
        reused = [o for o in reused if not (o is None or isinstance(o, bool) or (isinstance(o, int) and -5 <= o <= 256)
                                            or (isinstance(o, str) and sys.getrefcount(o) > 100))]
        run(2 * len(CALLS_TO_MAKE))
        gc.collect()
        before = [sys.getrefcount(o) for o in reused]
        run(10 * len(CALLS_TO_MAKE))
        gc.collect()
        after = [sys.getrefcount(o) for o in reused]
        changed = [(repr(o)[:60], b, a) for o, b, a in zip(reused, before, after) if a != b]
        self.assertEqual(changed, [])

    @unittest.skipIf(SANITIZED, "AddressSanitizer's quarantine holds freed memory")
    def test_resident_memory(self):
        run(10000)  # warm up: caches, allocator pools, interned strings
        gc.collect()
        start = resident_bytes()
        run(CALLS)
        gc.collect()
        growth = resident_bytes() - start
        self.assertLess(growth, 1 << 20, "resident memory grew by %d bytes over %d calls" % (growth, CALLS))

    @unittest.skipUnless(SANITIZED, "the resident-memory test runs the full count")
    def test_many_calls_sanitized(self):
        run(CALLS // 10)


if __name__ == "__main__":
    unittest.main()
