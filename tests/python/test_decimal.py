"""Exact decimal.Decimal both ways: dumps writes a finite Decimal as its own text (str()),
and loads(..., parse_float=Decimal) gives what json.loads(..., parse_float=Decimal) gives,
big decimals beyond a double included. (ujson writes a Decimal through a double: README,
differences.)"""

import decimal
import json
import math
import unittest
from decimal import Decimal

from support import same, suite_files
from support import ultrajson as uj

TEXTS = ["1.10", "0", "-0", "0.000", "-0.0", "1E+3", "1e-7", "0E-8", "12345678901234567890.123456789012345678901",
         "0.1000000000000000055511151231257827", "1e400", "-1e-400", "1E+999999", "3.14159265358979323846",
         "9007199254740993", "-123456789012345678901234567890"]


class Dumps(unittest.TestCase):
    def test_finite_decimals_are_their_exact_text(self):
        for text in TEXTS:
            d = Decimal(text)
            with self.subTest(text):
                self.assertEqual(uj.dumps(d), str(d))
                self.assertEqual(uj.dumps([d, {"k": d}]), "[%s,{\"k\":%s}]" % (d, d))
                # What was written reads back as the same Decimal, digit for digit.
                self.assertTrue(same(json.loads(uj.dumps(d), parse_float=Decimal, parse_int=Decimal), d))

    def test_every_option_leaves_the_text_alone(self):
        d = Decimal("2.50")
        for options in ({"double_precision": 0}, {"indent": 2}, {"ensure_ascii": False}, {"sort_keys": True}):
            self.assertEqual(uj.dumps([d], **options).replace("\n", "").replace(" ", ""), "[2.50]", options)

    def test_nan_and_infinity_follow_allow_nan_as_floats_do(self):
        for text in ("NaN", "-NaN", "Infinity", "-Infinity"):
            d = Decimal(text)
            self.assertEqual(uj.dumps(d), uj.dumps(float(d)), text)
            with self.assertRaises(OverflowError):
                uj.dumps(d, allow_nan=False)
            with self.assertRaises(OverflowError):
                uj.dumps(float(d), allow_nan=False)

    def test_signalling_nan_is_an_error(self):
        for text in ("sNaN", "-sNaN"):
            with self.assertRaises(ValueError):
                uj.dumps([Decimal(text)])

    def test_subclasses_write_decimals_text(self):
        class Money(Decimal):
            def __str__(self):
                return "$" + super().__str__()

        self.assertEqual(uj.dumps(Money("1.10")), "1.10")

    def test_decimal_keys_are_converted_by_str(self):
        self.assertEqual(uj.dumps({Decimal("1.10"): 1}), '{"1.10":1}')

    def test_canonical_takes_the_nearest_double(self):
        # RFC 8785 numbers are doubles: Decimal("1.10") as the JSON text "1.10" would be.
        self.assertEqual(uj.dumps(Decimal("1.10"), canonical=True), "1.1")
        with self.assertRaises(ValueError):
            uj.dumps(Decimal("NaN"), canonical=True)


class Loads(unittest.TestCase):
    def test_parse_float_decimal_is_exact(self):
        for text in TEXTS:
            doc = "[%s]" % text
            with self.subTest(text):
                self.assertTrue(same(uj.loads(doc, parse_float=Decimal), json.loads(doc, parse_float=Decimal)))

    def test_big_decimals_beyond_a_double(self):
        for text in ("1e400", "-2.5E-400", "1" * 400 + ".5", "0." + "0" * 400 + "1"):
            got = uj.loads(text, parse_float=Decimal)
            self.assertEqual(got, Decimal(text))
            self.assertTrue(same(got, json.loads(text, parse_float=Decimal)))
            self.assertFalse(math.isfinite(float(got)) and Decimal(float(got)) == got)

    def test_round_trip(self):
        values = [Decimal(t) for t in TEXTS]
        self.assertTrue(same(uj.loads(uj.dumps(values), parse_float=Decimal, parse_int=Decimal), values))

    def test_jsontestsuite_y_files(self):
        for name, data in suite_files("y_"):
            with self.subTest(name):
                self.assertTrue(same(uj.loads(data, parse_float=Decimal), json.loads(data, parse_float=Decimal)))

    def test_context_does_not_round(self):
        with decimal.localcontext() as ctx:
            ctx.prec = 5
            self.assertEqual(str(uj.loads("3.14159265358979323846", parse_float=Decimal)), "3.14159265358979323846")


if __name__ == "__main__":
    unittest.main()
