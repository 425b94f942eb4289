"""dumps(obj, canonical=True): RFC 8785 (JSON Canonicalization Scheme). The RFC's own examples
come from data/rfc8785 (typed from the RFC); the rest are worked out by hand from RFC 8785
and ECMAScript's Number.prototype.toString."""

import decimal
import json
import math
import os
import struct
import unittest

from support import DATA_DIR, ultrajson as uj


def example(name):
    with open(os.path.join(DATA_DIR, "rfc8785", name), encoding="utf-8") as f:
        return f.read()


def canonical(obj, **options):
    return uj.dumps(obj, canonical=True, **options)


class RfcExamples(unittest.TestCase):
    def test_sample_and_sorting_examples(self):
        for name in ("sample", "sorting"):
            with self.subTest(name):
                self.assertEqual(canonical(json.loads(example(name + ".json"))), example(name + ".canonical.json"))

    def test_appendix_b_numbers(self):
        rows = [line.split(" ") for line in example("numbers.txt").splitlines()]
        self.assertEqual(len(rows), 26)
        for row in rows:
            value = struct.unpack(">d", bytes.fromhex(row[0]))[0]
            with self.subTest(row[0]):
                if len(row) == 1:  # NaN and Infinity have no text
                    with self.assertRaises(ValueError):
                        canonical(value)
                else:
                    self.assertEqual(canonical(value), row[1])


class Numbers(unittest.TestCase):
    def test_floats(self):
        self.assertEqual(canonical([1e21, 1e20, 1e-7, 1e-6, -0.0, 4.50, 0.1]),
                         "[1e+21,100000000000000000000,1e-7,0.000001,0,4.5,0.1]")

    def test_ints_a_float_holds_or_already_writes(self):
        self.assertEqual(canonical([0, -1, 2**53, -(2**53)]), "[0,-1,9007199254740992,-9007199254740992]")
        # As JavaScript writes the float: shortest digits, then zeros.
        self.assertEqual(canonical(2**60), "1152921504606847000")
        self.assertEqual(canonical(2**63), "9223372036854776000")
        self.assertEqual(canonical(2**70), "1.1805916207174113e+21")  # beyond 64 bits too
        # Not 2**60, but already the text of the float nearest to it: output reads back as itself.
        self.assertEqual(canonical(1152921504606847000), "1152921504606847000")
        self.assertEqual(canonical(json.loads(canonical([2**60, 2**70]))), "[1152921504606847000,1.1805916207174113e+21]")

    def test_ints_that_would_come_out_as_others_are_errors(self):
        for n in (2**53 + 1, -(2**53 + 1), 2**64 - 1, 2**70 + 1, 10**400):
            with self.subTest(n):
                with self.assertRaises(ValueError):
                    canonical(n)

    def test_nan_and_infinity_are_errors(self):
        for x in (math.nan, math.inf, -math.inf):
            with self.assertRaises(ValueError):
                canonical([x])

    def test_bool_and_decimal(self):
        self.assertEqual(canonical([True, False, None]), "[true,false,null]")
        self.assertEqual(canonical(decimal.Decimal("1e21")), "1e+21")


class Strings(unittest.TestCase):
    def test_only_required_escapes(self):
        self.assertEqual(canonical("\"\\\b\f\n\r\t\x01\x1f\x7f/<>&\u00e9\U0001F600"),
                         '"\\"\\\\\\b\\f\\n\\r\\t\\u0001\\u001f\x7f/<>&\u00e9\U0001F600"')

    def test_lone_surrogate_is_an_error(self):
        for s in ("\ud800", "a\udfff", {"\udc00": 1}):
            with self.subTest(repr(s)):
                with self.assertRaises(ValueError):
                    canonical(s)


class Keys(unittest.TestCase):
    def test_utf16_order(self):
        # U+FFFF after U+1F600 (D83D DE00): UTF-16 code units, not code points.
        self.assertEqual(canonical({"\uffff": 0, "\U0001F600": 1, "\ue000": 2, "b": 3, "a": {"d": 4, "c": 5}}),
                         '{"a":{"c":5,"d":4},"b":3,"\U0001F600":1,"\ue000":2,"\uffff":0}')

    def test_keys_converting_to_one_string_are_an_error(self):
        with self.assertRaises(ValueError):
            canonical({1: "int", "1": "str"})

    def test_converted_keys_sort_as_strings(self):
        self.assertEqual(canonical({10: "a", 9: "b", True: "c"}), '{"10":"a","9":"b","true":"c"}')


class Options(unittest.TestCase):
    def test_formatting_options_are_refused(self):
        for name, value in (("ensure_ascii", True), ("encode_html_chars", False), ("escape_forward_slashes", True),
                            ("sort_keys", True), ("indent", 2), ("allow_nan", True), ("separators", (",", ":")),
                            ("double_precision", 3)):
            with self.subTest(name):
                with self.assertRaisesRegex(ValueError, name):
                    canonical([1], **{name: value})

    def test_none_means_not_given(self):
        self.assertEqual(canonical({"b": 1, "a": 2}, indent=None, separators=None, double_precision=None),
                         '{"a":2,"b":1}')

    def test_value_options_still_apply(self):
        self.assertEqual(canonical({"x": object()}, default=lambda o: "obj"), '{"x":"obj"}')
        self.assertEqual(canonical([b"a"], reject_bytes=False), '["a"]')
        with self.assertRaises(TypeError):
            canonical([b"a"])

    def test_canonical_false_is_the_ordinary_form(self):
        self.assertEqual(uj.dumps([1e21, "/"], canonical=False), '[1e+21,"\\/"]')

    def test_canonical_is_keyword_only(self):
        with self.assertRaises(TypeError):
            uj.dumps([], True, False, True, False, 0, True, True, None, None, None, True)

    def test_raw_json_is_refused_unless_an_exact_integer(self):
        class Raw:
            def __init__(self, text):
                self.text = text

            def __json__(self):
                return self.text

        self.assertEqual(canonical([Raw("7")]), "[7]")
        with self.assertRaises(ValueError):
            canonical([Raw('{"a":1}')])

    def test_dump_takes_it_too(self):
        import io
        out = io.StringIO()
        uj.dump({"b": 1e21, "a": -0.0}, out, canonical=True)
        self.assertEqual(out.getvalue(), '{"a":0,"b":1e+21}')

    def test_alternating_with_other_options(self):
        # The writer kept between calls must follow the options of each call.
        for _ in range(3):
            self.assertEqual(canonical({"b": "/", "a": 1e21}), '{"a":1e+21,"b":"/"}')
            self.assertEqual(uj.dumps({"b": "/", "a": 1e21}), '{"b":"\\/","a":1e+21}')


if __name__ == "__main__":
    unittest.main()
