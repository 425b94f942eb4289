"""The module's surface: names, aliases, dump/load, JSONDecodeError, re-entrant calls."""

import gc
import io
import json
import unittest

from support import ultrajson as uj


class Names(unittest.TestCase):
    def test_public_names(self):
        for name in ("dumps", "loads", "dump", "load", "encode", "decode", "JSONDecodeError", "__version__"):
            self.assertTrue(hasattr(uj, name), name)

    def test_version(self):
        self.assertRegex(uj.__version__, r"^\d+\.\d+\.\d+$")

    def test_aliases(self):
        self.assertEqual(uj.encode({"a": [1]}, sort_keys=True), uj.dumps({"a": [1]}))
        self.assertEqual(uj.decode('{"a": [1]}'), uj.loads('{"a": [1]}'))

    def test_signatures(self):
        self.assertIn("ensure_ascii", uj.dumps.__doc__ or "")
        self.assertIn("double_precision", uj.dumps.__doc__ or "")


class DecodeError(unittest.TestCase):
    def test_hierarchy(self):
        self.assertTrue(issubclass(uj.JSONDecodeError, ValueError))
        self.assertTrue(issubclass(uj.JSONDecodeError, json.JSONDecodeError))
        self.assertEqual(uj.JSONDecodeError.__module__, "ultrajson")
        self.assertEqual(uj.JSONDecodeError.__name__, "JSONDecodeError")

    def test_caught_as_value_error(self):
        with self.assertRaises(ValueError):
            uj.loads("{")

    def test_can_be_raised_like_jsons(self):
        e = uj.JSONDecodeError("bad", "ab\ncd", 4)
        self.assertEqual((e.msg, e.pos, e.lineno, e.colno), ("bad", 4, 2, 2))


class Dump(unittest.TestCase):
    def test_writes_a_str(self):
        f = io.StringIO()
        self.assertIsNone(uj.dump({"a": [1, 2]}, f, indent=2))
        self.assertEqual(f.getvalue(), '{\n  "a": [\n    1,\n    2\n  ]\n}')

    def test_options(self):
        f = io.StringIO()
        uj.dump({"b": "é/", "a": 1}, f, ensure_ascii=False, sort_keys=True, escape_forward_slashes=False)
        self.assertEqual(f.getvalue(), '{"a":1,"b":"é/"}')

    def test_binary_file_gets_a_str(self):
        with self.assertRaises(TypeError):
            uj.dump([1], io.BytesIO())

    def test_not_a_file(self):
        with self.assertRaisesRegex(TypeError, "expected file"):
            uj.dump([1], 5)
        with self.assertRaises(TypeError):
            uj.dump([1])

    def test_encode_errors_before_writing(self):
        f = io.StringIO()
        with self.assertRaises(TypeError):
            uj.dump([object()], f)
        self.assertEqual(f.getvalue(), "")


class Reentrancy(unittest.TestCase):
    """Python code that runs in the middle of a call (default(), a finalizer run by the
    garbage collector) may call the module again."""

    def test_default_calls_dumps_and_loads(self):
        class Inner:
            pass

        def default(o):
            return {"inner": uj.loads(uj.dumps({"x": [1, "é"]}, ensure_ascii=False)), "text": uj.dumps([2, 3])}

        self.assertEqual(uj.dumps([1, Inner(), 4], default=default, sort_keys=True),
                         '[1,{"inner":{"x":[1,"\\u00e9"]},"text":"[2,3]"},4]')

    def test_finalizers_during_loads(self):
        results = []

        class Noisy:
            def __init__(self):
                self.me = self  # a cycle: freed by the garbage collector

            def __del__(self):
                results.append(uj.loads('{"from": ["finalizer"]}'))
                results.append(uj.dumps({"from": "finalizer"}))

        doc = json.dumps([{"k%d" % i: [i, "v"]} for i in range(300)])
        expected = json.loads(doc)
        old = gc.get_threshold()
        gc.set_threshold(1)
        try:
            for _ in range(20):
                for _ in range(5):
                    Noisy()
                self.assertEqual(uj.loads(doc), expected)
                self.assertEqual(uj.dumps(expected), doc.replace(" ", ""))
        finally:
            gc.set_threshold(*old)
            gc.collect()
        self.assertTrue(results)
        for r in results:
            self.assertIn(r, ({"from": ["finalizer"]}, '{"from":"finalizer"}'))


if __name__ == "__main__":
    unittest.main()


class WriterCache(unittest.TestCase):
    """One writer is kept between dumps() calls and rebuilt only when the options change."""

    def built(self):
        return uj._cache_stats()["writers_built"]

    def test_default_calls_reuse_one_writer(self):
        uj.dumps([1])
        before = self.built()
        for i in range(1000):
            self.assertEqual(uj.dumps({"a": i}), '{"a":%d}' % i)
        self.assertEqual(self.built(), before)

    def test_spellings_of_the_defaults_share_it(self):
        uj.dumps([1])
        before = self.built()
        for kwargs in ({}, {"separators": None}, {"separators": (",", ":")}, {"indent": 0},
                       {"double_precision": None}, {"double_precision": -1}, {"ensure_ascii": True}):
            self.assertEqual(uj.dumps([1, 2.5], **kwargs), "[1,2.5]", kwargs)
        self.assertEqual(self.built(), before)

    def test_other_options_build_another(self):
        uj.dumps([1])
        before = self.built()
        self.assertEqual(uj.dumps([1], indent=2), "[\n  1\n]")
        self.assertEqual(self.built(), before + 1)
        self.assertEqual(uj.dumps([1], indent=2), "[\n  1\n]")
        self.assertEqual(self.built(), before + 1)
        self.assertEqual(uj.dumps([1]), "[1]")
        self.assertEqual(self.built(), before + 2)
