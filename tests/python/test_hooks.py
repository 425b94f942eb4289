"""loads()/load() with json.loads' hooks (object_hook, object_pairs_hook, parse_float,
parse_int, parse_constant): the same results, the same calls in the same order, and the
same exceptions as json.loads with the same hooks, on the JSONTestSuite y_ files and on
10,000 random documents written to reach every case (-0, big numbers, exponents, NaN and
Infinity, repeated keys, nesting)."""

import decimal
import io
import json
import random
import unittest

from support import same, share_of, suite_files
from support import ultrajson as uj


def tagging_hooks(log):
    """Every hook, each returning its input tagged, and noting each call in `log`."""
    def hook(tag):
        def call(arg):
            log.append((tag, arg))
            return (tag, arg)
        return call
    return {name: hook(name) for name in ("object_hook", "object_pairs_hook", "parse_float", "parse_int",
                                          "parse_constant")}


def only(*names):
    def make(log):
        hooks = tagging_hooks(log)
        return {n: hooks[n] for n in names}
    return make


# Hook sets as factories of a call log: each set is tried with json and with ultrajson.
HOOK_SETS = {
    "all": tagging_hooks,  # object_pairs_hook wins over object_hook
    "object_hook": only("object_hook"),
    "object_pairs_hook": only("object_pairs_hook"),
    "parse_float": only("parse_float"),
    "parse_int": only("parse_int"),
    "parse_constant": only("parse_constant"),
    "numbers": only("parse_float", "parse_int", "parse_constant"),
    "decimal": lambda log: {"parse_float": decimal.Decimal, "parse_int": decimal.Decimal},
    "ordered": lambda log: {"object_pairs_hook": dict},
    "raising": lambda log: {"parse_float": int},  # int("1.5"): ValueError, as it is
}


def outcome(loads, doc, make_hooks):
    """(result, calls) of loads(doc, **hooks), or (exception type and text, calls)."""
    log = []
    try:
        return loads(doc, **make_hooks(log)), log
    except Exception as e:  # noqa: BLE001 - the same exception is what is compared
        return ("raised", type(e), str(e)), log


class AgainstJson(unittest.TestCase):
    def check(self, doc, hook_set):
        ours = outcome(uj.loads, doc, HOOK_SETS[hook_set])
        theirs = outcome(json.loads, doc, HOOK_SETS[hook_set])
        self.assertTrue(same(ours, theirs), "%s on %r:\n ours   %r\n theirs %r" % (hook_set, doc[:200], ours, theirs))

    def test_jsontestsuite_y_files(self):
        count = 0
        for name, data in suite_files("y_"):
            for hook_set in HOOK_SETS:
                with self.subTest(name, hooks=hook_set):
                    self.check(data, hook_set)
            count += 1
        self.assertEqual(count, 95)

    def test_random_documents(self):
        r = random.Random(20261201)
        sets = list(HOOK_SETS)
        for i in range(share_of(10000)):
            doc = random_document(r)
            self.check(doc, sets[i % len(sets)])
            if i % 10 == 0:
                self.check(doc, "all")

    def test_hand_picked(self):
        for doc in ('[-0, 0, -0.0, 1e5, 1E+5, 1.50, 2e-400, -1e400, 123456789012345678901234567890]',
                    '[NaN, Infinity, -Infinity, {"NaN": "Infinity"}]',
                    '{"a": 1, "b": {"c": [], "d": {}}, "a": 2}', '{}', '[]', '"x"', '7', '[[[{"k": [{"j": 1}]}]]]',
                    '{"\\u00e9": {"\\ud83d\\ude00": 0.1}}', '[9223372036854775807, 9223372036854775808, '
                    '-9223372036854775808, -9223372036854775809, 18446744073709551616]'):
            for hook_set in HOOK_SETS:
                with self.subTest(doc, hooks=hook_set):
                    self.check(doc, hook_set)


class Semantics(unittest.TestCase):
    def test_object_pairs_hook_wins_and_sees_repeated_keys(self):
        doc = '{"a": 1, "a": 2}'
        got = uj.loads(doc, object_hook=lambda d: "object_hook", object_pairs_hook=lambda p: p)
        self.assertEqual(got, [("a", 1), ("a", 2)])
        self.assertEqual(got, json.loads(doc, object_hook=lambda d: "object_hook", object_pairs_hook=lambda p: p))

    def test_a_hooks_exception_reaches_the_caller_as_it_is(self):
        def boom(_):
            raise ZeroDivisionError("boom")
        for name, doc in (("object_hook", "[{}]"), ("object_pairs_hook", '{"a": [1]}'), ("parse_float", "[1, 2.5]"),
                          ("parse_int", '{"a": 1}'), ("parse_constant", "[NaN]")):
            with self.assertRaisesRegex(ZeroDivisionError, "boom", msg=name):
                uj.loads(doc, **{name: boom})
            with self.assertRaisesRegex(ZeroDivisionError, "boom", msg=name):
                json.loads(doc, **{name: boom})
        self.assertEqual(uj.loads('[1, {"a": 2.5}]'), [1, {"a": 2.5}])  # usable afterwards

    def test_defaults_given_explicitly_are_no_hooks(self):
        doc = '[1, -0, 2.5, NaN, {"a": 1e400}]'
        plain = uj.loads(doc)
        for hooks in ({"parse_float": float}, {"parse_int": int}, {"object_hook": None, "parse_constant": None}):
            self.assertTrue(same(uj.loads(doc, **hooks), plain), hooks)
            self.assertTrue(same(uj.loads(doc, **hooks), json.loads(doc, **hooks)), hooks)

    def test_a_hook_is_called_only_for_its_kind_of_value(self):
        # As json: not checked for being callable until there is something to call it with.
        self.assertEqual(uj.loads('["x", true]', parse_int=5, object_hook=5), json.loads('["x", true]', parse_int=5,
                                                                                          object_hook=5))
        with self.assertRaises(TypeError):
            uj.loads("[1]", parse_int=5)

    def test_a_hook_may_call_loads(self):
        doc = '{"inner": "[1, {\\"b\\": 2.5}]"}'
        decode_inner = {"object_hook": lambda d: {k: uj.loads(v, parse_float=decimal.Decimal) for k, v in d.items()}}
        self.assertEqual(uj.loads(doc, **decode_inner), {"inner": [1, {"b": decimal.Decimal("2.5")}]})

    def test_hooks_are_keyword_only_and_named_as_in_json(self):
        with self.assertRaises(TypeError):
            uj.loads("[]", None)
        with self.assertRaisesRegex(TypeError, "'object_hooks' is an invalid keyword argument for loads()"):
            uj.loads("[]", object_hooks=dict)
        with self.assertRaises(TypeError):
            uj.loads(parse_int=int)

    def test_load_takes_the_hooks(self):
        got = uj.load(io.StringIO('{"a": [1.10, 2]}'), parse_float=decimal.Decimal, object_pairs_hook=list)
        self.assertEqual(got, [("a", [decimal.Decimal("1.10"), 2])])
        with self.assertRaisesRegex(TypeError, "invalid keyword argument for load()"):
            uj.load(io.StringIO("[]"), cls=None)

    def test_every_input_type(self):
        for doc in ('{"a": -0}', b'{"a": -0}', bytearray(b'{"a": -0}'), memoryview(b'{"a": -0}')):
            self.assertEqual(uj.loads(doc, parse_int=str, object_pairs_hook=tuple), (("a", "-0"),))

    def test_invalid_json_is_still_a_decode_error(self):
        with self.assertRaises(uj.JSONDecodeError):
            uj.loads('[1, 2.5, {"a": 3}', object_hook=dict, parse_float=str)


# ---- random documents -------------------------------------------------------------------

KEYS = ["a", "b", "id", "é", "😀", "", "NaN", "a\"b", "k\\u0041"]


def random_number(r):
    sign = r.choice(("", "", "-"))
    kind = r.randrange(6)
    if kind == 0:
        return sign + r.choice(("0", "1", "7", "42", "9223372036854775807", "9223372036854775808",
                                "18446744073709551615", "18446744073709551616", "1" * 30))
    if kind == 1:
        return sign + str(r.randint(1, 10 ** r.randint(1, 25)))
    integer = r.choice(("0", str(r.randint(1, 10 ** r.randint(1, 20)))))
    fraction = "." + "".join(r.choice("0123456789") for _ in range(r.randint(1, 25))) if kind != 2 else ""
    exponent = ""
    if kind in (2, 4, 5):
        exponent = r.choice("eE") + r.choice(("", "+", "-")) + str(r.choice((0, 1, 5, 22, 23, 300, 308, 309, 324, 400)))
    return sign + integer + fraction + exponent


def random_string(r):
    chars = [r.choice("abc \"\\/\n\té€😀\u0001\ud800\udc00") for _ in range(r.randint(0, 6))]
    return json.dumps("".join(chars), ensure_ascii=r.random() < 0.5)


def random_document(r, depth=0):
    kind = r.randrange(9 if depth < 5 else 5)
    if kind == 0:
        return r.choice(("true", "false", "null", "NaN", "Infinity", "-Infinity"))
    if kind in (1, 2, 3):
        return random_number(r)
    if kind == 4:
        return random_string(r)
    space = r.choice(("", " ", "\n  "))
    count = r.choice((0, 1, 2, 3, 5))
    if kind in (5, 6):
        return "[" + ("," + space).join(random_document(r, depth + 1) for _ in range(count)) + "]"
    members = ('%s:%s%s' % (json.dumps(r.choice(KEYS)), space, random_document(r, depth + 1)) for _ in range(count))
    return "{" + ("," + space).join(members) + "}"


if __name__ == "__main__":
    unittest.main()
