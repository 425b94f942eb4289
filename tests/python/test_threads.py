"""Threads calling loads and dumps at once get correct results (the module keeps one
decoder, with its key cache, and one writer between calls; a call that finds them taken uses
its own), and a sub-interpreter has a module of its own."""

import json
import os
import sys
import textwrap
import threading
import time
import unittest

from support import SANITIZED
from support import ultrajson as uj

THREADS = 8
ROUNDS = 300 if SANITIZED else 1500


def document(t, i):
    return {"thread": t, "round": i, "items": [{"k%d" % j: [j, "é" * (j % 3), j * 0.5]} for j in range(i % 17)],
            "text": "t%d-" % t + "x/" * (i % 50), "big": 2 ** (64 + t)}


class Threads(unittest.TestCase):
    def setUp(self):
        self.old_interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def tearDown(self):
        sys.setswitchinterval(self.old_interval)

    def run_threads(self, body):
        errors = []
        start = threading.Barrier(THREADS)

        def worker(t):
            try:
                start.wait()
                body(t)
            except BaseException as e:  # reported below
                errors.append((t, e))

        threads = [threading.Thread(target=worker, args=(t,)) for t in range(THREADS)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        self.assertEqual(errors, [])

    def test_loads_and_dumps(self):
        def body(t):
            for i in range(ROUNDS):
                doc = document(t, i)
                ascii = i % 2 == 0
                text = uj.dumps(doc, ensure_ascii=ascii, sort_keys=i % 3 == 0, indent=i % 4)
                if json.loads(text) != doc:
                    raise AssertionError("dumps: thread %d round %d" % (t, i))
                expected_text = json.dumps(doc, ensure_ascii=ascii)
                if uj.loads(expected_text) != doc or uj.loads(expected_text.encode()) != doc:
                    raise AssertionError("loads: thread %d round %d" % (t, i))

        self.run_threads(body)

    def test_default_releases_the_gil(self):
        # default() sleeps, so other threads run dumps while this one is inside a call.
        class Slow:
            def __init__(self, n):
                self.n = n

        def default(o):
            time.sleep(0)
            return {"slow": o.n, "inner": uj.loads(uj.dumps([o.n, "é"]))}

        def body(t):
            for i in range(ROUNDS // 5):
                doc = [t, Slow(i), {"after": [Slow(t)]}]
                got = json.loads(uj.dumps(doc, default=default))
                want = [t, {"slow": i, "inner": [i, "é"]}, {"after": [{"slow": t, "inner": [t, "é"]}]}]
                if got != want:
                    raise AssertionError("thread %d round %d: %r" % (t, i, got))

        self.run_threads(body)

    def test_errors_in_threads(self):
        def body(t):
            for i in range(ROUNDS // 5):
                try:
                    uj.loads('{"a": [1, 2, x]}')
                except uj.JSONDecodeError as e:
                    if e.pos != 13:
                        raise
                else:
                    raise AssertionError("no error")
                if uj.loads('{"t": %d}' % t) != {"t": t}:
                    raise AssertionError("after error")

        self.run_threads(body)

    def test_key_cache_hot_in_every_thread(self):
        # Keys every document shares keep the cache hot; each thread's own keys (ASCII and
        # not) land in the same slots now and then. A key string from the wrong slot or a
        # freed entry would show as a wrong key.
        def body(t):
            for i in range(ROUNDS):
                doc = {"shared": i, "k%d_%d" % (t, i % 97): [t, {"shared": t, "é%d" % t: i, "id": "x" * (i % 70)}]}
                text = json.dumps(doc, ensure_ascii=i % 2 == 0)
                got = uj.loads(text if i % 3 else text.encode())
                if got != doc or list(got) != list(doc):
                    raise AssertionError("thread %d round %d: %r" % (t, i, got))
                if uj.dumps(got, ensure_ascii=False) != json.dumps(doc, ensure_ascii=False, separators=(",", ":")):
                    raise AssertionError("dumps: thread %d round %d" % (t, i))

        self.run_threads(body)

    def test_hooks_calling_loads_from_many_threads(self):
        # The outer call holds the module's decoder; the hook's own loads, and every other
        # thread's call meanwhile, decode with a context of their own.
        def hook_with(decode):
            def hook(d):
                return decode(d["inner"]) if "inner" in d else d
            return hook

        def body(t):
            for i in range(ROUNDS // 5):
                inner = json.dumps({"t": t, "i": i, "keys": [{"k%d" % j: j} for j in range(i % 9)]})
                text = json.dumps([{"inner": inner}, {"n": i, "inner": inner}, {"plain": t}])
                got = uj.loads(text, object_hook=hook_with(uj.loads))
                want = json.loads(text, object_hook=hook_with(json.loads))
                if got != want:
                    raise AssertionError("thread %d round %d: %r" % (t, i, got))

        self.run_threads(body)


def subinterpreters():
    """CPython's private sub-interpreter module (3.11, 3.12: _xxsubinterpreters; 3.13:
    _interpreters), or None."""
    for name in ("_interpreters", "_xxsubinterpreters"):
        try:
            return __import__(name)
        except ImportError:
            continue
    return None


class SubInterpreter(unittest.TestCase):
    @unittest.skipIf(subinterpreters() is None, "this CPython has no sub-interpreter module")
    def test_module_of_its_own(self):
        interpreters = subinterpreters()
        uj.dumps([1])
        before = uj._cache_stats()["writers_built"]
        self.assertGreater(before, 0)
        code = textwrap.dedent("""
            import json, sys
            sys.path.insert(0, %r)
            import ultrajson
            assert ultrajson.__file__ == %r, ultrajson.__file__
            # Its own state: the main interpreter's writer counts are not seen here.
            assert ultrajson._cache_stats()["writers_built"] == 0, ultrajson._cache_stats()
            doc = {"a": [1, 2.5, "é", None, True], "k": {"x%%d" %% i: i for i in range(50)}}
            for i in range(200):
                assert ultrajson.loads(ultrajson.dumps(doc, ensure_ascii=i %% 2 == 0)) == doc
                assert ultrajson.loads(json.dumps(doc)) == doc
            try:
                ultrajson.loads("[1, x]")
            except ultrajson.JSONDecodeError as e:
                assert e.pos == 4, e.pos
            else:
                raise AssertionError("no error")
        """ % (os.path.dirname(uj.__file__), uj.__file__))
        interp = interpreters.create()
        try:
            failure = interpreters.run_string(interp, code)
        finally:
            interpreters.destroy(interp)
        self.assertIsNone(failure)  # 3.13 returns the failure; earlier versions raise it
        # The main interpreter's module is untouched by the other's calls and teardown.
        self.assertEqual(uj._cache_stats()["writers_built"], before)
        self.assertEqual(uj.loads(uj.dumps({"after": ["é", 1]})), {"after": ["é", 1]})


if __name__ == "__main__":
    unittest.main()
