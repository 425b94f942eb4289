#pragma once
// json_generator: random JSON texts together with what each of their values means, so that
// a test can check a decoder (or a decode/encode round trip) value by value without trusting
// any other JSON implementation.
//
//   ujson::test::json_generator gen(seed);
//   ujson::test::generated_value want;
//   bool top_scalar = false;
//   const std::string text = gen.document(want, top_scalar);
//   // decode `text`, then compare the result with `want`
//
// The documents are deterministic: a given seed gives the same sequence of documents from a
// given build. Every document is valid JSON (RFC 8259) and stays inside what the codec
// accepts by default: no duplicate keys, no lone surrogates, no NaN or Infinity, at most
// 199 levels of nesting. What they contain:
//   - the root: 35% a scalar, 5% a deep nest (50 to 199 single-member arrays and objects
//     around one scalar), 30% an array, 30% an object; arrays and objects nest at most 13
//     deep, and once a budget of 1 to 150 values is spent every further value is a scalar;
//   - arrays and objects: 15% empty, otherwise 1 to 6 elements or members (fewer members
//     when a drawn key repeats one already used: keys are kept unique);
//   - whitespace (space, tab, newline, carriage return) around values and punctuation;
//   - integers: the int64 extremes, random 64-bit values, small values, random magnitudes,
//     "-0"; uint64 values at or above 2^63;
//   - doubles: random finite bit patterns, subnormals, signed zeros, values near 1, short
//     decimals and hard cases, written in several forms (shortest, %.17g, %.25e, 'E'
//     without '+', zero-padded exponents), always with a '.' or an exponent;
//   - big numbers: integers of 30 to 79 digits, integers just outside the 64-bit range,
//     decimals with exponents far outside the range of a double;
//   - strings and keys: control characters, DEL, '"', '\', '/', HTML characters, 2-, 3- and
//     4-byte UTF-8 and edge code points, each written raw or escaped at random (short
//     escapes, \u with upper- or lowercase hex, surrogate pairs for astral code points,
//     "\/").

#include <bit>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace ujson::test {

// What the generator meant a value to be. `type` selects the field that holds it:
// `b` (boolean), `i` (int64), `u` (uint64), `d` (dbl: the exact double), `s` (string: its
// decoded UTF-8 bytes; big: the number's exact text), `items` (array elements; object
// member values, in the order written), `keys` (object member keys, decoded UTF-8:
// keys[n] names items[n]).
struct generated_value {
  enum class k { null, boolean, int64, uint64, dbl, big, string, array, object } type = k::null;
  bool b = false;
  std::int64_t i = 0;
  std::uint64_t u = 0;
  double d = 0;
  std::string s;  // string bytes (UTF-8) or big number text
  std::vector<generated_value> items;
  std::vector<std::string> keys;  // objects: keys[n] names items[n]
};

// Appends code point `cp` (at most 0x10FFFF) to `out` as UTF-8.
inline void append_utf8(std::string& out, std::uint32_t cp) {
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

// The generator: one random engine and the text being written. Not thread-safe; use one
// generator per thread.
class json_generator {
 public:
  // `seed` fixes the whole sequence of documents.
  explicit json_generator(std::uint64_t seed) : rng_(seed) {}

  // A whole JSON text; `e` receives what it means. `top_scalar` tells whether the root is a
  // scalar.
  std::string document(generated_value& e, bool& top_scalar) {
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

  // The generator's random engine, for a caller that wants to draw from the same stream.
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

  void value(generated_value& e, int depth) {
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

  void array(generated_value& e, int depth) {
    e.type = generated_value::k::array;
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

  void object(generated_value& e, int depth) {
    e.type = generated_value::k::object;
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
  void deep(generated_value& e) {
    const int levels = 50 + static_cast<int>(below(150));
    std::vector<bool> is_object;
    generated_value* cur = &e;
    for (int i = 0; i < levels; ++i) {
      const bool obj = chance(50);
      is_object.push_back(obj);
      if (obj) {
        cur->type = generated_value::k::object;
        out_ += '{';
        ws();
        std::string key_bytes;
        out_ += string_text(key_bytes, 4);
        ws();
        out_ += ':';
        ws();
        cur->keys.push_back(key_bytes);
      } else {
        cur->type = generated_value::k::array;
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

  void scalar(generated_value& e) {
    switch (below(12)) {
      case 0: {
        const std::uint64_t which = below(3);
        if (which == 0) {
          e.type = generated_value::k::null;
          out_ += "null";
        } else {
          e.type = generated_value::k::boolean;
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
        e.type = generated_value::k::string;
        out_ += string_text(e.s, chance(10) ? 0 : chance(10) ? 200 : 16);
        break;
      }
    }
  }

  void int64(generated_value& e) {
    e.type = generated_value::k::int64;
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

  void uint64(generated_value& e) {
    e.type = generated_value::k::uint64;
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

  void dbl(generated_value& e) {
    e.type = generated_value::k::dbl;
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

  void big(generated_value& e) {
    e.type = generated_value::k::big;
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

}  // namespace ujson::test
