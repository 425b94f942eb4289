"""A short bounded run of fuzz_module.py (`make fuzz` runs it for FUZZ_SECONDS), and the
bug it found."""

import io
import unittest

import fuzz_module
from support import SANITIZED, share_of
from support import ultrajson as uj


class FuzzModule(unittest.TestCase):
    def test_a_few_seconds_of_random_cases(self):
        out = io.StringIO()
        # Under ASan, resident memory means nothing (quarantine): the reference counts and
        # the sanitizer itself are the leak and memory checks there.
        # Three seconds in the release pass; their share, at least one, in those that repeat it.
        seconds = share_of(3)
        failures = fuzz_module.fuzz(seconds, fuzz_module.DEFAULT_SEED, out=out, memory=not SANITIZED)
        self.assertEqual(failures, [], out.getvalue())
        self.assertIn("cases in", out.getvalue())

    def test_error_position_counts_a_raw_surrogate_as_one_character(self):
        # loads hands a raw lone surrogate to the decoder in three bytes; the position must
        # still count it as the one character it is (json agrees: 11, column 12).
        with self.assertRaises(uj.JSONDecodeError) as caught:
            uj.loads('[1, "\ud800", 2,]')
        self.assertEqual((caught.exception.pos, caught.exception.colno), (11, 12))
        with self.assertRaises(uj.JSONDecodeError) as caught:
            uj.loads('["\udfff\ud800\U0001f600", tru]')
        self.assertEqual(caught.exception.pos, 8)


if __name__ == "__main__":
    unittest.main()
