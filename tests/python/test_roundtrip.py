"""Round trips against the stdlib: the corpus files, and 10,000 random documents (fixed seed)
through ultrajson.dumps -> json.loads and json.dumps -> ultrajson.loads."""

import json
import math
import random
import re
import struct
import sys
import unittest

from support import SANITIZED, corpus_files, share_of
from support import ultrajson as uj
from test_loads import same

SEED = 20240131
# Fewer in the passes that repeat the release pass (ASan, the portable kernels, the installed
# module). 4,000 random documents: 10,000 were the release pass's longest test (22 s) and
# its ASan run's (13 s) for no case a smaller draw misses; fuzz_module.py draws more.
DOCUMENTS = share_of(4000)
# Deep nests (up to 900 levels) go through json's recursive encoder and decoder and the
# recursive comparison.
sys.setrecursionlimit(10000)

STRING_POOLS = [
    [chr(c) for c in range(0x20, 0x7F)],                      # printable ASCII
    [chr(c) for c in range(0x00, 0x20)] + ['"', "\\", "/", "\x7f", "<", ">", "&", "'"],
    [chr(c) for c in range(0x80, 0x100)],                      # Latin-1
    [chr(c) for c in range(0x100, 0x800, 7)],                  # two-byte UTF-8
    [chr(c) for c in range(0x800, 0xD800, 97)] + ["\u2028", "\u2029", "\ufeff", "\uffff", "\ue000"],
    [chr(c) for c in range(0x10000, 0x110000, 4099)] + ["😀", "\U0010ffff"],
    ["\ud800", "\udbff", "\udc00", "\udfff"],                  # lone surrogates
]
# A high surrogate followed by a low one would be written as a pair of escapes, which every
# JSON reader (json too) joins into one character: the generator keeps them apart.
SURROGATE_PAIR = re.compile("([\ud800-\udbff])(?=[\udc00-\udfff])")


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def string(self):
        r = self.rng
        n = r.choice((0, 1, 2, 5, 10, 30, 100))
        pools = r.sample(STRING_POOLS, r.randint(1, 3))
        return SURROGATE_PAIR.sub("\\1.", "".join(r.choice(r.choice(pools)) for _ in range(n)))

    def integer(self):
        r = self.rng
        kind = r.randrange(6)
        if kind == 0:
            return r.randint(-100, 100)
        if kind == 1:
            return r.choice((2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1, 2 ** 63, 2 ** 64, -2 ** 63 - 1, 0))
        if kind == 2:
            return r.getrandbits(64) - (2 ** 63 if r.random() < 0.5 else 0)
        if kind == 3:
            return r.randint(-10 ** r.randint(20, 80), 10 ** r.randint(20, 80))
        return r.randint(-10 ** 9, 10 ** 9)

    def double(self):
        r = self.rng
        kind = r.randrange(6)
        if kind == 0:  # any finite bit pattern, subnormals included
            while True:
                d = struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
                if math.isfinite(d):
                    return d
        if kind == 1:
            return r.choice((0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 1e16, 1e-7))
        if kind == 2:
            return r.uniform(-1e6, 1e6)
        if kind == 3:
            return round(r.uniform(-1000, 1000), r.randint(0, 6))
        if kind == 4:
            return 9223372036854775807 * r.random()
        return r.random() * 10 ** r.randint(-30, 30)

    def scalar(self):
        r = self.rng
        kind = r.randrange(7)
        if kind == 0:
            return r.choice((None, True, False))
        if kind in (1, 2):
            return self.integer()
        if kind in (3, 4):
            return self.double()
        return self.string()

    def value(self, depth, budget):
        r = self.rng
        if depth > 12 or budget[0] <= 0 or r.random() < 0.45:
            budget[0] -= 1
            return self.scalar()
        budget[0] -= 1
        n = r.choice((0, 1, 2, 3, 5, 8))
        if r.random() < 0.5:
            return [self.value(depth + 1, budget) for _ in range(n)]
        return {self.string(): self.value(depth + 1, budget) for _ in range(n)}

    def document(self):
        if self.rng.random() < 0.03:  # a deep nest
            v = self.scalar()
            for _ in range(self.rng.randint(50, 900)):
                v = [v] if self.rng.random() < 0.5 else {self.string(): v}
            return v
        return self.value(0, [self.rng.randint(1, 120)])

    def dumps_options(self):
        r = self.rng
        opts = {}
        for name in ("ensure_ascii", "escape_forward_slashes", "encode_html_chars", "sort_keys"):
            if r.random() < 0.3:
                opts[name] = r.random() < 0.5
        if r.random() < 0.2:
            opts["indent"] = r.choice((0, 1, 2, 4))
        if r.random() < 0.1:
            opts["separators"] = r.choice(((",", ":"), (", ", ": "), (" , ", " : ")))
        return opts


class RandomDocuments(unittest.TestCase):
    def test_dumps_then_json_loads(self):
        gen = Generator(SEED)
        for i in range(DOCUMENTS):
            doc = gen.document()
            opts = gen.dumps_options()
            text = uj.dumps(doc, **opts)
            if not same(json.loads(text), doc, not opts.get("sort_keys")):
                self.fail("document %d, options %r: %.300r -> %.300r" % (i, opts, doc, text))
            if opts.get("ensure_ascii", True):
                self.assertTrue(text.isascii())

    def test_json_dumps_then_loads(self):
        gen = Generator(SEED + 1)
        for i in range(DOCUMENTS):
            doc = gen.document()
            ensure_ascii = gen.rng.random() < 0.5
            text = json.dumps(doc, ensure_ascii=ensure_ascii, indent=gen.rng.choice((None, None, 2)))
            if not same(uj.loads(text), doc):
                self.fail("document %d (str): %.300r" % (i, text))
            try:
                data = text.encode("utf-8")
            except UnicodeEncodeError:  # a lone surrogate written raw (ensure_ascii=False)
                continue
            if not same(uj.loads(data), doc):
                self.fail("document %d (bytes): %.300r" % (i, text))

    def test_own_round_trip(self):
        gen = Generator(SEED + 2)
        for i in range(DOCUMENTS // 2):
            doc = gen.document()
            text = uj.dumps(doc, ensure_ascii=gen.rng.random() < 0.5)
            if not same(uj.loads(text), doc):
                self.fail("document %d: %.300r" % (i, text))


class Corpus(unittest.TestCase):
    def test_corpus_files(self):
        names = []
        for name, data in corpus_files():
            names.append(name)
            with self.subTest(name):
                expected = json.loads(data)
                got = uj.loads(data)
                self.assertTrue(same(got, expected))
                self.assertTrue(same(uj.loads(data.decode("utf-8")), expected))
                for opts in ({}, {"ensure_ascii": False}, {"indent": 2, "sort_keys": True}):
                    text = uj.dumps(got, **opts)
                    ordered = not opts.get("sort_keys")
                    self.assertTrue(same(json.loads(text), expected, ordered), opts)
                    self.assertTrue(same(uj.loads(text), expected, ordered), opts)
        self.assertEqual(sorted(names), ["canada.json", "citm_catalog.json", "twitter.json"])

    def test_canada_doubles_are_exact(self):
        for name, data in corpus_files():
            if name == "canada.json":
                doc = uj.loads(data)
                self.assertEqual(uj.dumps(doc), json.dumps(doc, separators=(",", ":")))


if __name__ == "__main__":
    unittest.main()
