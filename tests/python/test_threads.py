"""Threads calling loads and dumps at once get correct results (the module keeps one
decoder and one writer between calls; a call that finds them busy uses its own)."""

import json
import sys
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


if __name__ == "__main__":
    unittest.main()
