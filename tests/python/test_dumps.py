"""dumps(): every option and every kind of value, against expected strings written by hand
(confirmed against ujson 5.7 where ujson has a behaviour; see README "Python module")."""

import collections
import decimal
import enum
import math
import unittest

from support import DictSub, FloatSub, IntSub, ListSub, StrSub, ultrajson as uj


class Color(enum.IntEnum):
    RED = 1


class Mode(str, enum.Enum):
    FAST = "fast"


class HasToDict:
    def toDict(self):
        return {"x": 1, "y": [2]}


class HasJson:
    def __json__(self):
        return '{"raw": [1, 2]}'


class Scalars(unittest.TestCase):
    def test_literals(self):
        self.assertEqual(uj.dumps(None), "null")
        self.assertEqual(uj.dumps(True), "true")
        self.assertEqual(uj.dumps(False), "false")
        self.assertEqual(uj.dumps([True, False, None]), "[true,false,null]")

    def test_integers(self):
        self.assertEqual(uj.dumps(0), "0")
        self.assertEqual(uj.dumps(-1), "-1")
        self.assertEqual(uj.dumps(9223372036854775807), "9223372036854775807")
        self.assertEqual(uj.dumps(-9223372036854775808), "-9223372036854775808")
        self.assertEqual(uj.dumps(18446744073709551615), "18446744073709551615")

    def test_integers_of_any_size(self):
        self.assertEqual(uj.dumps(18446744073709551616), "18446744073709551616")
        self.assertEqual(uj.dumps(-9223372036854775809), "-9223372036854775809")
        self.assertEqual(uj.dumps(2 ** 200), "1606938044258990275541962092341162602522202993782792835301376")
        self.assertEqual(uj.dumps([-(10 ** 40)]), "[-10000000000000000000000000000000000000000]")

    def test_floats_shortest_round_trip(self):
        self.assertEqual(uj.dumps(1.5), "1.5")
        self.assertEqual(uj.dumps(0.1), "0.1")
        self.assertEqual(uj.dumps(100.0), "100.0")
        self.assertEqual(uj.dumps(-0.0), "-0.0")
        self.assertEqual(uj.dumps(1 / 3), "0.3333333333333333")
        self.assertEqual(uj.dumps(123456.789), "123456.789")
        self.assertEqual(uj.dumps(1e16), "1e+16")
        self.assertEqual(uj.dumps(1e300), "1e+300")
        self.assertEqual(uj.dumps(5e-324), "5e-324")
        self.assertEqual(uj.dumps(2.2250738585072014e-308), "2.2250738585072014e-308")
        self.assertEqual(uj.dumps(9007199254740993.0), "9007199254740992.0")

    def test_nan_and_infinity(self):
        self.assertEqual(uj.dumps(float("nan")), "NaN")
        self.assertEqual(uj.dumps(float("inf")), "Infinity")
        self.assertEqual(uj.dumps([-float("inf")]), "[-Infinity]")

    def test_strings(self):
        self.assertEqual(uj.dumps(""), '""')
        self.assertEqual(uj.dumps("abc"), '"abc"')
        self.assertEqual(uj.dumps('"\\\b\f\n\r\t'), r'"\"\\\b\f\n\r\t"')
        self.assertEqual(uj.dumps("\x00\x01\x1f\x7f"), '"\\u0000\\u0001\\u001f\x7f"')
        self.assertEqual(uj.dumps("\x1b"), '"\\u001b"')


class EnsureAscii(unittest.TestCase):
    def test_default_escapes_everything_above_ascii(self):
        self.assertEqual(uj.dumps("é€😀"), '"\\u00e9\\u20ac\\ud83d\\ude00"')
        self.assertEqual(uj.dumps("\u2028\u2029"), '"\\u2028\\u2029"')
        self.assertEqual(uj.dumps({"ключ": "значение"}),
                         '{"\\u043a\\u043b\\u044e\\u0447":"\\u0437\\u043d\\u0430\\u0447\\u0435\\u043d\\u0438\\u0435"}')

    def test_off_writes_utf8(self):
        self.assertEqual(uj.dumps("é€😀", ensure_ascii=False), '"é€😀"')
        self.assertEqual(uj.dumps({"ключ": ["ü"]}, ensure_ascii=False), '{"ключ":["ü"]}')
        self.assertEqual(uj.dumps("\u2028\u2029", ensure_ascii=False), '"\u2028\u2029"')
        # Control characters are escaped either way.
        self.assertEqual(uj.dumps("é\x00\n", ensure_ascii=False), '"é\\u0000\\n"')

    def test_arabic(self):
        self.assertEqual(uj.dumps("في صباح", ensure_ascii=False), '"في صباح"')
        self.assertEqual(uj.dumps("في"), '"\\u0641\\u064a"')

    def test_positional(self):
        # ujson's positional order: obj, ensure_ascii, encode_html_chars, escape_forward_slashes,
        # sort_keys, indent, ...
        self.assertEqual(uj.dumps("é", False), '"é"')
        self.assertEqual(uj.dumps("<é/>", False, True, False), '"\\u003cé/\\u003e"')


class LoneSurrogates(unittest.TestCase):
    """A str may hold a lone surrogate; ujson writes it as its \\u escape under ensure_ascii."""

    def test_escaped(self):
        self.assertEqual(uj.dumps("\ud800"), '"\\ud800"')
        self.assertEqual(uj.dumps("\udfff"), '"\\udfff"')
        self.assertEqual(uj.dumps("a\ud800b\udc00"), '"a\\ud800b\\udc00"')
        self.assertEqual(uj.dumps({"\ud800": "\ud83d\ude00"}), '{"\\ud800":"\\ud83d\\ude00"}')

    def test_without_ensure_ascii(self):
        # As json and ujson: the surrogate itself is in the result (more in test_dropin.py).
        self.assertEqual(uj.dumps(["é", "\ud800"], ensure_ascii=False), '["é","\ud800"]')


class HtmlAndSlashes(unittest.TestCase):
    def test_escape_forward_slashes(self):
        self.assertEqual(uj.dumps("a/b"), '"a\\/b"')
        self.assertEqual(uj.dumps("a/b", escape_forward_slashes=True), '"a\\/b"')
        self.assertEqual(uj.dumps("a/b", escape_forward_slashes=False), '"a/b"')
        self.assertEqual(uj.dumps({"/": "/"}, escape_forward_slashes=False), '{"/":"/"}')

    def test_encode_html_chars(self):
        self.assertEqual(uj.dumps("<script>&</script>"), '"<script>&<\\/script>"')
        self.assertEqual(uj.dumps("<script>&</script>", encode_html_chars=True),
                         '"\\u003cscript\\u003e\\u0026\\u003c\\/script\\u003e"')
        self.assertEqual(uj.dumps("'\"", encode_html_chars=True), '"\'\\""')
        self.assertEqual(uj.dumps("<é>", ensure_ascii=False, encode_html_chars=True), '"\\u003cé\\u003e"')


class Indent(unittest.TestCase):
    def test_nested(self):
        self.assertEqual(uj.dumps([1, [2, {"a": 3}]], indent=2),
                         '[\n  1,\n  [\n    2,\n    {\n      "a": 3\n    }\n  ]\n]')
        self.assertEqual(uj.dumps({"a": {"b": {}}}, indent=3), '{\n   "a": {\n      "b": {}\n   }\n}')

    def test_empty_containers_and_scalars(self):
        self.assertEqual(uj.dumps({}, indent=2), "{}")
        self.assertEqual(uj.dumps([], indent=2), "[]")
        self.assertEqual(uj.dumps([[]], indent=3), "[\n   []\n]")
        self.assertEqual(uj.dumps({"a": []}, indent=2), '{\n  "a": []\n}')
        self.assertEqual(uj.dumps("x", indent=2), '"x"')
        self.assertEqual(uj.dumps(True, indent=4), "true")

    def test_zero_and_negative(self):
        self.assertEqual(uj.dumps([1, {"a": 2}], indent=0), '[1,{"a":2}]')
        # ujson: a negative indent is compact, but with ": " after keys.
        self.assertEqual(uj.dumps({"a": [1]}, indent=-1), '{"a": [1]}')
        self.assertEqual(uj.dumps({"a": [1]}, indent=-5), '{"a": [1]}')

    def test_limits(self):
        with self.assertRaisesRegex(ValueError, "Maximum allowed indentation is 1000"):
            uj.dumps([1], indent=1001)
        with self.assertRaises(TypeError):
            uj.dumps([1], indent="2")
        with self.assertRaises(TypeError):
            uj.dumps([1], indent=2.5)
        with self.assertRaises(OverflowError):
            uj.dumps([1], indent=2 ** 70)
        # Up to 1000 spaces per level, as ujson.
        self.assertEqual(uj.dumps([1], indent=1000), "[\n" + " " * 1000 + "1\n]")
        self.assertEqual(uj.dumps([1], indent=100), "[\n" + " " * 100 + "1\n]")

    def test_none_means_compact(self):
        self.assertEqual(uj.dumps({"a": 1}, indent=None), '{"a":1}')


class SortKeys(unittest.TestCase):
    def test_nested(self):
        self.assertEqual(uj.dumps({"b": 1, "a": {"d": 1, "c": 2}}, sort_keys=True), '{"a":{"c":2,"d":1},"b":1}')
        self.assertEqual(uj.dumps({"b": 1, "a": {"d": 1, "c": 2}}, sort_keys=True, indent=1),
                         '{\n "a": {\n  "c": 2,\n  "d": 1\n },\n "b": 1\n}')

    def test_insertion_order_without(self):
        self.assertEqual(uj.dumps({"b": 1, "a": 2}), '{"b":1,"a":2}')
        self.assertEqual(uj.dumps({"b": 1, "a": 2}, sort_keys=False), '{"b":1,"a":2}')

    def test_code_point_order(self):
        d = {"é": 1, "z": 2, "😀": 3, "\uffff": 4, "A": 5, "": 6}
        self.assertEqual(uj.dumps(d, sort_keys=True, ensure_ascii=False), '{"":6,"A":5,"z":2,"é":1,"\uffff":4,"😀":3}')

    def test_inside_lists(self):
        self.assertEqual(uj.dumps([{"b": 1, "a": 2}, [{"d": 0, "c": 0}]], sort_keys=True),
                         '[{"a":2,"b":1},[{"c":0,"d":0}]]')

    def test_non_string_keys_sort_as_python_values(self):
        # As ujson and json: the keys are sorted before they are converted.
        self.assertEqual(uj.dumps({10: "a", 9: "b", -1: "c"}, sort_keys=True), '{"-1":"c","9":"b","10":"a"}')
        self.assertEqual(uj.dumps({2.5: 1, 1: 2}, sort_keys=True), '{"1":2,"2.5":1}')
        # Keys that cannot be ordered: test_dropin.py.


class AllowNan(unittest.TestCase):
    def test_off_raises_overflow(self):
        for value in (float("nan"), float("inf"), -float("inf")):
            with self.assertRaisesRegex(OverflowError, "Invalid value when encoding double"):
                uj.dumps([1, value], allow_nan=False)
        self.assertEqual(uj.dumps([1.5], allow_nan=False), "[1.5]")

    def test_on(self):
        self.assertEqual(uj.dumps([float("nan"), float("inf")], allow_nan=True), "[NaN,Infinity]")


class RejectBytes(unittest.TestCase):
    def test_default_rejects(self):
        with self.assertRaisesRegex(TypeError, "reject_bytes is on and 'abc' is bytes"):
            uj.dumps(b"abc")
        with self.assertRaises(TypeError):
            uj.dumps([b"abc"], default=str)  # default() is not asked about bytes

    def test_off_writes_utf8_bytes_as_strings(self):
        self.assertEqual(uj.dumps(b"abc", reject_bytes=False), '"abc"')
        self.assertEqual(uj.dumps({"a": b"\xc3\xa9"}, reject_bytes=False), '{"a":"\\u00e9"}')
        self.assertEqual(uj.dumps([b"\xc3\xa9"], reject_bytes=False, ensure_ascii=False), '["é"]')
        with self.assertRaises(UnicodeDecodeError):
            uj.dumps(b"\xff", reject_bytes=False)

    def test_bytearray_is_not_bytes(self):
        with self.assertRaisesRegex(TypeError, "is not JSON serializable"):
            uj.dumps(bytearray(b"abc"), reject_bytes=False)


class Separators(unittest.TestCase):
    def test_custom(self):
        self.assertEqual(uj.dumps([1, {"a": 2}], separators=(",", ":")), '[1,{"a":2}]')
        self.assertEqual(uj.dumps([1, {"a": 2}], separators=(", ", ": ")), '[1, {"a": 2}]')
        self.assertEqual(uj.dumps([1, {"a": 2}], separators=("x", "y")), '[1x{"a"y2}]')
        self.assertEqual(uj.dumps({"a": 1, "b": 2}, separators=(" ; ", " = ")), '{"a" = 1 ; "b" = 2}')

    def test_with_indent(self):
        self.assertEqual(uj.dumps([1, {"a": 2}], indent=2, separators=(",", ": ")), '[\n  1,\n  {\n    "a": 2\n  }\n]')
        self.assertEqual(uj.dumps({"a": [1, 2]}, indent=4, separators=(";", ":")),
                         '{\n    "a":[\n        1;\n        2\n    ]\n}')
        self.assertEqual(uj.dumps([1, 2], indent=2, separators=(", ", ":")), "[\n  1, \n  2\n]")

    def test_none_is_default(self):
        self.assertEqual(uj.dumps({"a": [1, 2]}, separators=None), '{"a":[1,2]}')
        self.assertEqual(uj.dumps({"a": 1}, indent=1, separators=None), '{\n "a": 1\n}')

    def test_non_ascii_separator(self):
        self.assertEqual(uj.dumps([1, 2], separators=("、", ":")), "[1、2]")

    def test_errors(self):
        with self.assertRaisesRegex(TypeError, "expected tuple or None as separator"):
            uj.dumps([1], separators=[",", ":"])
        with self.assertRaisesRegex(ValueError, "expected tuple of size 2 as separator"):
            uj.dumps([1], separators=(",",))
        with self.assertRaisesRegex(TypeError, "expected str as item separator"):
            uj.dumps([1], separators=(1, ":"))
        with self.assertRaisesRegex(TypeError, "expected str as key separator"):
            uj.dumps([1], separators=(",", None))


class DoublePrecision(unittest.TestCase):
    values = [1.23456789, 2.0, 0.5, -3.999, 1e-8, 123456789.987654321]

    def test_digits_after_the_point(self):
        self.assertEqual(uj.dumps(self.values, double_precision=0), "[1.0,2.0,0.0,-4.0,0.0,123456790.0]")
        self.assertEqual(uj.dumps(self.values, double_precision=2), "[1.23,2.0,0.5,-4.0,0.0,123456789.99]")
        self.assertEqual(uj.dumps(self.values, double_precision=3), "[1.235,2.0,0.5,-3.999,0.0,123456789.988]")
        self.assertEqual(uj.dumps(self.values, double_precision=9),
                         "[1.23456789,2.0,0.5,-3.999,0.00000001,123456789.987654328]")

    def test_absent_or_none_is_shortest(self):
        values = [1.23456789, 2.0, 0.5, -3.999, 123456789.987654321]
        shortest = "[1.23456789,2.0,0.5,-3.999,123456789.98765433]"
        self.assertEqual(uj.dumps(values), shortest)
        self.assertEqual(uj.dumps(values, double_precision=None), shortest)
        self.assertEqual(uj.dumps(values, double_precision=-1), shortest)

    def test_large_values_keep_their_exponent(self):
        self.assertEqual(uj.dumps([1e20, 2.5e17], double_precision=2), "[1e+20,2.5e+17]")

    def test_above_17_is_17(self):
        self.assertEqual(uj.dumps(0.1, double_precision=30), uj.dumps(0.1, double_precision=17))

    def test_type(self):
        with self.assertRaises(TypeError):
            uj.dumps(1.5, double_precision="2")


class Containers(unittest.TestCase):
    def test_tuples_are_arrays(self):
        self.assertEqual(uj.dumps((1, 2)), "[1,2]")
        self.assertEqual(uj.dumps(()), "[]")
        self.assertEqual(uj.dumps({"t": (1, ("a",))}), '{"t":[1,["a"]]}')

    def test_subclasses(self):
        self.assertEqual(uj.dumps(ListSub([1, 2])), "[1,2]")
        self.assertEqual(uj.dumps(DictSub(a=1)), '{"a":1}')
        self.assertEqual(uj.dumps(StrSub("s")), '"s"')
        self.assertEqual(uj.dumps(IntSub(7)), "7")
        self.assertEqual(uj.dumps(IntSub(2 ** 70)), "1180591620717411303424")
        self.assertEqual(uj.dumps(FloatSub(2.5)), "2.5")
        self.assertEqual(uj.dumps(Color.RED), "1")
        self.assertEqual(uj.dumps(Mode.FAST), '"fast"')
        self.assertEqual(uj.dumps({StrSub("k"): ListSub([StrSub("v")])}), '{"k":["v"]}')

    def test_ordered_dict_keeps_its_order(self):
        d = collections.OrderedDict([("b", 1), ("a", 2), ("c", 3)])
        d.move_to_end("b")
        self.assertEqual(uj.dumps(d), '{"a":2,"c":3,"b":1}')
        self.assertEqual(uj.dumps(d, sort_keys=True), '{"a":2,"b":1,"c":3}')

    def test_unsupported_containers(self):
        for value in ({1, 2}, frozenset(), range(3), iter([1]), {"a": 1}.keys(), complex(1, 2)):
            with self.assertRaisesRegex(TypeError, "is not JSON serializable"):
                uj.dumps(value)


class DictKeys(unittest.TestCase):
    def test_conversions(self):
        self.assertEqual(uj.dumps({1: 2}), '{"1":2}')
        self.assertEqual(uj.dumps({-5: 1}), '{"-5":1}')
        self.assertEqual(uj.dumps({2 ** 70: 1}), '{"1180591620717411303424":1}')
        self.assertEqual(uj.dumps({1.5: 1}), '{"1.5":1}')
        self.assertEqual(uj.dumps({1e20: 1}), '{"1e+20":1}')
        self.assertEqual(uj.dumps({float("nan"): 1}), '{"nan":1}')
        self.assertEqual(uj.dumps({float("inf"): 1}), '{"inf":1}')
        self.assertEqual(uj.dumps({True: 1}), '{"true":1}')
        self.assertEqual(uj.dumps({False: 1}), '{"false":1}')
        self.assertEqual(uj.dumps({None: 1}), '{"null":1}')
        self.assertEqual(uj.dumps({b"k": 1}), '{"k":1}')
        self.assertEqual(uj.dumps({(1, 2): 1}), '{"(1, 2)":1}')
        self.assertEqual(uj.dumps({Color.RED: 1}), '{"1":1}')

    def test_duplicates_after_conversion_are_kept(self):
        self.assertEqual(uj.dumps({1: 1, "1": 2}), '{"1":1,"1":2}')

    def test_key_str_failure(self):
        class Bad:
            def __str__(self):
                raise KeyError("no str")

        with self.assertRaises(KeyError):
            uj.dumps({Bad(): 1})


class Hooks(unittest.TestCase):
    def test_default(self):
        self.assertEqual(uj.dumps({1, 2}, default=sorted), "[1,2]")
        self.assertEqual(uj.dumps([object()], default=lambda o: "obj"), '["obj"]')
        self.assertEqual(uj.dumps(decimal.Decimal("1.5"), default=str), "1.5")  # Decimal never reaches default

    def test_default_result_is_encoded_again(self):
        class A:
            pass

        class B:
            pass

        self.assertEqual(uj.dumps(A(), default=lambda o: B() if isinstance(o, A) else {"b": [1]}), '{"b":[1]}')

    def test_default_chain_is_capped(self):
        calls = []

        def same(o):
            calls.append(o)
            return o

        with self.assertRaisesRegex(TypeError, "maximum recursion depth exceeded"):
            uj.dumps(object(), default=same)
        self.assertEqual(len(calls), 3)

    def test_default_errors_propagate(self):
        def bad(o):
            raise ValueError("nope")

        with self.assertRaisesRegex(ValueError, "nope"):
            uj.dumps([1, object()], default=bad)
        with self.assertRaisesRegex(TypeError, "not callable"):
            uj.dumps(object(), default=5)

    def test_no_default(self):
        o = object()
        with self.assertRaisesRegex(TypeError, "^" + repr(o).replace("(", r"\(") + " is not JSON serializable$"):
            uj.dumps(o)
        self.assertEqual(uj.dumps(1, default=None), "1")

    def test_to_dict(self):
        self.assertEqual(uj.dumps(HasToDict()), '{"x":1,"y":[2]}')
        self.assertEqual(uj.dumps([HasToDict()], default=str), '[{"x":1,"y":[2]}]')  # before default
        self.assertEqual(uj.dumps(HasToDict(), sort_keys=True, indent=1), '{\n "x": 1,\n "y": [\n  2\n ]\n}')

        class NotADict:
            def toDict(self):
                return 5

        with self.assertRaisesRegex(TypeError, r"toDict\(\) should return a dict, got int"):
            uj.dumps(NotADict())

    def test_json_method_is_raw(self):
        self.assertEqual(uj.dumps(HasJson()), '{"raw": [1, 2]}')
        self.assertEqual(uj.dumps([1, HasJson()]), '[1,{"raw": [1, 2]}]')

        class Bytes:
            def __json__(self):
                return b"[true]"

        class Wrong:
            def __json__(self):
                return 5

        class Raises:
            def __json__(self):
                raise KeyError("k")

        class Utf8:
            def __json__(self):
                return '"é"'

        self.assertEqual(uj.dumps({"b": Bytes()}), '{"b":[true]}')
        self.assertEqual(uj.dumps(Utf8()), '"é"')
        with self.assertRaisesRegex(TypeError, r"__json__\(\) should return str or bytes, got int"):
            uj.dumps(Wrong())
        with self.assertRaises(KeyError):
            uj.dumps(Raises())

    # Decimal: test_decimal.py.


class Depth(unittest.TestCase):
    @staticmethod
    def nest(levels, inner):
        for _ in range(levels):
            inner = [inner]
        return inner

    def test_ujson_limit(self):
        # ujson: a value may sit inside at most 1025 containers.
        self.assertEqual(uj.dumps(self.nest(1024, [])), "[" * 1025 + "]" * 1025)
        self.assertEqual(uj.dumps(self.nest(1024, 1)), "[" * 1024 + "1" + "]" * 1024)
        self.assertEqual(uj.dumps(self.nest(1024, {})), "[" * 1024 + "{}" + "]" * 1024)
        for inner in ([], 1, {"a": 1}):
            with self.assertRaisesRegex(OverflowError, "Maximum recursion level reached"):
                uj.dumps(self.nest(1025, inner))

    def test_very_deep(self):
        with self.assertRaises(OverflowError):
            uj.dumps(self.nest(100000, None))

    def test_cycles(self):
        a = []
        a.append(a)
        with self.assertRaisesRegex(OverflowError, "Maximum recursion level reached"):
            uj.dumps(a)
        d = {}
        d["self"] = [d]
        with self.assertRaises(OverflowError):
            uj.dumps(d)
        with self.assertRaises(OverflowError):
            uj.dumps(d, sort_keys=True, indent=2)

    def test_cycle_through_default(self):
        class Node:
            pass

        n = Node()
        with self.assertRaises(OverflowError):
            uj.dumps(n, default=lambda o: [o])

    def test_usable_after_errors(self):
        a = []
        a.append(a)
        for _ in range(3):
            with self.assertRaises(OverflowError):
                uj.dumps(a)
            self.assertEqual(uj.dumps({"ok": [1]}), '{"ok":[1]}')


class Mutation(unittest.TestCase):
    """Python code run during dumps (default, toDict, __json__, key __str__) may change the
    containers being written: never a crash."""

    def test_list_cleared_by_default(self):
        data = []

        def clear(o):
            data.clear()
            return "x"

        data.extend([1, object(), [2] * 100, "tail"])
        out = uj.dumps(data, default=clear)
        self.assertEqual(out, '[1,"x"]')

    def test_dict_changed_by_default(self):
        data = {}

        def change(o):
            data.clear()
            data.update({i: [i] for i in range(100)})
            return "x"

        data.update({"a": object(), "b": [1] * 50})
        uj.dumps(data, default=change)  # any output, no crash

    def test_sorted_dict_changed(self):
        data = {}

        def change(o):
            data.clear()
            return "x"

        data.update({"a": object(), "b": [1], "c": 2})
        with self.assertRaises(RuntimeError):
            uj.dumps(data, default=change, sort_keys=True)


class Arguments(unittest.TestCase):
    def test_keywords(self):
        self.assertEqual(uj.dumps(obj=[1]), "[1]")
        with self.assertRaisesRegex(TypeError, "'bogus' is an invalid keyword argument"):
            uj.dumps(1, bogus=1)
        with self.assertRaisesRegex(TypeError, "given by name"):
            uj.dumps(1, True, ensure_ascii=False)
        with self.assertRaises(TypeError):
            uj.dumps()

    def test_flags_take_any_truth_value(self):
        self.assertEqual(uj.dumps("é", ensure_ascii=0), '"é"')
        self.assertEqual(uj.dumps({"b": 1, "a": 2}, sort_keys=[1]), '{"a":2,"b":1}')
        self.assertEqual(uj.dumps("/", escape_forward_slashes=""), '"/"')

    def test_option_combinations_reuse_nothing_stale(self):
        doc = {"b": ["é/<", 1.5], "a": None}
        self.assertEqual(uj.dumps(doc), '{"b":["\\u00e9\\/<",1.5],"a":null}')
        self.assertEqual(uj.dumps(doc, ensure_ascii=False, escape_forward_slashes=False, encode_html_chars=True,
                                  sort_keys=True), '{"a":null,"b":["é/\\u003c",1.5]}')
        self.assertEqual(uj.dumps(doc), '{"b":["\\u00e9\\/<",1.5],"a":null}')
        self.assertEqual(uj.dumps(doc, indent=1), '{\n "b": [\n  "\\u00e9\\/<",\n  1.5\n ],\n "a": null\n}')


if __name__ == "__main__":
    unittest.main()
