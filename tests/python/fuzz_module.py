"""Random objects through ultrajson.dumps and random bytes through ultrajson.loads, with
random options (and, for loads, json.loads' hooks), for a bounded time.

Fails on: a crash (the process dies: run it under the sanitizers to see where), an
exception of a type the module does not document, a wrong answer (the output of dumps must
read back through json and ultrajson alike; a plain document must come back equal; loads
must agree with json), a reference count an input object does not get back, or resident
memory that grows when the same cases are replayed.

    python3 tests/python/fuzz_module.py [--seconds 60] [--seed 20261130 | --seed random]
    python3 tests/python/fuzz_module.py --seed S --replay CASE    # one failing case again
    (--no-memory under ASan: its quarantine holds freed memory, so resident size means nothing)

Each case is built from its own generator, seeded with (seed, case number): a failure
prints both, and --replay rebuilds that case alone.
"""

import argparse
import collections
import decimal
import gc
import json
import math
import os
import random
import re
import struct
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from support import DictSub, FloatSub, IntSub, ListSub, StrSub, ultrajson as uj  # noqa: E402

DEFAULT_SEED = 20261130
PAGE = os.sysconf("SC_PAGE_SIZE")
sys.setrecursionlimit(20000)


class FuzzError(Exception):
    """Raised on purpose by this file's callbacks: dumps must pass it through unchanged."""


# --- Objects -------------------------------------------------------------------------

class Opaque:
    """Known only to the `default` callbacks."""

    def __init__(self, payload):
        self.payload = payload


class WithToDict:
    def __init__(self, result):
        self.result = result

    def toDict(self):
        return self.result


class WithJson:
    def __init__(self, text):
        self.text = text

    def __json__(self):
        return self.text


class Raising:
    """Its toDict raises: the error must come out of dumps as it is."""

    def toDict(self):
        raise FuzzError("toDict failed")


class Mutator:
    """Its toDict empties the container it sits in, while dumps walks that container."""

    def __init__(self, victim):
        self.victim = victim

    def toDict(self):
        self.victim.clear()
        return {"mutated": True}


def default_convert(o):
    if isinstance(o, Opaque):
        return o.payload
    if isinstance(o, (set, frozenset)):
        return sorted(o, key=repr)
    raise TypeError("not convertible: %s" % type(o).__name__)


def default_raise(o):
    raise FuzzError("default failed")


def default_identity(o):
    return o  # ujson gives up after three rounds: TypeError


def default_object(o):
    return Opaque([1])  # never converges either


STRING_POOLS = [
    [chr(c) for c in range(0x20, 0x7F)],
    [chr(c) for c in range(0x00, 0x20)] + ['"', "\\", "/", "\x7f", "<", ">", "&", "'", "\u2028", "\u2029"],
    [chr(c) for c in range(0x80, 0x800, 3)],
    [chr(c) for c in range(0x800, 0x10000, 251) if not 0xD800 <= c < 0xE000] + ["\ufeff", "\uffff"],
    [chr(c) for c in range(0x10000, 0x110000, 4099)] + ["\U0001f600", "\U0010ffff"],
    ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00"],
]
# A high surrogate then a low one in a str is written as two escapes, which every reader
# joins into one character: a document meant to round-trip keeps them apart.
SURROGATE_PAIR = re.compile("([\ud800-\udbff])(?=[\udc00-\udfff])")


class Generator:
    def __init__(self, rng, plain):
        self.r = rng
        self.plain = plain  # only what round-trips exactly: str keys, no custom objects
        self.custom = False  # a toDict/__json__/default path was generated
        self.raw_json = False  # __json__ text that is not JSON was generated
        self.mutating = False  # a Mutator was generated
        self.fresh = []  # objects made here, whose reference counts must come back

    def keep(self, o):
        self.fresh.append(o)
        return o

    def string(self):
        r = self.r
        n = r.choice((0, 1, 2, 3, 8, 40, 300))
        pools = r.sample(STRING_POOLS, r.randint(1, 3))
        s = "".join(r.choice(r.choice(pools)) for _ in range(n))
        if self.plain:
            s = SURROGATE_PAIR.sub("\\1.", s)
        return self.keep(s) if len(s) > 1 else s

    def integer(self):
        r = self.r
        kind = r.randrange(6)
        if kind == 0:
            return r.randint(-300, 300)
        if kind == 1:
            return self.keep(r.choice((2 ** 63 - 1, -2 ** 63, 2 ** 64 - 1, 2 ** 63, 2 ** 64, -2 ** 63 - 1)) + 0)
        if kind == 2:
            return self.keep(r.getrandbits(64) - (2 ** 63 if r.random() < 0.5 else 0))
        if kind == 3:
            return self.keep(r.randint(-10 ** r.randint(19, 400), 10 ** r.randint(19, 400)))
        if kind == 4 and not self.plain and r.random() < 0.05:
            return self.keep(10 ** 5000)  # beyond Python's int-to-text digit limit: ValueError
        return r.randint(-10 ** 9, 10 ** 9)

    def double(self):
        r = self.r
        kind = r.randrange(5)
        if kind == 0:
            d = struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
            if self.plain and not math.isfinite(d):
                d = 0.5
            return d
        if kind == 1:
            pool = [0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 1e16, 1e-7, 1e22]
            if not self.plain:
                pool += [math.nan, math.inf, -math.inf]
            return r.choice(pool)
        if kind == 2:
            return r.uniform(-1e6, 1e6)
        if kind == 3:
            return round(r.uniform(-1000, 1000), r.randint(0, 6))
        return r.random() * 10 ** r.randint(-300, 300)

    def scalar(self):
        r = self.r
        kind = r.randrange(10 if self.plain else 16)
        if kind < 2:
            return self.string()
        if kind < 4:
            return self.integer()
        if kind < 6:
            return self.double()
        if kind == 6:
            return r.choice((None, True, False))
        if kind == 7:
            return self.keep(StrSub(self.string())) if not self.plain else self.string()
        if kind in (8, 9):
            return self.keep(IntSub(self.integer())) if not self.plain else self.integer()
        # Not plain from here on.
        self.custom = True
        if kind == 10:
            return self.keep(bytes(r.getrandbits(8) for _ in range(r.randint(0, 20))))
        if kind == 11:
            return self.keep(decimal.Decimal(r.choice(("2.5", "-0", "1e400", "NaN", "3.14159265358979323846"))))
        if kind == 12:
            return self.keep(Opaque(self.scalar()))
        if kind == 13:
            return self.keep(FloatSub(self.double()))
        if kind == 14:
            text = json.dumps(self.string()) if r.random() < 0.8 else r.choice(("[1,", "}", "", "\x00", b"[1]"))
            if not isinstance(text, str) or text in ("[1,", "}", "", "\x00"):
                self.raw_json = True
            return self.keep(WithJson(text))
        return self.keep(r.choice((set([1, 2]), Raising(), object(), complex(0, r.random()))))

    def key(self):
        r = self.r
        if self.plain or r.random() < 0.7:
            return self.string()
        self.custom = True
        return r.choice((r.randint(-5, 5), r.random(), None, True, False, self.keep(bytes([98, r.getrandbits(7)])),
                         self.keep(tuple([1, r.random()])), self.integer()))

    def value(self, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.35:
            return self.scalar()
        kind = r.randrange(4 if self.plain else 9)
        n = r.choice((0, 1, 2, 3, 5, 12))
        if kind < 2:
            return self.keep([self.value(depth - 1) for _ in range(n)])
        if kind < 4:
            return self.keep({self.key(): self.value(depth - 1) for _ in range(n)})
        self.custom = True
        if kind == 4:
            return self.keep(tuple(self.value(depth - 1) for _ in range(n)))
        if kind == 5:
            return self.keep(ListSub(self.value(depth - 1) for _ in range(n)))
        if kind == 6:
            d = collections.OrderedDict((self.key(), self.value(depth - 1)) for _ in range(n))
            if d and r.random() < 0.5:
                d.move_to_end(next(iter(d)))
            return self.keep(d)
        if kind == 7:
            return self.keep(WithToDict(self.keep(DictSub({self.string(): self.value(depth - 1)}))))
        # A container whose toDict child empties it (dict or list) mid-walk.
        victim = self.keep({} if r.random() < 0.5 else [])
        self.mutating = True
        for i in range(n + 1):
            if isinstance(victim, dict):
                victim["k%d" % i] = self.value(depth - 1)
            else:
                victim.append(self.value(depth - 1))
        if isinstance(victim, dict):
            victim["m"] = self.keep(Mutator(victim))
        else:
            victim.insert(r.randrange(len(victim) + 1), self.keep(Mutator(victim)))
        return victim

    def document(self):
        r = self.r
        if not self.plain and r.random() < 0.03:  # too deep, or a cycle: OverflowError
            self.custom = True
            if r.random() < 0.5:
                deep = []
                for _ in range(r.choice((1024, 1025, 1026, 3000))):
                    deep = [deep]
                return self.keep(deep)
            cycle = self.keep([1])
            cycle.append(cycle if r.random() < 0.5 else {"c": cycle})
            return cycle
        return self.value(r.randint(0, 6))


def dumps_options(r):
    options = {}
    for name in ("ensure_ascii", "encode_html_chars", "escape_forward_slashes", "sort_keys", "allow_nan",
                 "reject_bytes"):
        if r.random() < 0.4:
            options[name] = r.random() < 0.5
    if r.random() < 0.4:
        options["indent"] = r.choice((0, 1, 2, 4, -1, -5, 1000, 1001, 10 ** 20, None, "2"))
    if r.random() < 0.3:
        options["double_precision"] = r.choice((None, -1, 0, 1, 3, 9, 15, 17, 25, 10 ** 20, 1.5))
    if r.random() < 0.3:
        options["separators"] = r.choice((None, (",", ":"), (", ", ": "), (";", "="), ("", ""), (",",), "ab", (1, 2),
                                          ("\u00e9", "\U0001f600")))
    if r.random() < 0.4:
        options["default"] = r.choice((None, default_convert, default_convert, default_raise, default_identity,
                                       default_object))
    return options


# --- Checks --------------------------------------------------------------------------

def same(a, b):
    """Equal, with NaN equal to NaN and -0.0 told from 0.0 only by sign where both are floats."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


def nesting(o):
    """How many containers deep `o` goes (without recursion: it may be thousands)."""
    deepest, todo = 0, [(o, 1)]
    while todo:
        o, depth = todo.pop()
        if isinstance(o, (list, dict)):
            deepest = max(deepest, depth)
            todo.extend((x, depth + 1) for x in (o.values() if isinstance(o, dict) else o))
    return deepest


def plain_form(o):
    """What a plain document reads back as: tuples become lists, subclasses their base."""
    if isinstance(o, (list, tuple)):
        return [plain_form(x) for x in o]
    if isinstance(o, dict):
        return {k: plain_form(v) for k, v in o.items()}
    return o


class Failure(Exception):
    pass


DUMPS_ERRORS = (TypeError, ValueError, OverflowError, FuzzError)


def check_dumps(g, obj, options):
    # A Mutator drops what its container held: counts there are meant to change. Shared
    # singletons (the empty tuple) are the interpreter's to count.
    refs = [] if g.mutating else [(o, sys.getrefcount(o)) for o in g.fresh if sys.getrefcount(o) < 1000]
    try:
        out = uj.dumps(obj, **options)
    except DUMPS_ERRORS as e:
        out, outcome = None, type(e).__name__
    except RuntimeError as e:
        if not g.mutating:
            raise Failure("RuntimeError without a mutating callback: %s" % e)
        out, outcome = None, "RuntimeError"
    except Exception as e:  # noqa: BLE001 - anything else is undocumented
        raise Failure("dumps raised %s: %s" % (type(e).__name__, e))
    changed = [(type(o).__name__, before, sys.getrefcount(o)) for o, before in refs if sys.getrefcount(o) != before]
    if changed:
        raise Failure("reference counts changed by dumps (type, before, after): %s" % changed[:5])
    if out is None:
        return outcome
    if not isinstance(out, str):
        raise Failure("dumps returned %s" % type(out).__name__)
    if g.raw_json or g.mutating:
        return "ok"
    # Separators are free text: only the defaults and JSON-legal ones keep the output JSON.
    seps = options.get("separators")
    if seps not in (None, (",", ":"), (", ", ": "), ("", "")):
        return "ok"
    try:
        theirs = json.loads(out)
    except (ValueError, RecursionError) as e:
        raise Failure("json cannot read what dumps wrote (%s): %r" % (e, out[:200]))
    try:
        ours = uj.loads(out)
    except uj.JSONDecodeError as e:
        # dumps writes up to 1025 levels (as ujson); loads reads up to max_depth, 1024.
        if "max_depth" in str(e) and nesting(theirs) > 1024:
            return "ok"
        raise Failure("loads cannot read what dumps wrote (%s): %r" % (e, out[:200]))
    if not same(ours, theirs):
        raise Failure("ultrajson and json read dumps' output differently: %r" % out[:200])
    if g.plain and options.get("double_precision") in (None, -1) and not options.get("sort_keys"):
        if not same(ours, plain_form(obj)):
            raise Failure("a plain document did not round-trip: %r" % out[:200])
    return "ok"


def random_input(r):
    """Bytes for loads: noise, or JSON damaged by a few edits; as str, bytes or a buffer."""
    g = Generator(r, plain=True)
    kind = r.randrange(4)
    if kind == 0:
        data = bytes(r.getrandbits(8) for _ in range(r.randint(0, 200)))
    else:
        text = json.dumps(g.value(r.randint(0, 5)), ensure_ascii=r.random() < 0.5)
        data = bytearray(text.encode("utf-8", "surrogatepass"))
        for _ in range(r.randint(0 if kind == 1 else 1, 4)):
            at = r.randint(0, len(data))
            edit = r.randrange(4)
            if edit == 0 and data:
                del data[min(at, len(data) - 1)]
            elif edit == 1:
                data[at:at] = r.choice((b"[", b"]", b"{", b"}", b",", b":", b'"', b"\\", b"\\u", b"\\ud800", b"0",
                                        b"-", b"e", b".", b"\xff", b"\xed\xa0\x80", b"\xf0\x9f", b"NaN", b" "))
            elif edit == 2:
                data = data[:at]
            elif data:
                data[min(at, len(data) - 1)] = r.getrandbits(8)
        data = bytes(data)
    form = r.randrange(4)
    if form == 0:
        return data.decode("utf-8", "surrogatepass" if r.random() < 0.5 else "replace") if _utf8ish(data) else data
    if form == 1:
        return bytearray(data)
    if form == 2:
        return memoryview(data)
    return data


def _utf8ish(data):
    try:
        data.decode("utf-8", "surrogatepass")
        return True
    except UnicodeDecodeError:
        return False


# json.loads' hooks, each turning what it gets into text or lists, which compare exactly.
LOADS_HOOKS = {
    "parse_int": lambda text: "int:" + text,
    "parse_float": lambda text: "float:" + text,
    "parse_constant": lambda text: "constant:" + text,
    "object_hook": lambda d: ["object"] + [[k, v] for k, v in d.items()],
    "object_pairs_hook": lambda pairs: ["pairs"] + [list(kv) for kv in pairs],
}


def loads_hooks(r):
    """No hooks mostly; else a random few of LOADS_HOOKS."""
    if r.random() < 0.7:
        return {}
    return {name: LOADS_HOOKS[name] for name in r.sample(sorted(LOADS_HOOKS), r.randint(1, len(LOADS_HOOKS)))}


def check_loads(doc, hooks):
    before = sys.getrefcount(doc)
    try:
        ours = uj.loads(doc, **hooks)
        error = False
    except uj.JSONDecodeError as e:  # e.doc holds the input until the block ends
        ours, error = None, True
        size = len(doc) if isinstance(doc, str) else len(bytes(doc))
        if not (0 <= e.pos <= size and e.lineno >= 1 and e.colno >= 1):
            raise Failure("JSONDecodeError with a position outside the document: %r" % ((e.pos, e.lineno, e.colno),))
    except ValueError as e:
        if "digits" not in str(e):  # Python's own int-to-text limit, as json raises it
            raise Failure("loads raised a bare ValueError: %s" % e)
        return "ValueError"
    except Exception as e:  # noqa: BLE001
        raise Failure("loads raised %s: %s" % (type(e).__name__, e))
    if sys.getrefcount(doc) != before:
        raise Failure("loads changed its input's reference count")
    # json is the reference reader for str input; for UTF-8 bytes, of what json.loads reads
    # them as (surrogatepass: surrogates in three bytes are characters; it guesses UTF-16
    # and -32 too, which are left out).
    text = doc if isinstance(doc, str) else None
    if text is None and _utf8ish(bytes(doc)):
        text = bytes(doc).decode("utf-8", "surrogatepass")
    if text is not None:
        try:
            theirs, their_error = json.loads(text, **hooks), None
        except (ValueError, RecursionError) as e:
            theirs, their_error = None, e
        if not error and their_error is None and not same(ours, theirs):
            raise Failure("loads and json disagree on %r" % text[:200])
        if (not error) != (their_error is None) and not isinstance(their_error, RecursionError):
            raise Failure("loads %s but json %s on %r" % ("failed" if error else "succeeded",
                                                           "failed" if their_error else "succeeded", text[:200]))
    return "JSONDecodeError" if error else "ok"


def run_case(seed, case):
    r = random.Random("%d:%d" % (seed, case))
    if r.random() < 0.6:
        g = Generator(r, plain=r.random() < 0.3)
        return "dumps:" + check_dumps(g, g.document(), dumps_options(r))
    return "loads:" + check_loads(random_input(r), loads_hooks(r))


def resident_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def replay_memory(seed, cases, seconds):
    """(calls, resident memory growth in bytes) when the first `cases` cases, once warmed
    up, run again and again for `seconds`: a leak per call adds up, noise does not."""
    for case in range(cases):
        run_case(seed, case)
    gc.collect()
    start = resident_bytes()
    calls = 0
    deadline = time.monotonic() + seconds
    while calls == 0 or time.monotonic() < deadline:
        for case in range(cases):
            run_case(seed, case)
        calls += cases
    gc.collect()
    return calls, resident_bytes() - start


def fuzz(seconds, seed, out=sys.stdout, memory=True):
    """Runs cases until `seconds` pass; returns the failures (case, message)."""
    started = time.monotonic()
    outcomes = collections.Counter()
    failures = []
    case = 0
    while time.monotonic() - started < seconds:
        try:
            outcomes[run_case(seed, case)] += 1
        except Failure as e:
            failures.append((case, str(e)))
            print("FAIL seed %d case %d: %s" % (seed, case, e), file=out)
            if len(failures) >= 20:
                break
        case += 1
    elapsed = time.monotonic() - started
    print("fuzz_module: seed %d, %d cases in %.1f s: %s" % (seed, case, elapsed, dict(sorted(outcomes.items()))),
          file=out)
    if memory and not failures:
        # A fifth of the time again: a leak of 100 bytes in every tenth call shows within
        # a few seconds (the bar is 1 MiB; CPython's own caches settle in the warm-up).
        calls, growth = replay_memory(seed, min(case, 200), max(1.0, seconds / 5))
        print("fuzz_module: %d replayed calls grew resident memory by %d KiB" % (calls, growth // 1024), file=out)
        if growth > 1 << 20:
            failures.append((-1, "resident memory grew by %d bytes over %d replayed calls" % (growth, calls)))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("FUZZ_SECONDS", 60)))
    parser.add_argument("--seed", default=os.environ.get("FUZZ_SEED", str(DEFAULT_SEED)))
    parser.add_argument("--replay", type=int, help="run only this case of the seed")
    parser.add_argument("--no-memory", action="store_true",
                        help="skip the resident-memory replay (under ASan, whose quarantine holds freed memory)")
    args = parser.parse_args()
    seed = int.from_bytes(os.urandom(4), "little") if args.seed == "random" else int(args.seed)
    print("fuzz_module: seed %d (reproduce with --seed %d)" % (seed, seed))
    if args.replay is not None:
        try:
            print("case %d: %s" % (args.replay, run_case(seed, args.replay)))
        except Failure as e:
            print("case %d: FAIL %s" % (args.replay, e))
            return 1
        return 0
    return 1 if fuzz(args.seconds, seed, memory=not args.no_memory) else 0


if __name__ == "__main__":
    sys.exit(main())
