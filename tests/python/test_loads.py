"""loads()/load(): input types, values, strings, errors with positions, JSONTestSuite."""

import array
import io
import json
import math
import unittest

from support import same, suite_files
from support import ultrajson as uj

# JSONTestSuite n_ files that json.loads and ujson accept on purpose: NaN and Infinity
# literals (loads accepts them, as both do).
NAN_LITERAL_FILES = {"n_number_NaN.json", "n_number_infinity.json", "n_number_minus_infinity.json"}


class Inputs(unittest.TestCase):
    def test_str_bytes_bytearray_memoryview(self):
        for doc in ('{"a": [1, "é"]}', '{"a": [1, "é"]}'.encode(), bytearray('{"a": [1, "é"]}'.encode()),
                    memoryview('{"a": [1, "é"]}'.encode())):
            self.assertEqual(uj.loads(doc), {"a": [1, "é"]})

    def test_any_contiguous_buffer(self):
        self.assertEqual(uj.loads(array.array("b", b"[1,2]")), [1, 2])
        self.assertEqual(uj.loads(memoryview(b"xx[3]xx")[2:5]), [3])

    def test_other_types(self):
        for bad in (5, None, [b"1"], 1.5, memoryview(b"[1, 2]")[::2]):
            with self.assertRaisesRegex(TypeError, "Expected string or C-contiguous bytes-like object"):
                uj.loads(bad)

    def test_positional_only(self):
        with self.assertRaises(TypeError):
            uj.loads()
        with self.assertRaises(TypeError):
            uj.loads("1", "2")

    def test_decode_alias(self):
        self.assertEqual(uj.decode("[true]"), [True])

    def test_whitespace(self):
        self.assertEqual(uj.loads(" \t\r\n[ 1 , { \"a\" : null } ]\n "), [1, {"a": None}])


class Values(unittest.TestCase):
    def test_literals(self):
        self.assertIs(uj.loads("true"), True)
        self.assertIs(uj.loads("false"), False)
        self.assertIs(uj.loads("null"), None)

    def test_integers(self):
        for text, value in (("0", 0), ("-0", 0), ("7", 7), ("-7", -7), ("9223372036854775807", 2 ** 63 - 1),
                            ("-9223372036854775808", -2 ** 63), ("18446744073709551615", 2 ** 64 - 1)):
            self.assertTrue(same(uj.loads(text), value), text)

    def test_integers_of_any_size(self):
        self.assertEqual(uj.loads("18446744073709551616"), 2 ** 64)
        self.assertEqual(uj.loads("-9223372036854775809"), -2 ** 63 - 1)
        self.assertEqual(uj.loads("1" * 100), int("1" * 100))
        self.assertEqual(uj.loads("[-" + "9" * 300 + "]"), [-int("9" * 300)])

    def test_int_digit_limit_is_pythons(self):
        # As json.loads: int() refuses more than sys.get_int_max_str_digits() digits.
        with self.assertRaises(ValueError):
            json.loads("1" * 5000)
        with self.assertRaises(ValueError):
            uj.loads("1" * 5000)

    def test_floats(self):
        for text in ("1.5", "-0.0", "0.1", "1e5", "1E-5", "2.5e+10", "123456789012345678901234567890.5",
                     "1.0000000000000000000000001", "5e-324", "1.7976931348623157e308", "4.9406564584124654e-324"):
            self.assertTrue(same(uj.loads(text), float(text)), text)

    def test_floats_beyond_double(self):
        self.assertEqual(uj.loads("1e400"), float("inf"))
        self.assertEqual(uj.loads("-1.5e400"), -float("inf"))
        self.assertTrue(same(uj.loads("1e-400"), 0.0))
        self.assertTrue(same(uj.loads("-1e-400"), -0.0))

    def test_nan_and_infinity(self):
        self.assertTrue(math.isnan(uj.loads("NaN")))
        self.assertEqual(uj.loads("[Infinity, -Infinity]"), [float("inf"), -float("inf")])
        self.assertEqual(uj.loads('{"a": -Infinity}'), {"a": -float("inf")})
        for bad in ("-NaN", "nan", "inf", "+Infinity", "Infinit", "NaNa", "[NaN1]"):
            with self.assertRaises(uj.JSONDecodeError, msg=bad):
                uj.loads(bad)

    def test_containers(self):
        self.assertEqual(uj.loads("[]"), [])
        self.assertEqual(uj.loads("{}"), {})
        self.assertEqual(uj.loads('[[], {}, [[1]], {"a": {"b": []}}]'), [[], {}, [[1]], {"a": {"b": []}}])
        self.assertEqual(list(uj.loads('{"b": 1, "a": 2, "c": 3}')), ["b", "a", "c"])

    def test_duplicate_keys_keep_the_last_value_in_the_first_place(self):
        d = uj.loads('{"a": 1, "b": 2, "a": 3}')
        self.assertEqual(d, {"a": 3, "b": 2})
        self.assertEqual(list(d), ["a", "b"])
        self.assertEqual(d, json.loads('{"a": 1, "b": 2, "a": 3}'))

    def test_repeated_keys_are_one_str(self):
        docs = uj.loads('[{"userId": 1}, {"userId": 2}]')
        self.assertIs(next(iter(docs[0])), next(iter(docs[1])))

    def test_many_keys(self):
        keys = ["k%d" % i for i in range(5000)] + ["k%d" % i for i in range(5000)]
        text = "[" + ",".join('{"%s": %d}' % (k, i) for i, k in enumerate(keys)) + "]"
        self.assertEqual(uj.loads(text), json.loads(text))


class Strings(unittest.TestCase):
    def test_escapes(self):
        self.assertEqual(uj.loads(r'"\"\\\/\b\f\n\r\t"'), '"\\/\b\f\n\r\t')
        self.assertEqual(uj.loads(r'"\u0000\u001f\u00e9\u20AC"'), "\x00\x1f\u00e9\u20ac")
        self.assertEqual(uj.loads(r'"\ud83d\ude00"'), "😀")

    def test_lone_surrogate_escapes(self):
        self.assertEqual(uj.loads(r'"\ud800"'), "\ud800")
        self.assertEqual(uj.loads(r'"\udc00"'), "\udc00")
        self.assertEqual(uj.loads(r'"\ud800\u0041"'), "\ud800A")
        self.assertEqual(uj.loads(r'"a\udfffb"'), "a\udfffb")
        self.assertEqual(uj.loads(r'{"\ud800": "\ude00\ud800"}'), {"\ud800": "\ude00\ud800"})
        self.assertEqual(uj.loads(rb'"\ud800"'), json.loads(r'"\ud800"'))

    def test_raw_lone_surrogate_in_str_input(self):
        # As json and ujson: a str may hold a lone surrogate inside a JSON string.
        self.assertEqual(uj.loads('"\ud800"'), "\ud800")
        self.assertEqual(uj.loads('["a\udcff", "é"]'), ["a\udcff", "é"])
        with self.assertRaises(uj.JSONDecodeError):
            uj.loads("[\ud800]")

    def test_non_ascii(self):
        for s in ("é", "ÿ", "Ā", "€", "😀", "في صباح كل يوم", "日本語", "a" * 100 + "é" + "b" * 100, "\u0080\u07ff\u0800\uffff"):
            text = json.dumps(s, ensure_ascii=False)
            self.assertEqual(uj.loads(text), s)
            self.assertEqual(uj.loads(text.encode()), s)
            self.assertEqual(uj.loads(json.dumps(s)), s)

    def test_widths_are_canonical(self):
        # A str built by loads compares and hashes like the same text built by Python.
        for s in ("abc", "é", "éa", "Āé", "😀é"):
            got = uj.loads(json.dumps([s, {s: s}], ensure_ascii=False).encode())
            self.assertEqual(got, [s, {s: s}])
            self.assertEqual(hash(got[0]), hash(s))

    def test_long_strings(self):
        for s in ("x" * 100000, "é" * 50000, "€" * 40000, "😀" * 30000, ("ab" + "é" * 7) * 5000):
            self.assertEqual(uj.loads(json.dumps(s, ensure_ascii=False).encode()), s)

    def test_block_boundaries(self):
        # The UTF-8 to str conversion works on 16-byte blocks: every width of character at
        # every offset, and runs that end anywhere.
        samples = ["a", "é", "ÿ", "\u0100", "ف", "\u07ff", "\u0800", "€", "\uffff", "😀", "\U0010ffff"]
        for lead in range(0, 20):
            for c in samples:
                for other in ("b", "é", "ف", "€", "😀"):
                    for count in (1, 7, 8, 9, 15, 16, 17, 31, 40):
                        s = "x" * lead + (c + other) * count + c
                        text = json.dumps([s, {s: s}], ensure_ascii=False).encode()
                        self.assertEqual(uj.loads(text), [s, {s: s}], repr(s))

    def test_control_characters_must_be_escaped(self):
        for c in ("\x00", "\x1f", "\n", "\t"):
            with self.assertRaises(uj.JSONDecodeError):
                uj.loads('"a' + c + 'b"')

    def test_invalid_utf8(self):
        for bad in (b'"\xff"', b'"\xc3"', b'"\xe2\x82"', b'"\xf4\x90\x80\x80"', b'"\xc0\xaf"'):
            with self.assertRaises(uj.JSONDecodeError, msg=repr(bad)):
                uj.loads(bad)


class Errors(unittest.TestCase):
    def check(self, doc, pos, lineno, colno):
        with self.assertRaises(uj.JSONDecodeError) as cm:
            uj.loads(doc)
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertIsInstance(e, json.JSONDecodeError)
        self.assertEqual((e.pos, e.lineno, e.colno), (pos, lineno, colno), doc)
        self.assertTrue(str(e).endswith(": line %d column %d (char %d)" % (lineno, colno, pos)), str(e))
        self.assertTrue(e.msg)
        self.assertIsInstance(e.doc, str)
        return e

    def test_positions(self):
        self.check("", 0, 1, 1)
        self.check("   ", 3, 1, 4)
        self.check("[1, 2", 5, 1, 6)
        self.check("[1,]", 3, 1, 4)
        self.check('{"a": 1,}', 8, 1, 9)
        self.check("[1] x", 4, 1, 5)
        self.check("[01]", 2, 1, 3)
        self.check("[1.]", 3, 1, 4)
        self.check('{"a" 1}', 5, 1, 6)
        self.check("[tru]", 1, 1, 2)
        self.check('"\\x"', 1, 1, 2)
        self.check('[\n  1,\n  oops\n]', 9, 3, 3)

    def test_positions_count_characters(self):
        self.check('["é€😀", x]', 8, 1, 9)
        self.check('["é€😀", x]'.encode(), 8, 1, 9)
        self.check(b'["\xc3\xa9", "\xff"]', 7, 1, 8)

    def test_messages(self):
        self.assertIn("ends inside", self.check("[1, 2", 5, 1, 6).msg)

    def test_depth(self):
        deepest = uj.loads("[" * 1024 + "]" * 1024)
        for _ in range(1023):
            self.assertEqual(len(deepest), 1)
            deepest = deepest[0]
        self.assertEqual(deepest, [])
        e = self.check("[" * 1025 + "]" * 1025, 1024, 1, 1025)
        self.assertIn("max_depth", e.msg)
        self.check('{"a":' * 1025 + "1" + "}" * 1025, 5 * 1024, 1, 5 * 1024 + 1)
        with self.assertRaises(uj.JSONDecodeError):
            uj.loads("[" * 1000000)

    def test_every_prefix_of_a_document_fails_cleanly(self):
        doc = '{"a": [1, 2.5, -3e4, "x\\u00e9y", true, false, null, {"b": {}}], "é": "😀"}'
        for n in range(len(doc)):
            with self.assertRaises(uj.JSONDecodeError):
                uj.loads(doc[:n])
        self.assertEqual(uj.loads(doc), json.loads(doc))

    def test_usable_after_errors(self):
        for _ in range(3):
            with self.assertRaises(uj.JSONDecodeError):
                uj.loads('[{"a": [1, 2, {"b": "c"}], "d": x')
            self.assertEqual(uj.loads('[{"a": [1]}]'), [{"a": [1]}])


class JSONTestSuite(unittest.TestCase):
    def test_y_files_equal_json(self):
        count = 0
        for name, data in suite_files("y_"):
            with self.subTest(name):
                self.assertTrue(same(uj.loads(data), json.loads(data)))
                count += 1
        self.assertEqual(count, 95)

    def test_n_files_raise(self):
        count = 0
        for name, data in suite_files("n_"):
            with self.subTest(name):
                if name in NAN_LITERAL_FILES:
                    self.assertTrue(same(uj.loads(data), json.loads(data)))
                else:
                    with self.assertRaises(uj.JSONDecodeError):
                        uj.loads(data)
                count += 1
        self.assertEqual(count, 188)

    def test_i_files_do_not_crash(self):
        for name, data in suite_files("i_"):
            with self.subTest(name):
                try:
                    uj.loads(data)
                except ValueError:
                    pass

    def test_str_input_too(self):
        for name, data in suite_files("y_"):
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            with self.subTest(name):
                self.assertTrue(same(uj.loads(text), json.loads(text)))


class Load(unittest.TestCase):
    def test_text_and_binary_files(self):
        self.assertEqual(uj.load(io.StringIO('{"a": ["é"]}')), {"a": ["é"]})
        self.assertEqual(uj.load(io.BytesIO('{"a": ["é"]}'.encode())), {"a": ["é"]})

    def test_not_a_file(self):
        for bad in (5, "[1]", object()):
            with self.assertRaisesRegex(TypeError, "expected file"):
                uj.load(bad)

    def test_read_errors_propagate(self):
        class Broken:
            def read(self):
                raise OSError("disk")

        with self.assertRaisesRegex(OSError, "disk"):
            uj.load(Broken())

    def test_invalid_json(self):
        with self.assertRaises(uj.JSONDecodeError):
            uj.load(io.StringIO("[1,"))


if __name__ == "__main__":
    unittest.main()
