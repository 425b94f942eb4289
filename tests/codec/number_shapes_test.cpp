// Every shape of number, at every distance from the end of the input. The decoder reads
// most numbers by a short path (one 32-byte digit mask, used only with 48 bytes of input
// left) and the rest the long way; both must give the value std::from_chars gives, accept
// exactly what RFC 8259's number grammar accepts (checked here by std::regex), and report
// an invalid number with the same error wherever it stands, in validation as well.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/handler.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::errc;

// number = [ minus ] int [ frac ] [ exp ] (RFC 8259 section 6)
const std::regex rfc_number(R"(-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");

struct seen {
  enum kind_t { none, int64, uint64, dbl, big } kind = none;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string text;
};

struct shape_recorder : ujson::null_handler {
  std::vector<seen> got;
  errc on_int64(std::int64_t v) { return add({seen::int64, v, 0, 0, {}}); }
  errc on_uint64(std::uint64_t v) { return add({seen::uint64, 0, v, 0, {}}); }
  errc on_double(double v, std::string_view t) { return add({seen::dbl, 0, 0, v, std::string(t)}); }
  errc on_big_number(std::string_view t) { return add({seen::big, 0, 0, 0, std::string(t)}); }
  errc add(seen s) {
    got.push_back(std::move(s));
    return errc::ok;
  }
};

// The decoder's report of `number` against the standard library's; `where` names the case.
void expect_same(const seen& got, const seen& want, const std::string& number, const std::string& where) {
  ASSERT_EQ(got.kind, want.kind) << number << where;
  switch (want.kind) {
    case seen::int64: EXPECT_EQ(got.i, want.i) << number << where; break;
    case seen::uint64: EXPECT_EQ(got.u, want.u) << number << where; break;
    case seen::dbl:
      EXPECT_EQ(std::bit_cast<std::uint64_t>(got.d), std::bit_cast<std::uint64_t>(want.d)) << number << where;
      EXPECT_EQ(got.text, number) << where;
      break;
    default: EXPECT_EQ(got.text, number) << where; break;
  }
}

// What the decoder must report for a valid number text, from the standard library.
seen expected(const std::string& text) {
  seen s;
  const bool integer = text.find_first_of(".eE") == std::string::npos;
  if (integer) {
    std::int64_t i = 0;
    if (auto r = std::from_chars(text.data(), text.data() + text.size(), i); r.ec == std::errc()) {
      s.kind = seen::int64;
      s.i = i;
      return s;
    }
    std::uint64_t u = 0;
    if (auto r = std::from_chars(text.data(), text.data() + text.size(), u); r.ec == std::errc()) {
      s.kind = seen::uint64;
      s.u = u;
      return s;
    }
    s.kind = seen::big;
    return s;
  }
  double d = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
  s.kind = r.ec == std::errc() && std::isfinite(d) ? seen::dbl : seen::big;
  s.d = d;
  return s;
}

std::string digits(std::size_t n, std::size_t seed) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    s += static_cast<char>(i == 0 ? '1' + seed % 9 : '0' + (seed * 7 + i * 3) % 10);  // no leading zero
  }
  return s;
}

std::vector<std::string> shapes() {
  std::vector<std::string> out;
  const std::vector<std::size_t> lengths = {1, 2, 3, 7, 8, 9, 14, 15, 16, 17, 18, 19, 20, 25, 31, 32, 33};
  for (std::size_t int_len : lengths) {
    for (int frac = -2; frac <= 33; ++frac) {  // -2: none, -1: a bare '.', else that many digits
      if (frac > 3 && frac < 13 && frac != 8) continue;
      for (const char* exp : {"", "e5", "E-3", "e+12", "e", "e-"}) {
        for (const char* sign : {"", "-"}) {
          std::string n = sign + digits(int_len, int_len + static_cast<std::size_t>(frac + 2));
          if (frac == -1) n += '.';
          if (frac >= 0) n += '.' + std::string(static_cast<std::size_t>(frac), '0' + static_cast<char>(frac % 10));
          n += exp;
          out.push_back(n);
        }
      }
    }
  }
  for (const char* special : {"0", "-0", "0.0", "-0.0", "0.5", "-0.125", "00", "-00", "01", "-01", "0e1", "0.", "-", "-.5", "1..2", "1.e3", "0x1", "1.5.2",
                              "1e5.5", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                              "-9223372036854775809", "18446744073709551615", "18446744073709551616",
                              "1.7976931348623157e308", "1e400", "4.9e-324", "2.2250738585072014e-308"}) {
    out.push_back(special);
  }
  return out;
}

TEST(NumberShapes, AgreeWithTheGrammarAndFromCharsAtEveryDistanceFromTheEnd) {
  std::size_t valid = 0, invalid = 0, shape = 0;
  for (const std::string& number : shapes()) {
    ++shape;
    const bool want_valid = std::regex_match(number, rfc_number);
    (want_valid ? valid : invalid)++;
    const seen want = want_valid ? expected(number) : seen{};
    ujson::error first_error{};
    for (std::size_t pad = 0; pad <= 64; ++pad) {
      // The number, then `pad` spaces before the array closes: the bytes left after it
      // range from 1 to 65, so both paths read it. Pad 0 always (its error is the reference).
      if (pad != 0 && !ujson::test::in_share(shape + pad)) continue;
      const std::string doc = "[" + number + std::string(pad, ' ') + "]";
      shape_recorder h;
      const ujson::error e = ujson::decode(doc, h);
      const std::string where = " with " + std::to_string(pad) + " spaces after it";
      // Validation reads numbers by the same paths without their values: the same verdict
      // and error.
      const ujson::error v = ujson::validate(doc);
      EXPECT_EQ(v.code, e.code) << number << where << " (validate)";
      EXPECT_EQ(v.offset, e.offset) << number << where << " (validate)";
      if (want_valid) {
        ASSERT_EQ(e.code, errc::ok) << number << where;
        ASSERT_EQ(h.got.size(), 1u) << number << where;
        expect_same(h.got[0], want, number, where);
      } else {
        ASSERT_NE(e.code, errc::ok) << number << " with " << pad << " spaces after it";
        if (pad == 0) first_error = e;
        EXPECT_EQ(e.code, first_error.code) << number << " with " << pad;
        EXPECT_EQ(e.offset, first_error.offset) << number << " with " << pad;
      }
    }
  }
  EXPECT_GT(valid, 1000u);
  EXPECT_GT(invalid, 1000u);
}

// A number followed at once by the next token, as in most documents ({"id":123,...}), in
// an input long enough to take the structural index: each shape in each place a number can
// stand in the indexed walk (an object's member, an array's first and second element,
// after a literal, before one), with the input ending 30 to 34 bytes after it (the edge of
// the readers' 32-byte loads), right after it, and far after it. Validation accepts
// exactly what the grammar accepts, and fails where decoding fails, at the same offset.
TEST(NumberShapes, ValidationOfANumberFollowedByItsTokenAgreesWithTheGrammar) {
  const std::string key = "{\"" + std::string(64, 'k') + "\":";  // the input long enough to be indexed
  struct place {
    std::string before, after;
  };
  const std::vector<place> places = {{"0,\"n\":", "}"}, {"[", "]}"}, {"[1,", "]}"}, {"[null,", "]}"}, {"[", ",null]}"}};
  std::size_t plain_valid = 0, checked = 0;  // plain_valid: no exponent, within one 32-byte read
  for (const std::string& number : shapes()) {
    const bool want_valid = std::regex_match(number, rfc_number);
    for (const place& at : places) {
      std::vector<std::size_t> pads = {0, 48};
      for (std::size_t left = 30; left <= 34; ++left) {
        const std::size_t used = number.size() + at.after.size();
        if (left >= used) pads.push_back(left - used);
      }
      for (const std::size_t pad : pads) {
        const std::string doc = key + at.before + number + at.after + std::string(pad, ' ');
        shape_recorder h;
        const ujson::error e = ujson::decode(doc, h);
        const ujson::error v = ujson::validate(doc);
        const std::string where = " in " + at.before + "..." + at.after + " with " + std::to_string(pad) + " spaces after";
        ASSERT_EQ(v.code == errc::ok, want_valid) << number << where;
        EXPECT_EQ(v.code, e.code) << number << where;
        EXPECT_EQ(v.offset, e.offset) << number << where;
        ++checked;
        if (want_valid && number.find_first_of("eE") == std::string::npos && number.size() <= 32) ++plain_valid;
      }
    }
  }
  EXPECT_GT(plain_valid, 5000u);
  EXPECT_GT(checked, 50000u);
}

// The same numbers one after another in a long array, the way canada.json has them: each
// read while plenty of input follows.
TEST(NumberShapes, ValidOnesInALongArrayMatchFromChars) {
  std::vector<std::string> numbers;
  for (const std::string& n : shapes()) {
    if (std::regex_match(n, rfc_number)) numbers.push_back(n);
  }
  std::string doc = "[";
  for (const std::string& n : numbers) doc += n + ",";
  doc += "0]";
  shape_recorder h;
  ASSERT_EQ(ujson::decode(doc, h).code, errc::ok);
  ASSERT_EQ(h.got.size(), numbers.size() + 1);
  for (std::size_t i = 0; i < numbers.size(); ++i) expect_same(h.got[i], expected(numbers[i]), numbers[i], " in the array");
}

// Integer and fraction parts of every length from 1 to 17 digits, each digit drawn apart
// from its neighbours (a part of repeated digits would hide digits read from the wrong
// place), in an array and as members' values: the walk's short path values each part of
// up to 16 digits from its own 16-byte read, one way of doing so for each length.
TEST(NumberShapes, EveryLengthOfIntegerAndFractionMatchesFromChars) {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  const auto digit = [&](bool nonzero) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const auto d = static_cast<unsigned>(state >> 33);
    return static_cast<char>(nonzero ? '1' + d % 9 : '0' + d % 10);
  };
  std::vector<std::string> numbers;
  for (std::size_t int_len = 1; int_len <= 17; ++int_len) {
    for (std::size_t frac_len = 0; frac_len <= 17; ++frac_len) {
      for (const char* sign : {"", "-"}) {
        std::string n = sign;
        for (std::size_t i = 0; i < int_len; ++i) n += digit(i == 0);
        if (frac_len != 0) n += '.';
        for (std::size_t i = 0; i < frac_len; ++i) n += digit(false);
        numbers.push_back(n);
      }
    }
  }
  std::string array = "[", object = "{";
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    array += numbers[i] + ",";
    object += "\"k" + std::to_string(i) + "\":" + numbers[i] + ",";
  }
  array += "0]";
  object += "\"end\":0}";
  for (const std::string& doc : {array, object}) {
    shape_recorder h;
    ASSERT_EQ(ujson::decode(doc, h).code, errc::ok);
    ASSERT_EQ(h.got.size(), numbers.size() + 1);
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      expect_same(h.got[i], expected(numbers[i]), numbers[i], doc[0] == '[' ? " in the array" : " as a member");
    }
  }
}

}  // namespace
