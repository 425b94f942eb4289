// Decimal -> double in the decoder: the Eisel-Lemire fast path (codec/src/number/) must
// give exactly what std::from_chars gives, and leave out-of-range values to the fallback
// (big numbers). Also checks that the committed power-of-five table is what
// codec/tools/make_tables.py generates.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/number.hpp"
#include "ujson/dom.hpp"
#include "ujson/handler.hpp"

namespace {

using ujson::errc;
using ujson::test::data_dir;
using ujson::test::read_file;

// ---------------------------------------------------------------------------------------
// Table generator

TEST(Pow5Table, CommittedHeaderMatchesGenerator) {
  const std::filesystem::path root = data_dir().parent_path();
  const std::filesystem::path script = root / "codec" / "tools" / "make_tables.py";
  const std::filesystem::path committed = root / "codec" / "src" / "number" / "pow5_table.hpp";
  // A fresh name: the release and sanitizer builds may run this test at the same time.
  const std::filesystem::path generated =
      std::filesystem::temp_directory_path() / ("ujson_pow5_table_" + std::to_string(std::random_device{}()) + ".hpp");
  // Debian's python3 (scripts/bootstrap installs it): one on PATH may be a slow-starting shim.
  const std::string command = "/usr/bin/python3 \"" + script.string() + "\" --output \"" + generated.string() + "\"";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const std::string fresh = read_file(generated);
  std::filesystem::remove(generated);
  EXPECT_EQ(fresh, read_file(committed)) << "run: python3 codec/tools/make_tables.py";
}

// ---------------------------------------------------------------------------------------
// Helpers

struct number_event {
  bool is_double;
  double value;  // when is_double
  std::string text;
};

struct number_recorder : ujson::null_handler {
  std::vector<number_event> events;
  errc on_double(double d, std::string_view text) {
    events.push_back({true, d, std::string(text)});
    return errc::ok;
  }
  errc on_big_number(std::string_view text) {
    events.push_back({false, 0.0, std::string(text)});
    return errc::ok;
  }
};

// What the decoder must report for `text`: from_chars' double when it is finite and in
// range, otherwise a big number.
struct expectation {
  bool is_double;
  double value;
};

expectation from_chars_of(std::string_view text) {
  double d = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), d);
  if (r.ec == std::errc() && r.ptr == text.data() + text.size() && std::isfinite(d)) return {true, d};
  return {false, 0.0};
}

std::string hex_bits(double d) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, std::bit_cast<std::uint64_t>(d), 16);
  return "0x" + std::string(buf, r.ptr);
}

// Decodes `numbers` as one JSON array and checks every value against from_chars, bit for bit.
// Returns the number of mismatches (each reported, up to a limit).
std::size_t check_against_from_chars(const std::vector<std::string>& numbers) {
  std::string json = "[";
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i != 0) json += ',';
    json += numbers[i];
  }
  json += ']';
  number_recorder rec;
  rec.events.reserve(numbers.size());
  const ujson::error err = ujson::decode(json, rec);
  EXPECT_EQ(err.code, errc::ok);
  EXPECT_EQ(rec.events.size(), numbers.size());
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < rec.events.size() && i < numbers.size(); ++i) {
    const number_event& ev = rec.events[i];
    const expectation want = from_chars_of(numbers[i]);
    const bool same = ev.text == numbers[i] && ev.is_double == want.is_double &&
                      (!want.is_double || std::bit_cast<std::uint64_t>(ev.value) == std::bit_cast<std::uint64_t>(want.value));
    if (!same) {
      if (++mismatches <= 20) {
        ADD_FAILURE() << numbers[i] << ": decoder " << (ev.is_double ? hex_bits(ev.value) : "big number") << ", from_chars "
                      << (want.is_double ? hex_bits(want.value) : "out of range");
      }
    }
  }
  return mismatches;
}

// Writes w * 10^q as JSON text with w's digits split by a decimal point at `point` digits
// from the left (0: no point) and an exponent that makes up the difference. Always a
// decimal (never an integer token), so it reaches the double conversion.
std::string decimal_text(bool negative, std::uint64_t w, std::int64_t q, std::size_t point) {
  std::string digits = std::to_string(w);
  std::string out = negative ? "-" : "";
  if (point == 0 || point >= digits.size()) {
    out += digits;
  } else {
    out += digits.substr(0, point);
    out += '.';
    out += digits.substr(point);
    q += static_cast<std::int64_t>(digits.size() - point);
  }
  if (point == 0 || point >= digits.size() || q != 0) {
    out += 'e';
    out += std::to_string(q);
  }
  return out;
}

std::uint64_t pow10_u64(int n) {
  std::uint64_t p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

// ---------------------------------------------------------------------------------------
// Random (w, q) through the decoder

TEST(DecoderDoubles, RandomMantissasAndExponentsMatchFromChars) {
  std::mt19937_64 rng(20240611);
  const std::size_t total = ujson::test::share_of(2'000'000);
  const std::size_t chunk = std::min<std::size_t>(total, 100'000);
  std::size_t mismatches = 0;
  std::vector<std::string> numbers;
  numbers.reserve(chunk);
  for (std::size_t done = 0; done < total; done += chunk) {
    numbers.clear();
    for (std::size_t i = 0; i < chunk; ++i) {
      // Half the mantissas have all 19 digits (the canada.json shape); the rest 1 to 19.
      const int ndigits = (rng() & 1) != 0 ? 19 : 1 + static_cast<int>(rng() % 19);
      const std::uint64_t low = ndigits == 1 ? 0 : pow10_u64(ndigits - 1);
      const std::uint64_t w = low + rng() % (pow10_u64(ndigits) - low);
      const std::int64_t q = static_cast<std::int64_t>(rng() % 671) - 350;  // [-350, 320]
      const std::size_t point = rng() % 3 == 0 ? 0 : 1 + rng() % static_cast<std::uint64_t>(ndigits);
      numbers.push_back(decimal_text((rng() & 1) != 0, w, q, point));
    }
    mismatches += check_against_from_chars(numbers);
  }
  EXPECT_EQ(mismatches, 0u);
}

// The fast path itself: agrees with from_chars whenever it answers, and answers for every
// result in the normal range (declining is only for subnormals, zero and overflow), so that
// a fast path that silently gave up everywhere would fail here.
TEST(DecimalToDouble, AnswersEveryNormalResultCorrectly) {
  std::mt19937_64 rng(77);
  std::size_t wrong = 0, declined_normal = 0, answered = 0;
  const std::size_t cases = ujson::test::share_of(1'000'000);
  for (std::size_t i = 0; i < cases; ++i) {
    const int ndigits = 1 + static_cast<int>(rng() % 19);
    const std::uint64_t w = 1 + rng() % (pow10_u64(ndigits) - 1);
    const std::int64_t q = static_cast<std::int64_t>(rng() % 671) - 350;
    const bool negative = (rng() & 1) != 0;
    const std::string text = decimal_text(negative, w, q, 0);
    const expectation want = from_chars_of(text);
    double got = 0;
    if (ujson::detail::decimal_to_double(w, q, negative, got)) {
      ++answered;
      if (!want.is_double || std::bit_cast<std::uint64_t>(got) != std::bit_cast<std::uint64_t>(want.value)) {
        if (++wrong <= 20) ADD_FAILURE() << text << ": fast path " << hex_bits(got);
      }
    } else if (want.is_double && std::fabs(want.value) > std::numeric_limits<double>::min()) {
      if (++declined_normal <= 20) ADD_FAILURE() << text << ": declined a normal result";
    }
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(declined_normal, 0u);
  EXPECT_GT(answered, cases / 2);

  double zero = 1;
  ASSERT_TRUE(ujson::detail::decimal_to_double(0, 400, true, zero));
  EXPECT_EQ(std::bit_cast<std::uint64_t>(zero), std::bit_cast<std::uint64_t>(-0.0));
  double unused = 0;
  EXPECT_FALSE(ujson::detail::decimal_to_double(1, 309, false, unused));   // infinity
  EXPECT_FALSE(ujson::detail::decimal_to_double(1, -343, false, unused));  // below the table
  EXPECT_FALSE(ujson::detail::decimal_to_double(5, -324, false, unused));  // subnormal
}

// The decoder's inline common case (decimal_to_double_inline in ujson/detail/number.hpp):
// whatever it answers is from_chars' double, it answers nearly every inexact decimal in
// its exponent range (so a version that gave up everywhere fails), and nothing outside
// that range (where its missing exponent checks would matter).
TEST(DecimalToDouble, InlineCaseAgreesWithFromCharsAndAnswersMostOfItsRange) {
  std::mt19937_64 rng(1515);
  std::size_t wrong = 0, answered = 0, in_range = 0, outside_answered = 0;
  const std::size_t cases = ujson::test::share_of(1'000'000);
  for (std::size_t i = 0; i < cases; ++i) {
    // Half with 17 digits and q near -15 (canada.json's coordinates); the rest anywhere.
    const bool coordinate = (rng() & 1) != 0;
    const int ndigits = coordinate ? 17 : 1 + static_cast<int>(rng() % 19);
    const std::uint64_t low = ndigits == 1 ? 0 : pow10_u64(ndigits - 1);
    const std::uint64_t w = low + rng() % (pow10_u64(ndigits) - low);
    const std::int64_t q = coordinate ? -13 - static_cast<std::int64_t>(rng() % 4) : static_cast<std::int64_t>(rng() % 701) - 350;
    const bool negative = (rng() & 1) != 0;
    const std::string text = decimal_text(negative, w, q, 0);
    double got = 0;
    const bool answer = ujson::detail::decimal_to_double_inline(w, q, negative, got);
    if (q < -200 || q > 200) {
      if (answer && ++outside_answered <= 20) ADD_FAILURE() << text << ": answered outside [-200, 200]";
      continue;
    }
    in_range += w != 0;
    if (!answer) continue;
    ++answered;
    const expectation want = from_chars_of(text);
    if (!want.is_double || std::bit_cast<std::uint64_t>(got) != std::bit_cast<std::uint64_t>(want.value)) {
      if (++wrong <= 20) ADD_FAILURE() << text << ": inline " << hex_bits(got);
    }
  }
  EXPECT_EQ(wrong, 0u);
  EXPECT_EQ(outside_answered, 0u);
  EXPECT_GT(answered, in_range - in_range / 20);  // it declines about 1 in 128 inexact ones

  // Products on the bits it declines: zero, and exact decimals (the caller's Clinger path).
  double unused = 0;
  EXPECT_FALSE(ujson::detail::decimal_to_double_inline(0, -5, false, unused));
  EXPECT_FALSE(ujson::detail::decimal_to_double_inline(5, -1, false, unused));
  EXPECT_FALSE(ujson::detail::decimal_to_double_inline(1225, -2, true, unused));
  // Its range's edges, where exponent tests would be needed just beyond.
  for (const std::int64_t q : {-201, -200, 200, 201}) {
    for (const std::uint64_t w : {std::uint64_t{3}, std::uint64_t{18446744073709551557ULL}}) {
      double got = 0;
      const bool answer = ujson::detail::decimal_to_double_inline(w, q, false, got);
      EXPECT_EQ(answer, q == -200 || q == 200) << w << "e" << q;
      const expectation want = from_chars_of(decimal_text(false, w, q, 0));
      if (answer) {
        EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want.value)) << w << "e" << q;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------
// Midpoints between adjacent doubles

TEST(DecoderDoubles, KnownHardCasesMatchFromChars) {
  const std::vector<std::string> numbers = {
      "9007199254740993e0", "9007199254740993.0", "9007199254740995e0", "9007199254740993.000000001",
      "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.2250738585072009e-308",
      "1e23", "8.41e21", "7.038531e-26", "2.4703282292062328e-324", "2.4703282292062327e-324",
      "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
      "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623158e308",
      "4.9406564584124654e-324", "5e-324", "1e-342", "1e-400", "1e308", "1e309", "9999999999999999999e288",
      "123456789012345678e-10", "0.1", "0.3", "-65.613616999999977", "-65.613617", "44.75039300000001",
      "2.225073858507201136057409796709131975934819546351645648e-308", "4.4501477170144023e-308",
      "4.4501477170144028e-308", "1.0000000000000002", "0.5000000000000000277", "3.0000000000000004e-16",
      "0e400", "-0e400", "0.0e-999", "1e-307", "1e-308", "1.00000000000000011102230246251565404236316680908203125",
      "1.00000000000000011102230246251565404236316680908203124", "1.00000000000000011102230246251565404236316680908203126",
      "7.2057594037927933e16", "7.2057594037927935e16", "9223372036854775807e-19", "18446744073709551615e0",
      "1.8446744073709552e19", "3.4028236692093846346e38"};
  EXPECT_EQ(check_against_from_chars(numbers), 0u);
}

// A double's exact decimal value as (digits, exponent): value = digits * 10^exponent.
struct big_decimal {
  std::string digits;  // most significant first, no sign
  int exponent;
};

big_decimal exact_decimal(double v) {
  std::array<char, 900> buf{};
  // 767 significant digits are enough for every double's exact expansion.
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v, std::chars_format::scientific, 766);
  const std::string_view s(buf.data(), static_cast<std::size_t>(r.ptr - buf.data()));
  const std::size_t e = s.find('e');
  big_decimal out;
  out.digits = std::string(1, s[0]) + std::string(s.substr(2, e - 2));
  out.exponent = std::stoi(std::string(s.substr(e + 1))) - static_cast<int>(out.digits.size() - 1);
  return out;
}

std::string add_digits(const std::string& a, const std::string& b) {
  std::string out;
  int carry = 0;
  for (std::size_t i = 0; i < std::max(a.size(), b.size()) || carry != 0; ++i) {
    const int da = i < a.size() ? a[a.size() - 1 - i] - '0' : 0;
    const int db = i < b.size() ? b[b.size() - 1 - i] - '0' : 0;
    const int sum = da + db + carry;
    out.push_back(static_cast<char>('0' + sum % 10));
    carry = sum / 10;
  }
  return std::string(out.rbegin(), out.rend());
}

std::string times5(const std::string& a) {
  std::string out;
  int carry = 0;
  for (std::size_t i = a.size(); i-- > 0;) {
    const int p = (a[i] - '0') * 5 + carry;
    out.push_back(static_cast<char>('0' + p % 10));
    carry = p / 10;
  }
  if (carry != 0) out.push_back(static_cast<char>('0' + carry));
  return std::string(out.rbegin(), out.rend());
}

// The exact midpoint of a and b (finite, positive) in decimal.
big_decimal midpoint(double a, double b) {
  big_decimal x = exact_decimal(a), y = exact_decimal(b);
  const int base = std::min(x.exponent, y.exponent);
  x.digits.append(static_cast<std::size_t>(x.exponent - base), '0');
  y.digits.append(static_cast<std::size_t>(y.exponent - base), '0');
  // (a + b) / 2 = (a + b) * 5 / 10
  big_decimal m{times5(add_digits(x.digits, y.digits)), base - 1};
  const std::size_t first = m.digits.find_first_not_of('0');
  m.digits.erase(0, first);
  const std::size_t last = m.digits.find_last_not_of('0');
  m.exponent += static_cast<int>(m.digits.size() - 1 - last);
  m.digits.erase(last + 1);
  return m;
}

TEST(DecoderDoubles, NearAndExactMidpointsMatchFromChars) {
  std::mt19937_64 rng(5);
  std::vector<std::string> numbers;
  std::size_t mismatches = 0;
  for (std::size_t i = 0, n = ujson::test::share_of(60'000); i < n; ++i) {
    double a;
    if (i % 3 == 0) {
      a = std::bit_cast<double>(rng() % std::bit_cast<std::uint64_t>(std::numeric_limits<double>::max()));
    } else {  // around 1: the exponents most JSON numbers have
      a = std::ldexp(1.0 + static_cast<double>(rng() >> 11) * 0x1p-53, static_cast<int>(rng() % 120) - 60);
    }
    if (a == 0) continue;
    const double b = std::nextafter(a, std::numeric_limits<double>::infinity());
    const big_decimal m = midpoint(a, b);
    if (m.digits.size() <= 19) {  // an exact midpoint with few digits: a tie
      numbers.push_back(decimal_text(false, std::stoull(m.digits), m.exponent, 1));
      continue;
    }
    // The midpoint cut to 19, 18 and 17 significant digits, and one unit either side.
    for (const std::size_t keep : {19u, 18u, 17u}) {
      const std::uint64_t w = std::stoull(m.digits.substr(0, keep));
      const std::int64_t q = m.exponent + static_cast<std::int64_t>(m.digits.size() - keep);
      for (const std::uint64_t v : {w - 1, w, w + 1}) numbers.push_back(decimal_text((rng() & 1) != 0, v, q, 1));
    }
    if (numbers.size() > 100'000) {
      mismatches += check_against_from_chars(numbers);
      numbers.clear();
    }
  }

  // Exact midpoints (2k + 1) * 2^e with a 54-bit odd 2k + 1, written with at most 19
  // digits: integers (q >= 0), and w = (2k + 1) * 5^n with q = -n for n in 1..4.
  for (std::size_t i = 0, n = ujson::test::share_of(100'000); i < n; ++i) {
    const std::uint64_t odd = (rng() >> 10) | (std::uint64_t{1} << 53) | 1;
    const bool negative = (rng() & 1) != 0;
    switch (i % 3) {
      case 0:
        numbers.push_back(decimal_text(negative, odd << (rng() % 11), 0, 0));
        break;
      case 1: {
        const int n = 1 + static_cast<int>(rng() % 4);
        std::uint64_t w = odd;
        for (int k = 0; k < n; ++k) w *= 5;
        numbers.push_back(decimal_text(negative, w, -n, 1 + rng() % 19));
        numbers.push_back(decimal_text(negative, w + 1, -n, 0));  // just above
        numbers.push_back(decimal_text(negative, w - 1, -n, 0));  // just below
        break;
      }
      default: {  // 5^q divides the odd significand: w * 10^q with q in [1, 23]
        const int q = 1 + static_cast<int>(rng() % 23);
        const std::uint64_t p5 = [&] {
          std::uint64_t p = 1;
          for (int k = 0; k < q; ++k) p *= 5;
          return p;
        }();
        std::uint64_t k = (odd / p5) | 1;
        while (k * p5 < (std::uint64_t{1} << 53)) k += 2;
        if (k * p5 >= (std::uint64_t{1} << 54)) break;
        const int shift = static_cast<int>(rng() % 8);
        if (((k << shift) >> shift) != k) break;
        numbers.push_back(decimal_text(negative, k << shift, q, 0));
        break;
      }
    }
  }
  mismatches += check_against_from_chars(numbers);
  EXPECT_EQ(mismatches, 0u);
}

// ---------------------------------------------------------------------------------------
// JSONTestSuite: every double in every accepted y_ (and accepted i_) file

TEST(DecoderDoubles, JsonTestSuiteNumbersMatchFromChars) {
  std::size_t doubles = 0;
  for (const std::string prefix : {"y_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      const std::string text = read_file(data_dir() / "JSONTestSuite" / "test_parsing" / name);
      number_recorder rec;
      const ujson::error err = ujson::decode(text, rec);
      if (prefix == "y_") {
        EXPECT_EQ(err.code, errc::ok) << name;
      }
      if (err.code != errc::ok) continue;
      for (const number_event& ev : rec.events) {
        // Integers beyond 64 bits are big numbers by design, whatever from_chars makes of them.
        if (ev.text.find_first_of(".eE") == std::string::npos) continue;
        const expectation want = from_chars_of(ev.text);
        EXPECT_EQ(ev.is_double, want.is_double) << name << ": " << ev.text;
        if (ev.is_double && want.is_double) {
          ++doubles;
          EXPECT_EQ(std::bit_cast<std::uint64_t>(ev.value), std::bit_cast<std::uint64_t>(want.value))
              << name << ": " << ev.text;
        }
      }
    }
  }
  EXPECT_GE(doubles, 10u);
}

// The corpus file the fast path was written for: every coordinate, through the DOM.
TEST(DecoderDoubles, CanadaCoordinatesMatchFromChars) {
  const std::string text = read_file(data_dir() / "corpus" / "canada.json");
  number_recorder rec;
  ASSERT_EQ(ujson::decode(text, rec).code, errc::ok);
  ASSERT_GT(rec.events.size(), 100'000u);
  std::size_t mismatches = 0;
  for (const number_event& ev : rec.events) {
    const expectation want = from_chars_of(ev.text);
    if (!ev.is_double || !want.is_double ||
        std::bit_cast<std::uint64_t>(ev.value) != std::bit_cast<std::uint64_t>(want.value)) {
      if (++mismatches <= 20) ADD_FAILURE() << ev.text;
    }
  }
  EXPECT_EQ(mismatches, 0u);

  ujson::document doc;
  ASSERT_FALSE(doc.parse(text));
}

}  // namespace
