"""Where code written for ujson (or json) looks at what it gets: the exception of sort_keys
on keys that cannot be ordered, the words of decode errors for malformed UTF-8 and escapes,
and lone surrogates in loads' input and dumps' output. Expected values come from json, from
ujson's decoder source (src/ujson/python/decode.c, quoted below) and, where installed, from
Debian's ujson (python3-ujson, 5.7)."""

import json
import os
import sys
import unittest

from support import same
from support import ultrajson as uj


def installed_ujson():
    """Debian's ujson, built for /usr/bin/python3 (the same CPython ABI as the tests'), or None."""
    try:
        import ujson
        return ujson
    except ImportError:
        pass
    path = "/usr/lib/python3/dist-packages"
    if not os.path.isdir(path):
        return None
    sys.path.append(path)
    try:
        import ujson
        return ujson
    except ImportError:
        return None
    finally:
        sys.path.remove(path)


UJSON = installed_ujson()

# ujson's decoder (decode.c), for each kind of malformed input: its message, word for word.
UJSON_MESSAGES = [
    (b'"\xff"', "Invalid UTF-8 sequence length when decoding 'string'"),
    (b'"ab\xf8\x88\x80\x80\x80"', "Invalid UTF-8 sequence length when decoding 'string'"),
    (b'"\x80"', "Found UTF-8 continuation byte without corresponding start byte when decoding 'string'"),
    (b'["\xc3\xa9\xbf"]', "Found UTF-8 continuation byte without corresponding start byte when decoding 'string'"),
    (b'"\xc3"', "Invalid UTF-8 continuation byte when decoding 'string'"),
    (b'"\xc3("', "Invalid UTF-8 continuation byte when decoding 'string'"),
    (b'"\xe2\x82"', "Invalid UTF-8 continuation byte when decoding 'string'"),
    (b'"\xf0\x9f\x98x"', "Invalid UTF-8 continuation byte when decoding 'string'"),
    (b'"\xc0\xaf"', "Overlong 2-byte UTF-8 sequence detected when decoding 'string'"),
    (b'"\xc1\xbf"', "Overlong 2-byte UTF-8 sequence detected when decoding 'string'"),
    (b'"\xe0\x80\xaf"', "Overlong 3-byte UTF-8 sequence detected when encoding string"),  # sic
    (b'"\xf0\x80\x80\xaf"', "Overlong 4-byte UTF-8 sequence detected when decoding 'string'"),
    (b'"\xf4\x90\x80\x80"', "Code point > U+10FFFF encountered whilst decoding 'string'"),
    (b'"\xf5\x80\x80\x80"', "Code point > U+10FFFF encountered whilst decoding 'string'"),
    (b'{"k": "\\x"}', "Unrecognized escape sequence when decoding 'string'"),
    ('"\\a"', "Unrecognized escape sequence when decoding 'string'"),
    ('"\\u12"', "Unexpected character in unicode escape sequence when decoding 'string'"),
    ('"\\uzzzz"', "Unexpected character in unicode escape sequence when decoding 'string'"),
    ('"\\u12', "Unterminated unicode escape sequence when decoding 'string'"),
]


class SortKeys(unittest.TestCase):
    def test_keys_that_cannot_be_ordered_raise_type_error_as_json(self):
        for d in ({1: 1, "a": 2}, {"a": {None: 1, "b": 2}}, {(1, 2): 1, 3: 2}):
            with self.assertRaises(TypeError) as ours:
                uj.dumps(d, sort_keys=True)
            with self.assertRaises(TypeError) as theirs:
                json.dumps(d, sort_keys=True)
            self.assertEqual(str(ours.exception), str(theirs.exception))


class DecodeErrorWords(unittest.TestCase):
    def test_ujsons_message_for_each_kind(self):
        for doc, message in UJSON_MESSAGES:
            with self.subTest(doc):
                with self.assertRaises(uj.JSONDecodeError) as caught:
                    uj.loads(doc)
                self.assertEqual(caught.exception.msg, message)
                self.assertIsInstance(caught.exception, ValueError)
                self.assertIn(message, str(caught.exception))  # as user code matches it

    def test_positions_point_at_the_malformed_sequence(self):
        with self.assertRaises(uj.JSONDecodeError) as caught:
            uj.loads(b'["\xc3\xa9", "ab\xc0\xaf"]')
        self.assertEqual((caught.exception.pos, caught.exception.colno), (9, 10))

    @unittest.skipIf(UJSON is None, "Debian's python3-ujson is not installed")
    def test_installed_ujson_words_these_the_same(self):
        # 5.7's words for the kinds whose wording ujson has not changed since.
        for doc in (b'"\xff"', b'"\\x"', b'"\\u12"'):
            with self.assertRaises(ValueError) as theirs:
                UJSON.loads(doc)
            with self.assertRaises(uj.JSONDecodeError) as ours:
                uj.loads(doc)
            self.assertEqual(ours.exception.msg, str(theirs.exception))

    def test_other_errors_keep_the_codecs_sentence(self):
        with self.assertRaises(uj.JSONDecodeError) as caught:
            uj.loads("[1, 2")
        self.assertIn("ends inside", caught.exception.msg)


class LoneSurrogates(unittest.TestCase):
    STRS = ['"\ud800"', '"\udc00"', '"\ud800\udc00"', '"\udc00\ud800"', '["a\udbff\udfffb", "\ud83d"]',
            '{"\ud800": "\ud800\udc00x"}', '"\ud800\\udc00"', '"\\ud800\udc00"', '"\\ud800\\udc00"',
            '"é\ud800€\udfff😀"', "[\ud800]", '"\\\ud800"', '"' + "x" * 40 + "\ud800" * 3 + '"']

    def test_loads_str_as_json(self):
        # A raw high+low pair stays two characters; escapes pair as ever; a raw surrogate
        # outside a string or after a backslash is an error, as in json.
        for doc in self.STRS:
            with self.subTest(doc.encode("utf-8", "surrogatepass")):
                try:
                    theirs = json.loads(doc)
                except json.JSONDecodeError:
                    with self.assertRaises(uj.JSONDecodeError):
                        uj.loads(doc)
                    continue
                self.assertTrue(same(uj.loads(doc), theirs))

    def test_loads_bytes_with_surrogates_in_three_bytes_as_json(self):
        # json reads bytes with "surrogatepass" (and so does ujson's decoder).
        for doc in self.STRS[:8]:
            data = doc.encode("utf-8", "surrogatepass")
            self.assertTrue(same(uj.loads(data), json.loads(data)), data)

    def test_dumps_as_json(self):
        objs = ["\ud800", "\udc00\ud800", "\ud800\udc00", ["é\ud800", {"\udfff": "😀\ud83d"}], "a" * 40 + "\ud800"]
        for obj in objs:
            for ensure_ascii in (True, False):
                with self.subTest(obj, ensure_ascii=ensure_ascii):
                    out = uj.dumps(obj, ensure_ascii=ensure_ascii)
                    self.assertEqual(out, json.dumps(obj, ensure_ascii=ensure_ascii, separators=(",", ":")))
                    self.assertTrue(same(uj.loads(out), json.loads(out)))

    @unittest.skipIf(UJSON is None, "Debian's python3-ujson is not installed")
    def test_as_installed_ujson(self):
        for obj in ("\ud800", ["a\udfff", "\ud800\udc00"]):
            for ensure_ascii in (True, False):
                self.assertEqual(uj.dumps(obj, ensure_ascii=ensure_ascii), UJSON.dumps(obj, ensure_ascii=ensure_ascii))
        for doc in self.STRS[:6]:
            self.assertEqual(uj.loads(doc), UJSON.loads(doc))


class DeliberateStrictness(unittest.TestCase):
    """Kept as differences (README): ujson reads these, json and ultrajson do not."""

    DOCS = ["[01]", "[1.]", '"a\x01b"', '["tab\there"]']

    def test_rejected_as_json_rejects_them(self):
        for doc in self.DOCS:
            with self.assertRaises(json.JSONDecodeError):
                json.loads(doc)
            with self.assertRaises(uj.JSONDecodeError):
                uj.loads(doc)

    @unittest.skipIf(UJSON is None, "Debian's python3-ujson is not installed")
    def test_installed_ujson_reads_them(self):
        for doc in self.DOCS:
            UJSON.loads(doc)


if __name__ == "__main__":
    unittest.main()
