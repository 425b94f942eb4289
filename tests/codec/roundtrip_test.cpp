// Round trips: decode(encode(decode(x))) == decode(x) for the corpus under several option
// sets, and for 10,000 generated documents whose every value is known to the generator.

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <ostream>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_files.hpp"
#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace ujson {
inline void PrintTo(errc e, std::ostream* os) { *os << "errc::" << code_name(e); }
}  // namespace ujson

namespace {

using ujson::document;
using ujson::encode_options;
using ujson::errc;
using ujson::kind;

std::string describe(const encode_options& o) {
  return "ensure_ascii=" + std::to_string(o.ensure_ascii) + " escape_forward_slashes=" +
         std::to_string(o.escape_forward_slashes) + " encode_html_chars=" + std::to_string(o.encode_html_chars) +
         " indent=" + std::to_string(o.indent) + " sort_keys=" + std::to_string(o.sort_keys);
}

std::vector<encode_options> corpus_option_sets() {
  std::vector<encode_options> sets;
  sets.push_back(encode_options{});
  encode_options pretty;
  pretty.indent = 2;
  pretty.sort_keys = true;
  sets.push_back(pretty);
  encode_options utf8;
  utf8.ensure_ascii = false;
  sets.push_back(utf8);
  encode_options html;
  html.encode_html_chars = true;
  sets.push_back(html);
  encode_options slashes;
  slashes.escape_forward_slashes = false;
  sets.push_back(slashes);
  return sets;
}

::testing::AssertionResult encoded_form_follows_options(std::string_view s, const encode_options& o);
bool keys_sorted_everywhere(const ujson::value& v);

// ---- corpus ------------------------------------------------------------------------------

class CorpusRoundTrip : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusRoundTrip, EveryOptionSet) {
  const std::string input = ujson::test::read_file(ujson::test::data_dir() / "corpus" / GetParam());
  ASSERT_FALSE(input.empty());
  document d1;
  const ujson::error e1 = d1.parse(input);
  ASSERT_FALSE(e1) << ujson::code_name(e1.code) << " at " << e1.offset;
  ASSERT_TRUE(d1.root().is_object());

  for (const encode_options& opts : corpus_option_sets()) {
    SCOPED_TRACE(describe(opts));
    std::string s;
    ASSERT_EQ(ujson::encode(d1.root(), s, opts), errc::ok);
    ASSERT_FALSE(s.empty());
    document d2;
    const ujson::error e2 = d2.parse(s);
    ASSERT_FALSE(e2) << ujson::code_name(e2.code) << " at " << e2.offset;
    EXPECT_TRUE(d1.root() == d2.root());

    EXPECT_TRUE(encoded_form_follows_options(s, opts));
    if (opts.sort_keys) {
      EXPECT_TRUE(keys_sorted_everywhere(d2.root()));
    }

    // Encoding the re-decoded document gives the same text again.
    std::string s2;
    ASSERT_EQ(ujson::encode(d2.root(), s2, opts), errc::ok);
    EXPECT_EQ(s2, s);

    // The options showed in the text.
    if (opts.indent == 0) {
      EXPECT_EQ(s.find('\n'), std::string::npos);
    } else {
      EXPECT_NE(s.find("\n  \""), std::string::npos);
    }
    if (opts.ensure_ascii) {
      for (unsigned char c : s) ASSERT_LT(c, 0x80);
    }
    if (opts.encode_html_chars) {
      EXPECT_EQ(s.find('<'), std::string::npos);
      EXPECT_EQ(s.find('>'), std::string::npos);
      EXPECT_EQ(s.find('&'), std::string::npos);
    }
    if (!opts.escape_forward_slashes) {
      EXPECT_EQ(s.find("\\/"), std::string::npos);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusRoundTrip, ::testing::ValuesIn(ujson::test::corpus_files()),
                         [](const auto& info) {
                           std::string name = info.param;
                           return name.substr(0, name.find('.'));
                         });

TEST(CorpusRoundTrip, KnownContents) {
  const std::string twitter = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "twitter.json");
  document t;
  ASSERT_FALSE(t.parse(twitter));
  EXPECT_EQ(t.root()["statuses"].size(), 100u);
  EXPECT_EQ(t.root()["search_metadata"]["count"].as_int64(), 100);

  const std::string citm = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "citm_catalog.json");
  document c;
  ASSERT_FALSE(c.parse(citm));
  EXPECT_EQ(c.root().size(), 11u);
  EXPECT_EQ(c.root()["events"].size(), 184u);

  const std::string canada = ujson::test::read_file(ujson::test::data_dir() / "corpus" / "canada.json");
  document k;
  ASSERT_FALSE(k.parse(canada));
  EXPECT_EQ(k.root()["type"].as_string(), "FeatureCollection");
  EXPECT_EQ(k.root()["features"].size(), 1u);
}

// ---- generated documents --------------------------------------------------------------------

// What the generator meant a value to be.
struct expected {
  enum class k { null, boolean, int64, uint64, dbl, big, string, array, object } type = k::null;
  bool b = false;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string s;  // string bytes (UTF-8) or big number text
  std::vector<expected> items;
  std::vector<std::string> keys;  // objects: keys[n] names items[n]
};

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

class generator {
 public:
  explicit generator(std::uint64_t seed) : rng_(seed) {}

  // A whole JSON text; `e` receives what it means. `top_scalar` tells whether the root is a
  // scalar.
  std::string document(expected& e, bool& top_scalar) {
    out_.clear();
    budget_ = 1 + static_cast<int>(below(150));
    ws();
    const std::uint64_t pick = below(100);
    top_scalar = false;
    if (pick < 35) {
      top_scalar = true;
      scalar(e);
    } else if (pick < 40) {
      deep(e);
    } else if (pick < 70) {
      array(e, 1);
    } else {
      object(e, 1);
    }
    ws();
    return out_;
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::uint64_t below(std::uint64_t n) { return rng_() % n; }
  bool chance(int percent) { return below(100) < static_cast<std::uint64_t>(percent); }

  void ws() {
    if (!chance(30)) return;
    static constexpr char spaces[] = {' ', '\t', '\n', '\r'};
    const std::uint64_t n = 1 + below(3);
    for (std::uint64_t i = 0; i < n; ++i) out_ += spaces[below(4)];
  }

  void value(expected& e, int depth) {
    --budget_;
    const std::uint64_t pick = below(100);
    if (budget_ <= 0 || depth > 12 || pick < 70) {
      scalar(e);
    } else if (pick < 85) {
      array(e, depth + 1);
    } else {
      object(e, depth + 1);
    }
  }

  void array(expected& e, int depth) {
    e.type = expected::k::array;
    out_ += '[';
    ws();
    const std::uint64_t n = chance(15) ? 0 : 1 + below(6);
    for (std::uint64_t i = 0; i < n; ++i) {
      if (i != 0) {
        out_ += ',';
        ws();
      }
      e.items.emplace_back();
      value(e.items.back(), depth);
      ws();
    }
    out_ += ']';
  }

  void object(expected& e, int depth) {
    e.type = expected::k::object;
    out_ += '{';
    ws();
    const std::uint64_t n = chance(15) ? 0 : 1 + below(6);
    std::set<std::string> seen;
    bool first = true;
    for (std::uint64_t i = 0; i < n; ++i) {
      std::string key_bytes;
      const std::string key_text = string_text(key_bytes, chance(20) ? 0 : 8);
      if (!seen.insert(key_bytes).second) continue;  // keep keys unique
      if (!first) {
        out_ += ',';
        ws();
      }
      first = false;
      out_ += key_text;
      ws();
      out_ += ':';
      ws();
      e.keys.push_back(key_bytes);
      e.items.emplace_back();
      value(e.items.back(), depth);
      ws();
    }
    out_ += '}';
  }

  // 50 to 199 levels of arrays and objects around one value.
  void deep(expected& e) {
    const int levels = 50 + static_cast<int>(below(150));
    std::vector<bool> is_object;
    expected* cur = &e;
    for (int i = 0; i < levels; ++i) {
      const bool obj = chance(50);
      is_object.push_back(obj);
      if (obj) {
        cur->type = expected::k::object;
        out_ += '{';
        ws();
        std::string key_bytes;
        out_ += string_text(key_bytes, 4);
        ws();
        out_ += ':';
        ws();
        cur->keys.push_back(key_bytes);
      } else {
        cur->type = expected::k::array;
        out_ += '[';
        ws();
      }
      cur->items.emplace_back();
      cur = &cur->items.back();
    }
    scalar(*cur);
    for (int i = levels - 1; i >= 0; --i) {
      ws();
      out_ += is_object[static_cast<std::size_t>(i)] ? '}' : ']';
    }
  }

  void scalar(expected& e) {
    switch (below(12)) {
      case 0: {
        const std::uint64_t which = below(3);
        if (which == 0) {
          e.type = expected::k::null;
          out_ += "null";
        } else {
          e.type = expected::k::boolean;
          e.b = which == 1;
          out_ += e.b ? "true" : "false";
        }
        break;
      }
      case 1:
      case 2: int64(e); break;
      case 3: uint64(e); break;
      case 4:
      case 5:
      case 6: dbl(e); break;
      case 7: big(e); break;
      default: {
        e.type = expected::k::string;
        out_ += string_text(e.s, chance(10) ? 0 : chance(10) ? 200 : 16);
        break;
      }
    }
  }

  void int64(expected& e) {
    e.type = expected::k::int64;
    static constexpr std::int64_t extremes[] = {std::numeric_limits<std::int64_t>::min(),
                                                std::numeric_limits<std::int64_t>::min() + 1,
                                                std::numeric_limits<std::int64_t>::max(),
                                                std::numeric_limits<std::int64_t>::max() - 1,
                                                0, 1, -1, 9007199254740993, -9007199254740993};
    switch (below(5)) {
      case 0: e.i = extremes[below(std::size(extremes))]; break;
      case 1: e.i = static_cast<std::int64_t>(rng_()); break;
      case 2: e.i = static_cast<std::int64_t>(below(1000)) - 500; break;
      case 3: {
        // A random magnitude: up to 19 digits.
        const int digits = 1 + static_cast<int>(below(18));
        std::int64_t v = 1;
        for (int i = 1; i < digits; ++i) v *= 10;
        e.i = static_cast<std::int64_t>(below(static_cast<std::uint64_t>(v) * 9)) + v;
        if (chance(50)) e.i = -e.i;
        break;
      }
      default:
        // "-0" is the integer zero.
        e.i = 0;
        out_ += "-0";
        return;
    }
    char buf[24];
    out_.append(buf, std::to_chars(buf, buf + sizeof buf, e.i).ptr);
  }

  void uint64(expected& e) {
    e.type = expected::k::uint64;
    switch (below(4)) {
      case 0: e.u = std::numeric_limits<std::uint64_t>::max(); break;
      case 1: e.u = std::uint64_t{1} << 63; break;
      default: e.u = (std::uint64_t{1} << 63) | rng_(); break;
    }
    char buf[24];
    out_.append(buf, std::to_chars(buf, buf + sizeof buf, e.u).ptr);
  }

  double random_double() {
    constexpr std::uint64_t sign = std::uint64_t{1} << 63;
    constexpr std::uint64_t mantissa_mask = (std::uint64_t{1} << 52) - 1;
    switch (below(6)) {
      case 0:
      case 1:
        for (;;) {
          const std::uint64_t bits = rng_();
          if (((bits >> 52) & 0x7FF) != 0x7FF) return std::bit_cast<double>(bits);
        }
      case 2:  // subnormal (or a signed zero)
        return std::bit_cast<double>((rng_() & sign) | (rng_() & (chance(90) ? mantissa_mask : 0xF)));
      case 3:  // near 1
        return std::bit_cast<double>((rng_() & sign) | ((1000 + below(46)) << 52) | (rng_() & mantissa_mask));
      case 4:  // a short decimal
        return static_cast<double>(static_cast<std::int64_t>(below(2000000)) - 1000000) / 1000.0;
      default: {
        static constexpr double specials[] = {0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308,
                                              2.2250738585072009e-308, 1.7976931348623157e308,
                                              -1.7976931348623157e308, 0.1, 1e23, 9007199254740992.0,
                                              1.0, 100.0, 1e16, 1e-7, 123456.789};
        return specials[below(std::size(specials))];
      }
    }
  }

  void dbl(expected& e) {
    e.type = expected::k::dbl;
    e.d = random_double();
    char buf[64];
    std::string text;
    switch (below(4)) {
      case 0: text.assign(buf, std::to_chars(buf, buf + sizeof buf, e.d).ptr); break;
      case 1: text.assign(buf, static_cast<std::size_t>(std::snprintf(buf, sizeof buf, "%.17g", e.d))); break;
      case 2: text.assign(buf, static_cast<std::size_t>(std::snprintf(buf, sizeof buf, "%.25e", e.d))); break;
      default: {
        // Shortest digits, written with an uppercase E and no '+', or with leading zeros
        // in the exponent.
        text.assign(buf, std::to_chars(buf, buf + sizeof buf, e.d, std::chars_format::scientific).ptr);
        const std::size_t epos = text.find('e');
        if (chance(50)) {
          text[epos] = 'E';
          if (text[epos + 1] == '+') text.erase(epos + 1, 1);
        } else {
          const std::size_t digits = text[epos + 1] == '+' || text[epos + 1] == '-' ? epos + 2 : epos + 1;
          text.insert(digits, "00");
        }
        break;
      }
    }
    if (text.find_first_of(".eE") == std::string::npos) text += ".0";  // keep it a double
    out_ += text;
  }

  std::string digits(std::size_t n, bool first_nonzero) {
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
      s += static_cast<char>('0' + (i == 0 && first_nonzero ? 1 + below(9) : below(10)));
    }
    return s;
  }

  void big(expected& e) {
    e.type = expected::k::big;
    std::string text = chance(40) ? "-" : "";
    switch (below(4)) {
      case 0:
      case 1:  // an integer of 30 to 79 digits
        text += digits(30 + below(50), true);
        break;
      case 2: {  // just past the 64-bit range
        static constexpr const char* edges[] = {"18446744073709551616", "99999999999999999999",
                                                "100000000000000000000", "36893488147419103232"};
        if (!text.empty() || chance(50)) {
          // Negative: anything below INT64_MIN.
          text = "-";
          text += chance(50) ? "9223372036854775809" : std::to_string((std::uint64_t{1} << 63) + 1 + below(1000000));
        } else {
          text = edges[below(std::size(edges))];
        }
        break;
      }
      default: {  // a decimal far outside the range of a double
        text += digits(1, true);
        if (chance(70)) text += "." + digits(1 + below(20), false);
        text += chance(50) ? "e" : "E";
        const bool tiny = chance(50);
        text += tiny ? "-" : chance(50) ? "+" : "";
        text += std::to_string(400 + below(5000));
        break;
      }
    }
    e.s = text;
    out_ += text;
  }

  void hex4(std::string& out, std::uint32_t unit) {
    static constexpr char lower[] = "0123456789abcdef";
    static constexpr char upper[] = "0123456789ABCDEF";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) {
      const std::uint32_t nibble = (unit >> shift) & 0xF;
      out += chance(50) ? lower[nibble] : upper[nibble];
    }
  }

  std::uint32_t random_code_point() {
    switch (below(12)) {
      case 0: return static_cast<std::uint32_t>(below(0x20));              // control
      case 1: return 0x7F;                                                // DEL
      case 2: {
        static constexpr char specials[] = {'"', '\\', '/', '<', '>', '&', '\''};
        return static_cast<std::uint32_t>(specials[below(std::size(specials))]);
      }
      case 3: return static_cast<std::uint32_t>(0x80 + below(0x800 - 0x80));  // two bytes
      case 4: {                                                                // three bytes
        for (;;) {
          const std::uint32_t cp = static_cast<std::uint32_t>(0x800 + below(0x10000 - 0x800));
          if (cp < 0xD800 || cp > 0xDFFF) return cp;
        }
      }
      case 5: return static_cast<std::uint32_t>(0x10000 + below(0x110000 - 0x10000));  // astral
      case 6: {
        static constexpr std::uint32_t edges[] = {0x80, 0x7FF, 0x800, 0xFFFF, 0xFFFE, 0xD7FF, 0xE000,
                                                  0x10000, 0x10FFFF, 0x1F600, 0x2028, 0x2029, 0xFEFF};
        return edges[below(std::size(edges))];
      }
      default: return static_cast<std::uint32_t>(0x20 + below(0x7F - 0x20));  // printable ASCII
    }
  }

  // The JSON text of a random string of up to max_len code points; `bytes` gets its
  // decoded UTF-8.
  std::string string_text(std::string& bytes, std::size_t max_len) {
    std::string text = "\"";
    bytes.clear();
    const std::size_t n = max_len == 0 ? 0 : below(max_len + 1);
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t cp = random_code_point();
      append_utf8(bytes, cp);
      const bool escape = chance(35);
      if (cp < 0x20) {
        const char* short_form = nullptr;
        switch (cp) {
          case '\b': short_form = "\\b"; break;
          case '\f': short_form = "\\f"; break;
          case '\n': short_form = "\\n"; break;
          case '\r': short_form = "\\r"; break;
          case '\t': short_form = "\\t"; break;
          default: break;
        }
        if (short_form != nullptr && chance(60)) {
          text += short_form;
        } else {
          hex4(text, cp);
        }
      } else if (cp == '"' || cp == '\\') {
        if (chance(70)) {
          text += '\\';
          text += static_cast<char>(cp);
        } else {
          hex4(text, cp);
        }
      } else if (cp == '/' && escape && chance(50)) {
        text += "\\/";
      } else if (!escape) {
        append_utf8(text, cp);
      } else if (cp >= 0x10000) {
        hex4(text, 0xD800 + ((cp - 0x10000) >> 10));
        hex4(text, 0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        hex4(text, cp);
      }
    }
    text += '"';
    return text;
  }

  std::mt19937_64 rng_;
  std::string out_;
  int budget_ = 0;
};

std::string show(std::string_view s) {
  std::string out;
  for (unsigned char c : s.substr(0, 400)) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  if (s.size() > 400) out += "...";
  return out;
}

// Does the DOM value hold exactly what the generator meant? `ordered`: object members in
// the generated order (false after sort_keys).
::testing::AssertionResult matches(const ujson::value& v, const expected& e, bool ordered, const std::string& path = "$") {
  auto fail = [&](const std::string& what) { return ::testing::AssertionFailure() << path << ": " << what; };
  switch (e.type) {
    case expected::k::null:
      if (!v.is_null()) return fail("expected null");
      break;
    case expected::k::boolean:
      if (!v.is_bool() || v.as_bool() != e.b) return fail("expected bool " + std::to_string(e.b));
      break;
    case expected::k::int64:
      if (v.type() != kind::int64 || v.as_int64() != e.i)
        return fail("expected int64 " + std::to_string(e.i) + ", kind " + std::to_string(static_cast<int>(v.type())) +
                    " value " + std::to_string(v.as_int64()));
      break;
    case expected::k::uint64:
      if (v.type() != kind::uint64 || v.as_uint64() != e.u) return fail("expected uint64 " + std::to_string(e.u));
      break;
    case expected::k::dbl:
      if (v.type() != kind::double_) {
        return fail("expected a double, got kind " + std::to_string(static_cast<int>(v.type())) + " text " +
                    std::string(v.as_string()));
      }
      if (std::bit_cast<std::uint64_t>(v.as_double()) != std::bit_cast<std::uint64_t>(e.d)) {
        char buf[80];
        std::snprintf(buf, sizeof buf, "expected double %.17g, got %.17g", e.d, v.as_double());
        return fail(buf);
      }
      break;
    case expected::k::big:
      if (v.type() != kind::big_number || v.as_string() != e.s)
        return fail("expected big number " + e.s + ", kind " + std::to_string(static_cast<int>(v.type())));
      break;
    case expected::k::string:
      if (!v.is_string() || v.as_string() != e.s)
        return fail("expected string \"" + show(e.s) + "\", got \"" + show(v.as_string()) + "\"");
      break;
    case expected::k::array:
      if (!v.is_array() || v.size() != e.items.size()) return fail("expected array of " + std::to_string(e.items.size()));
      for (std::size_t i = 0; i < e.items.size(); ++i) {
        auto r = matches(v[i], e.items[i], ordered, path + "[" + std::to_string(i) + "]");
        if (!r) return r;
      }
      break;
    case expected::k::object:
      if (!v.is_object() || v.size() != e.items.size()) return fail("expected object of " + std::to_string(e.items.size()));
      for (std::size_t i = 0; i < e.items.size(); ++i) {
        const ujson::value* m = nullptr;
        if (ordered) {
          const ujson::member& mem = v.members()[i];
          if (!mem.key.is_string() || mem.key.as_string() != e.keys[i])
            return fail("member " + std::to_string(i) + " expected key \"" + show(e.keys[i]) + "\" got \"" +
                        show(mem.key.as_string()) + "\"");
          m = &mem.val;
        } else {
          m = v.find(e.keys[i]);
          if (m == nullptr) return fail("missing key \"" + show(e.keys[i]) + "\"");
        }
        auto r = matches(*m, e.items[i], ordered, path + "." + show(e.keys[i]));
        if (!r) return r;
      }
      break;
  }
  return ::testing::AssertionSuccess();
}

// Checks the encoder's text against the options, independently of any decoder: escapes
// used and not used, lowercase hex, no whitespace when compact, keys sorted when asked.
::testing::AssertionResult encoded_form_follows_options(std::string_view s, const encode_options& o) {
  auto fail = [&](std::size_t at, const std::string& what) {
    return ::testing::AssertionFailure() << what << " at byte " << at << " of " << show(s);
  };
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (o.ensure_ascii && c >= 0x80) return fail(i, "non-ASCII byte with ensure_ascii");
    if (!in_string) {
      if (c == '"') {
        in_string = true;
      } else if (o.indent == 0 && (c == ' ' || c == '\n' || c == '\t' || c == '\r')) {
        return fail(i, "whitespace in compact output");
      }
      continue;
    }
    if (c == '"') {
      in_string = false;
    } else if (c < 0x20) {
      return fail(i, "raw control character");
    } else if (c == '/' && o.escape_forward_slashes) {
      return fail(i, "raw '/' with escape_forward_slashes");
    } else if ((c == '<' || c == '>' || c == '&') && o.encode_html_chars) {
      return fail(i, "raw HTML character with encode_html_chars");
    } else if (c == '\\') {
      if (i + 1 >= s.size()) return fail(i, "truncated escape");
      const char e = s[i + 1];
      if (e == '/' && !o.escape_forward_slashes) return fail(i, "\\/ without escape_forward_slashes");
      if (e == 'u') {
        if (i + 6 > s.size()) return fail(i, "truncated \\u escape");
        unsigned v = 0;
        for (std::size_t k = i + 2; k < i + 6; ++k) {
          const char h = s[k];
          if (h >= '0' && h <= '9') {
            v = v * 16 + static_cast<unsigned>(h - '0');
          } else if (h >= 'a' && h <= 'f') {
            v = v * 16 + static_cast<unsigned>(h - 'a' + 10);
          } else {
            return fail(i, "\\u escape not in lowercase hex");
          }
        }
        const bool html = v == '<' || v == '>' || v == '&';
        if (v >= 0x20 && v < 0x80 && !(html && o.encode_html_chars)) return fail(i, "needless \\u escape of ASCII");
        if (v >= 0x80 && !o.ensure_ascii) return fail(i, "\\u escape of non-ASCII without ensure_ascii");
        if (v == 0x08 || v == 0x09 || v == 0x0a || v == 0x0c || v == 0x0d) return fail(i, "\\u escape with a short form");
        i += 5;
      } else {
        ++i;
      }
    }
  }
  return ::testing::AssertionSuccess();
}

// Are the members of every object in `v` in byte order of their keys?
bool keys_sorted_everywhere(const ujson::value& v) {
  if (v.is_array()) {
    for (const ujson::value& e : v.elements()) {
      if (!keys_sorted_everywhere(e)) return false;
    }
  } else if (v.is_object()) {
    const auto members = v.members();
    for (std::size_t i = 0; i < members.size(); ++i) {
      if (i > 0 && members[i - 1].key.as_string() > members[i].key.as_string()) return false;
      if (!keys_sorted_everywhere(members[i].val)) return false;
    }
  }
  return true;
}

encode_options random_options(std::mt19937_64& rng) {
  encode_options o;
  o.ensure_ascii = rng() & 1;
  o.escape_forward_slashes = rng() & 1;
  o.encode_html_chars = rng() & 1;
  static constexpr int indents[] = {0, 0, 0, 1, 2, 4};
  o.indent = indents[rng() % std::size(indents)];
  o.sort_keys = rng() & 1;
  return o;
}

TEST(GeneratedRoundTrip, TenThousandDocuments) {
  generator gen(0x5eed0f0a1b2c3d4eULL);
  std::mt19937_64 option_rng(20240601);
  int failures = 0;
  int top_scalars = 0, deep_docs = 0;
  std::size_t total_bytes = 0;
  ujson::decoder canonicalizer;
  for (int n = 0; n < 10000 && failures < 10; ++n) {
    expected exp;
    bool top_scalar = false;
    const std::string text = gen.document(exp, top_scalar);
    total_bytes += text.size();
    if (top_scalar) ++top_scalars;
    SCOPED_TRACE("document " + std::to_string(n) + ": " + show(text));

    const ujson::error ve = ujson::validate(text);
    if (ve) {
      ADD_FAILURE() << "validate: " << ujson::code_name(ve.code) << " at " << ve.offset;
      ++failures;
      continue;
    }
    document d1;
    const ujson::error e1 = d1.parse(text);
    if (e1) {
      ADD_FAILURE() << "parse: " << ujson::code_name(e1.code) << " at " << e1.offset;
      ++failures;
      continue;
    }
    // Every value, scalars at the top level included, is what the generator intended.
    if (auto r = matches(d1.root(), exp, true); !r) {
      ADD_FAILURE() << "first decode: " << r.message();
      ++failures;
      continue;
    }
    if (exp.type == expected::k::array || exp.type == expected::k::object) {
      std::size_t depth = 0;
      for (const expected* p = &exp; !p->items.empty(); p = &p->items.front()) ++depth;
      if (depth >= 50) ++deep_docs;
    }

    const encode_options opts = random_options(option_rng);
    SCOPED_TRACE(describe(opts));
    std::string s;
    const errc ee = ujson::encode(d1.root(), s, opts);
    if (ee != errc::ok) {
      ADD_FAILURE() << "encode: " << ujson::code_name(ee);
      ++failures;
      continue;
    }
    document d2;
    const ujson::error e2 = d2.parse(s);
    if (e2) {
      ADD_FAILURE() << "re-parse of " << show(s) << ": " << ujson::code_name(e2.code) << " at " << e2.offset;
      ++failures;
      continue;
    }
    if (auto r = encoded_form_follows_options(s, opts); !r) {
      ADD_FAILURE() << r.message();
      ++failures;
    }
    if (opts.sort_keys && !keys_sorted_everywhere(d2.root())) {
      ADD_FAILURE() << "sort_keys output not sorted: " << show(s);
      ++failures;
    }
    if (!(d1.root() == d2.root())) {
      ADD_FAILURE() << "decode(encode(decode(x))) != decode(x); encoded: " << show(s);
      ++failures;
    }
    if (auto r = matches(d2.root(), exp, !opts.sort_keys); !r) {
      ADD_FAILURE() << "second decode: " << r.message() << "; encoded: " << show(s);
      ++failures;
    }
    // The decoder feeding a writer directly gives the same text as the DOM's adapter.
    ujson::writer w(opts);
    const ujson::error ew = canonicalizer.decode(text, w);
    if (ew || w.output() != s) {
      ADD_FAILURE() << "decode into writer: " << ujson::code_name(ew.code) << " gave " << show(w.output())
                    << " expected " << show(s);
      ++failures;
    }
  }
  EXPECT_EQ(failures, 0);
  // The generator covered what it should.
  EXPECT_GT(top_scalars, 2500);
  EXPECT_GT(deep_docs, 300);
  EXPECT_GT(total_bytes, 1000000u);
}

// The generator's own output, checked by hand for a few escapes, so that a generator bug
// cannot hide a decoder bug.
TEST(GeneratedRoundTrip, HandWrittenEscapesDecodeAsIntended) {
  const std::string text = R"(["\"\\\/\b\f\n\r\t", "\u00E9\u00e9", "\uD83D\uDE00", "\u0000\u001F", "é😀"])";
  document d;
  ASSERT_FALSE(d.parse(text));
  EXPECT_EQ(d.root()[0].as_string(), "\"\\/\b\f\n\r\t");
  EXPECT_EQ(d.root()[1].as_string(), "\xc3\xa9\xc3\xa9");
  EXPECT_EQ(d.root()[2].as_string(), "\xf0\x9f\x98\x80");
  EXPECT_EQ(d.root()[3].as_string(), std::string_view("\0\x1f", 2));
  EXPECT_EQ(d.root()[4].as_string(), "\xc3\xa9\xf0\x9f\x98\x80");
}

}  // namespace
