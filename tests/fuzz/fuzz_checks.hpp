#pragma once
// The checks behind the fuzzers (tests/fuzz/fuzz_*.cpp) and the regression test
// (tests/codec/regression_test.cpp). Each check_* takes one fuzzer input, exercises the
// codec and aborts on any disagreement, so an input a fuzzer found replays as a regression
// test under any compiler.
//
// Inputs start with a few option bytes (a header), then the JSON text. A byte of 0 means
// the defaults, so scripts/fuzz seeds each corpus with zero bytes + a JSON file. Missing
// header bytes read as 0. The JSON text always ends where the fuzzer's buffer ends, so
// AddressSanitizer sees any read past it.
//
//   check_decode     [decode options] json
//   check_validate   [decode options] [stop after N events] json
//   check_roundtrip  [decode options] [encode flags] [precision, indent] [depth/oddities]
//                    [separators] json
//   check_kernels    bytes (no header)

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "support/event_log.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace ujson::fuzz {

// Named in failure messages when set (the regression test sets it to the file it replays).
inline std::string current_input;

[[noreturn]] inline void fail(const char* what, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", file, line, what);
  if (!current_input.empty()) std::fprintf(stderr, "  while checking %s\n", current_input.c_str());
  std::fflush(stderr);
  std::abort();
}

#define UJSON_FUZZ_CHECK(cond)                                            \
  do {                                                                    \
    if (!(cond)) ::ujson::fuzz::fail(#cond, __FILE__, __LINE__);          \
  } while (0)

inline void print_error(const char* label, const error& e) {
  std::fprintf(stderr, "  %s: %.*s at offset %zu (line %zu, column %zu)\n", label,
               static_cast<int>(code_name(e.code).size()), code_name(e.code).data(), e.offset, e.line, e.column);
}

#define UJSON_FUZZ_SAME_ERROR(a, b)                                                           \
  do {                                                                                        \
    if ((a).code != (b).code || (a).offset != (b).offset || (a).line != (b).line ||           \
        (a).column != (b).column) {                                                           \
      ::ujson::fuzz::print_error(#a, a);                                                      \
      ::ujson::fuzz::print_error(#b, b);                                                      \
      ::ujson::fuzz::fail("same error: " #a " vs " #b, __FILE__, __LINE__);                   \
    }                                                                                         \
  } while (0)

// ---- input and options ------------------------------------------------------------------

// For the service's checks: every byte but unreserved ones escaped, so that a query reads
// back whatever the value holds.
inline std::string percent_encode(std::string_view s) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || c == '_' || c == '-' || c == '.') {
      out += ch;
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

struct input {
  const std::uint8_t* data;
  std::size_t size;

  std::uint8_t take() {
    if (size == 0) return 0;
    --size;
    return *data++;
  }
  std::string_view rest() const { return {reinterpret_cast<const char*>(data), size}; }
};

// Bits 0-1: max_depth (default; 2^20, so deep inputs move to the heap stack; 0..3 from
// bits 6-7; 1023..1026 from bits 6-7, around the 1024 inline frames). Bits 2-3: duplicate
// keys (keep_last, keep_first, reject, keep_last). Bit 4: NaN literals. Bit 5: lone surrogates.
inline decode_options decode_options_from(std::uint8_t b) {
  decode_options o;
  switch (b & 3) {
    case 0: o.max_depth = default_max_depth; break;
    case 1: o.max_depth = std::size_t{1} << 20; break;
    case 2: o.max_depth = b >> 6; break;
    default: o.max_depth = 1023 + (b >> 6); break;
  }
  switch ((b >> 2) & 3) {
    case 1: o.duplicate_keys = duplicate_keys::keep_first; break;
    case 2: o.duplicate_keys = duplicate_keys::reject; break;
    default: o.duplicate_keys = duplicate_keys::keep_last; break;
  }
  o.allow_nan_literals = (b >> 4) & 1;
  o.allow_lone_surrogates = (b >> 5) & 1;
  return o;
}

// b1: bit 0 ensure_ascii off, bit 1 escape_forward_slashes off, bit 2 encode_html_chars,
//     bit 3 sort_keys, bit 4 allow_nan off, bit 5 allow_lone_surrogates, bits 6-7 mode:
//     max_depth as the decoder's / the default / 0..7 from b3 / as the decoder's with
//     out-of-range indent and precision (the writer clamps them).
// b2: bits 0-4 double_precision (0..18 -> -1..17, else shortest), bits 5-7 indent.
// The writer's effective indent and precision are returned in `indent` and `precision`.
struct encode_setup {
  encode_options options;
  int indent;
  int precision;
};

// b4: bits 0-1 item separator, bits 2-3 key separator (default, or a custom one with spaces),
//     where encode_options has them.
template <class Options>
void set_separators(Options& o, std::uint8_t b4) {
  (void)b4;
  if constexpr (requires { o.item_separator = ""; o.key_separator = ""; }) {
    static constexpr const char* items[4] = {"", ",", ", ", " , "};
    static constexpr const char* keys[4] = {"", ":", ": ", " :  "};
    o.item_separator = items[b4 & 3];
    o.key_separator = keys[(b4 >> 2) & 3];
  }
}

inline encode_setup encode_options_from(std::uint8_t b1, std::uint8_t b2, std::uint8_t b3, std::uint8_t b4,
                                        const decode_options& d) {
  static constexpr int indents[8] = {0, 1, 2, 4, 0, 3, 8, max_indent};
  encode_setup s;
  encode_options& o = s.options;
  o.ensure_ascii = !(b1 & 1);
  o.escape_forward_slashes = !((b1 >> 1) & 1);
  o.encode_html_chars = (b1 >> 2) & 1;
  o.sort_keys = (b1 >> 3) & 1;
  o.allow_nan = !((b1 >> 4) & 1);
  o.allow_lone_surrogates = (b1 >> 5) & 1;
  const int p = b2 & 31;
  o.double_precision = p <= 18 ? p - 1 : shortest_round_trip;
  o.indent = indents[b2 >> 5];
  o.max_depth = d.max_depth;
  s.indent = o.indent;
  s.precision = o.double_precision;
  switch (b1 >> 6) {
    case 1: o.max_depth = default_max_depth; break;
    case 2: o.max_depth = b3 & 7; break;
    case 3:
      o.indent = (b3 & 1) ? -1 - (b3 >> 4) : max_indent + 1 + (b3 >> 4);
      s.indent = (b3 & 1) ? 0 : max_indent;
      o.double_precision = (b3 & 2) ? -2 - (b3 >> 4) : max_double_precision + 1 + (b3 >> 4);
      s.precision = (b3 & 2) ? shortest_round_trip : max_double_precision;
      break;
    default: break;
  }
  set_separators(o, b4);
  return s;
}

// ---- text checks --------------------------------------------------------------------------

inline bool is_high_surrogate(const char* p) {
  return static_cast<std::uint8_t>(p[0]) == 0xED && static_cast<std::uint8_t>(p[1]) >= 0xA0 &&
         static_cast<std::uint8_t>(p[1]) <= 0xAF;
}
inline bool is_surrogate(const char* p) {
  return static_cast<std::uint8_t>(p[0]) == 0xED && static_cast<std::uint8_t>(p[1]) >= 0xA0;
}

// Well-formed UTF-8; with wtf8, also lone surrogates as three-byte sequences, but never a
// high one right before a low one (that pair is a four-byte sequence in WTF-8).
// `surrogates` is set when one is seen.
inline bool well_formed(std::string_view s, bool wtf8, bool* surrogates = nullptr) {
  const char* p = s.data();
  const char* const end = p + s.size();
  bool previous_high = false;
  while (p != end) {
    if (static_cast<std::uint8_t>(*p) < 0x80) {
      ++p;
      previous_high = false;
      continue;
    }
    const std::size_t n = detail::utf8_sequence_length(p, end, wtf8);
    if (n == 0) return false;
    if (n == 3 && is_surrogate(p)) {
      if (surrogates != nullptr) *surrogates = true;
      if (previous_high && !is_high_surrogate(p)) return false;
      previous_high = is_high_surrogate(p);
    } else {
      previous_high = false;
    }
    p += n;
  }
  // Without surrogates, the codec's own validator must agree.
  if (!wtf8 && !detail::utf8_valid_scalar(s.data(), s.size())) return false;
  return true;
}

// JSON number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
inline bool number_grammar(std::string_view t, bool* integer = nullptr) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t start = i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    return i - start;
  };
  if (i < t.size() && t[i] == '-') ++i;
  if (i >= t.size()) return false;
  if (t[i] == '0') {
    ++i;
  } else if (digits() == 0) {
    return false;
  }
  bool is_integer = true;
  if (i < t.size() && t[i] == '.') {
    ++i;
    if (digits() == 0) return false;
    is_integer = false;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (digits() == 0) return false;
    is_integer = false;
  }
  if (integer != nullptr) *integer = is_integer;
  return i == t.size();
}

// A big number is an integer outside int64/uint64, or a decimal that is no finite,
// non-zero double.
inline bool big_number_ok(std::string_view t) {
  bool integer = false;
  if (!number_grammar(t, &integer)) return false;
  if (integer) {
    const bool negative = t[0] == '-';
    std::string_view digits = negative ? t.substr(1) : t;
    const std::string_view limit = negative ? "9223372036854775808" : "18446744073709551615";
    if (digits.size() != limit.size()) return digits.size() > limit.size();
    return digits > limit;
  }
  const double d = std::strtod(std::string(t).c_str(), nullptr);
  return std::isinf(d) || d == 0;
}

inline bool is_special_literal(std::string_view t) { return t == "NaN" || t == "Infinity" || t == "-Infinity"; }

inline bool inside(std::string_view part, std::string_view whole) {
  const auto p = reinterpret_cast<std::uintptr_t>(part.data());
  const auto b = reinterpret_cast<std::uintptr_t>(whole.data());
  return p >= b && p + part.size() <= b + whole.size();
}

// A string handed over without a copy is exactly the raw text between two quotes.
inline void check_in_situ_string(std::string_view s, std::string_view input) {
  UJSON_FUZZ_CHECK(s.data() > input.data() && s.data() + s.size() < input.data() + input.size());
  UJSON_FUZZ_CHECK(s.data()[-1] == '"' && s.data()[s.size()] == '"');
  for (char c : s) UJSON_FUZZ_CHECK(c != '\\' && c != '"' && static_cast<std::uint8_t>(c) >= 0x20);
}

// ---- the DOM --------------------------------------------------------------------------------

struct dom_info {
  std::size_t depth = 0;     // deepest container nesting (0: a scalar)
  std::size_t weighted = 0;  // sum of every value's depth: what indentation costs
  bool non_finite = false;   // a NaN or an infinity
  bool surrogates = false;   // a string or key holds a WTF-8 surrogate
};

// Walks a decoded DOM (without recursion) and checks what every document must satisfy.
inline dom_info inspect(const value& root, const decode_options& o, std::string_view input) {
  dom_info info;
  struct item {
    const value* v;
    std::size_t depth;  // containers around v
  };
  std::vector<item> pending{{&root, 0}};
  std::unordered_set<std::string_view> keys;
  auto check_string = [&](std::string_view s) {
    UJSON_FUZZ_CHECK(well_formed(s, o.allow_lone_surrogates, &info.surrogates));
    if (inside(s, input)) check_in_situ_string(s, input);
  };
  while (!pending.empty()) {
    const auto [v, depth] = pending.back();
    pending.pop_back();
    info.weighted += depth;
    switch (v->type()) {
      case kind::null:
      case kind::boolean:
      case kind::int64:
        break;
      case kind::uint64:
        UJSON_FUZZ_CHECK(v->as_uint64() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
        break;
      case kind::double_:
        if (!std::isfinite(v->as_double())) {
          UJSON_FUZZ_CHECK(o.allow_nan_literals);
          info.non_finite = true;
        }
        break;
      case kind::big_number:
        UJSON_FUZZ_CHECK(inside(v->as_string(), input));
        UJSON_FUZZ_CHECK(big_number_ok(v->as_string()));
        break;
      case kind::string:
        check_string(v->as_string());
        break;
      case kind::array:
        UJSON_FUZZ_CHECK(depth + 1 <= o.max_depth);
        info.depth = std::max(info.depth, depth + 1);
        UJSON_FUZZ_CHECK(v->elements().size() == v->size());
        for (const value& e : v->elements()) pending.push_back({&e, depth + 1});
        break;
      case kind::object:
        UJSON_FUZZ_CHECK(depth + 1 <= o.max_depth);
        info.depth = std::max(info.depth, depth + 1);
        UJSON_FUZZ_CHECK(v->members().size() == v->size());
        keys.clear();
        for (const member& m : v->members()) {
          UJSON_FUZZ_CHECK(m.key.is_string());
          check_string(m.key.as_string());
          // Every policy leaves one member per key.
          UJSON_FUZZ_CHECK(keys.insert(m.key.as_string()).second);
          UJSON_FUZZ_CHECK(v->find(m.key.as_string()) == &m.val);
          pending.push_back({&m.val, depth + 1});
        }
        break;
    }
  }
  return info;
}

// Whether a double written with `precision` digits after the point reads back as b.
inline bool close_enough(double a, double b, int precision) {
  if (std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b)) return true;
  if (precision < 0 || !std::isfinite(a) || !std::isfinite(b)) return false;
  const double bound = 0.5 * std::pow(10.0, -precision) * (1 + 1e-9) + std::fabs(a) * 1e-15;
  return std::fabs(a - b) <= bound;
}

// Deep equality, doubles within what `precision` keeps (exact when shortest). Non-recursive.
// Objects compare as sets of members, as value::operator== does.
inline bool same(const value& a, const value& b, int precision) {
  if (precision < 0) return a == b;
  std::vector<std::pair<const value*, const value*>> pending{{&a, &b}};
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    if (x->type() != y->type() || x->size() != y->size()) return false;
    switch (x->type()) {
      case kind::double_:
        if (!close_enough(x->as_double(), y->as_double(), precision)) return false;
        break;
      case kind::array:
        for (std::size_t i = 0; i < x->size(); ++i) pending.emplace_back(&x->elements()[i], &y->elements()[i]);
        break;
      case kind::object:
        for (const member& m : x->members()) {
          const value* other = y->find(m.key.as_string());
          if (other == nullptr) return false;
          pending.emplace_back(&m.val, other);
        }
        break;
      default:
        if (!(*x == *y)) return false;
        break;
    }
  }
  return true;
}

// Every object's keys in strictly increasing byte (= code point) order.
inline bool keys_sorted(const value& root) {
  std::vector<const value*> pending{&root};
  while (!pending.empty()) {
    const value* v = pending.back();
    pending.pop_back();
    if (v->is_array()) {
      for (const value& e : v->elements()) pending.push_back(&e);
    } else if (v->is_object()) {
      std::string_view previous;
      bool first = true;
      for (const member& m : v->members()) {
        if (!first && !(previous < m.key.as_string())) return false;
        previous = m.key.as_string();
        first = false;
        pending.push_back(&m.val);
      }
    }
  }
  return true;
}

// ---- the event stream -----------------------------------------------------------------------

// A handler that checks the decoder's event grammar and every value it hands over, counts
// events and can stop the parse at the stop_at-th one. It also records what an encoder of
// this stream would have to refuse (the facts of dom_info, duplicate keys included).
class event_checker {
 public:
  event_checker(std::string_view input, const decode_options& o) : input_(input), options_(o) {}

  std::size_t events = 0;
  std::size_t stop_at = 0;  // 0: never stop
  dom_info info;
  bool duplicates = false;

  bool complete() const { return frames_.empty() && done_; }

  errc on_null() { return scalar(); }
  errc on_bool(bool) { return scalar(); }
  errc on_int64(std::int64_t) { return scalar(); }
  errc on_uint64(std::uint64_t u) {
    UJSON_FUZZ_CHECK(u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
    return scalar();
  }
  errc on_double(double d, std::string_view text) {
    UJSON_FUZZ_CHECK(inside(text, input_));
    if (is_special_literal(text)) {
      UJSON_FUZZ_CHECK(options_.allow_nan_literals);
      UJSON_FUZZ_CHECK(text == "NaN" ? std::isnan(d) : (std::isinf(d) && (d < 0) == (text[0] == '-')));
      info.non_finite = true;
    } else {
      bool integer = true;
      UJSON_FUZZ_CHECK(number_grammar(text, &integer));
      UJSON_FUZZ_CHECK(!integer);  // integers are int64, uint64 or big numbers
      UJSON_FUZZ_CHECK(std::isfinite(d));
      // Correctly rounded: glibc's strtod is the reference.
      const double reference = std::strtod(std::string(text).c_str(), nullptr);
      if (std::bit_cast<std::uint64_t>(reference) != std::bit_cast<std::uint64_t>(d)) {
        std::fprintf(stderr, "  number %.*s: decoder %.17g, strtod %.17g\n", static_cast<int>(text.size()),
                     text.data(), d, reference);
        ::ujson::fuzz::fail("double correctly rounded", __FILE__, __LINE__);
      }
    }
    return scalar();
  }
  errc on_big_number(std::string_view text) {
    UJSON_FUZZ_CHECK(inside(text, input_));
    UJSON_FUZZ_CHECK(big_number_ok(text));
    return scalar();
  }
  errc on_string(std::string_view s, string_origin origin) {
    check_string(s, origin);
    return scalar();
  }
  errc on_key(std::string_view s, string_origin origin) {
    UJSON_FUZZ_CHECK(!frames_.empty() && frames_.back().object && !frames_.back().after_key);
    check_string(s, origin);
    frames_.back().after_key = true;
    frames_.back().keys.emplace_back(s);
    info.weighted += frames_.size();
    return tick();
  }
  errc on_array_begin() { return begin(false); }
  errc on_object_begin() { return begin(true); }
  errc on_array_end(std::size_t n) { return end(false, n); }
  errc on_object_end(std::size_t n) { return end(true, n); }

 private:
  struct frame {
    bool object;
    bool after_key = false;
    std::size_t count = 0;
    std::vector<std::string> keys;
  };

  errc tick() {
    ++events;
    return events == stop_at ? errc::stopped : errc::ok;
  }

  // A value arrives: at the top level (once), in an array, or after a key.
  void value_arrives() {
    info.weighted += frames_.size();
    if (frames_.empty()) {
      UJSON_FUZZ_CHECK(!done_ && !top_open_);
      return;
    }
    frame& f = frames_.back();
    if (f.object) {
      UJSON_FUZZ_CHECK(f.after_key);
      f.after_key = false;
    }
    ++f.count;
  }

  errc scalar() {
    value_arrives();
    if (frames_.empty()) done_ = true;
    return tick();
  }

  errc begin(bool object) {
    value_arrives();
    if (frames_.empty()) top_open_ = true;
    frames_.push_back(frame{object, false, 0, {}});
    UJSON_FUZZ_CHECK(frames_.size() <= options_.max_depth);
    info.depth = std::max(info.depth, frames_.size());
    return tick();
  }

  errc end(bool object, std::size_t n) {
    UJSON_FUZZ_CHECK(!frames_.empty());
    frame& f = frames_.back();
    UJSON_FUZZ_CHECK(f.object == object && f.count == n && !f.after_key);
    if (object && f.keys.size() > 1) {
      std::sort(f.keys.begin(), f.keys.end());
      if (std::adjacent_find(f.keys.begin(), f.keys.end()) != f.keys.end()) duplicates = true;
    }
    frames_.pop_back();
    if (frames_.empty()) {
      top_open_ = false;
      done_ = true;
    }
    return tick();
  }

  void check_string(std::string_view s, string_origin origin) {
    UJSON_FUZZ_CHECK(well_formed(s, options_.allow_lone_surrogates, &info.surrogates));
    if (origin == string_origin::input) {
      check_in_situ_string(s, input_);
    } else {
      UJSON_FUZZ_CHECK(!inside(s, input_));
    }
  }

  std::string_view input_;
  decode_options options_;
  std::vector<frame> frames_;
  bool top_open_ = false;
  bool done_ = false;
};

// ---- errors -----------------------------------------------------------------------------------

inline void check_error_fields(const error& e, std::string_view input) {
  if (!e) return;
  UJSON_FUZZ_CHECK(e.offset <= input.size());
  const location loc = locate(input, e.offset);
  UJSON_FUZZ_CHECK(e.line == loc.line && e.column == loc.column);
  UJSON_FUZZ_CHECK(!code_name(e.code).empty() && !e.message().empty());
}

// Decoding a document with several policies (the first parse of a reused document is
// this one, with escapes, nesting and numbers, so the arena has old contents to forget).
inline constexpr std::string_view warm_up = R"({"k":["a\n",1.5,-3,{"x":[true,false,null,"\u00e9"]}],"s":"plain"})";

inline decode_options with_policy(decode_options o, duplicate_keys p) {
  o.duplicate_keys = p;
  return o;
}

// Every number the decoder reports, against its text read by std::from_chars. The texts
// are found by a scanner of this file's own (outside strings, each run of the bytes a
// number is made of), so neither the text nor the value comes from the decoder's number
// code. Valid text without NaN/Infinity literals only.
inline void check_number_values(std::string_view json, const decode_options& o) {
  std::vector<std::string_view> texts;
  bool in_string = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t start = i;
      while (i < json.size() && std::strchr("0123456789+-.eE", json[i]) != nullptr && json[i] != '\0') ++i;
      texts.push_back(json.substr(start, i - start));
      --i;
    }
  }
  struct number_event {
    kind k;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    double d = 0;
    std::string_view text;
  };
  struct recorder : null_handler {
    std::vector<number_event> seen;
    errc on_int64(std::int64_t v) { return add({kind::int64, v, 0, 0, {}}); }
    errc on_uint64(std::uint64_t v) { return add({kind::uint64, 0, v, 0, {}}); }
    errc on_double(double v, std::string_view t) { return add({kind::double_, 0, 0, v, t}); }
    errc on_big_number(std::string_view t) { return add({kind::big_number, 0, 0, 0, t}); }
    errc add(number_event e) {
      seen.push_back(e);
      return errc::ok;
    }
  } h;
  decoder d(o);
  UJSON_FUZZ_CHECK(!d.decode(json, h));
  UJSON_FUZZ_CHECK(h.seen.size() == texts.size());
  for (std::size_t n = 0; n < texts.size(); ++n) {
    const std::string_view t = texts[n];
    const number_event& e = h.seen[n];
    const char* const end = t.data() + t.size();
    switch (e.k) {
      case kind::int64: {
        std::int64_t want = 0;
        const auto r = std::from_chars(t.data(), end, want);
        UJSON_FUZZ_CHECK(r.ec == std::errc() && r.ptr == end && want == e.i);
        break;
      }
      case kind::uint64: {
        std::uint64_t want = 0;
        const auto r = std::from_chars(t.data(), end, want);
        UJSON_FUZZ_CHECK(r.ec == std::errc() && r.ptr == end && want == e.u);
        break;
      }
      case kind::double_: {
        double want = 0;
        const auto r = std::from_chars(t.data(), end, want);
        UJSON_FUZZ_CHECK(e.text == t && r.ec == std::errc() && r.ptr == end);
        UJSON_FUZZ_CHECK(std::bit_cast<std::uint64_t>(want) == std::bit_cast<std::uint64_t>(e.d));
        break;
      }
      default:
        UJSON_FUZZ_CHECK(e.text == t);
        break;
    }
  }
}

// ---- the checks ---------------------------------------------------------------------------------

// Document parse under options from the first byte: DOM invariants; the DOM's verdict
// against validate's; a reused document against a fresh one; the duplicate-key policies
// against each other.
// Every kernel's decoder (SIMD stage 1 and the walk over its index, or the portable byte
// machine) sends the same events, values and string origins included, and stops with the
// same error.
inline void check_same_on_every_kernel(std::string_view json, const decode_options& o) {
  std::string first_log;
  error first;
  for (const detail::kernel_table* k : detail::runnable_kernels()) {
    decoder d(o);
    test::event_log log;
    const error e = d.decode(json, log, *k);
    if (k == detail::runnable_kernels()[0]) {
      first_log = std::move(log.log);
      first = e;
      continue;
    }
    UJSON_FUZZ_SAME_ERROR(first, e);
    UJSON_FUZZ_CHECK(log.log == first_log);
  }
}

inline void check_decode(const std::uint8_t* data, std::size_t size) {
  input in{data, size};
  const decode_options o = decode_options_from(in.take());
  const std::string_view json = in.rest();
  check_same_on_every_kernel(json, o);

  document doc(o);
  const error e = doc.parse(json);
  check_error_fields(e, json);
  const error v = validate(json, o);
  check_error_fields(v, json);

  if (!e) {
    UJSON_FUZZ_CHECK(!v);
    inspect(doc.root(), o, json);
  } else if (e.code == errc::duplicate_key) {
    // Only the DOM applies the policy; the validator may find a syntax error further on.
    UJSON_FUZZ_CHECK(o.duplicate_keys == duplicate_keys::reject);
    UJSON_FUZZ_CHECK(v.code != errc::duplicate_key);
    UJSON_FUZZ_CHECK(!v || v.offset >= e.offset);
  } else {
    UJSON_FUZZ_SAME_ERROR(e, v);
  }

  {
    document reused(o);
    (void)reused.parse(warm_up);
    const error r = reused.parse(json);
    UJSON_FUZZ_SAME_ERROR(e, r);
    if (!e) UJSON_FUZZ_CHECK(same(doc.root(), reused.root(), shortest_round_trip));
  }

  if (v) return;
  if (!o.allow_nan_literals) check_number_values(json, o);
  // Valid text: keep_last and keep_first always build a document; reject only fails on a
  // repeated key, and when it does not, all three agree.
  document last(with_policy(o, duplicate_keys::keep_last));
  document first(with_policy(o, duplicate_keys::keep_first));
  document reject(with_policy(o, duplicate_keys::reject));
  const error el = last.parse(json);
  const error ef = first.parse(json);
  const error er = reject.parse(json);
  UJSON_FUZZ_CHECK(!el && !ef);
  UJSON_FUZZ_CHECK(!er || er.code == errc::duplicate_key);
  if (!er) {
    UJSON_FUZZ_CHECK(same(reject.root(), last.root(), shortest_round_trip));
    UJSON_FUZZ_CHECK(same(reject.root(), first.root(), shortest_round_trip));
  }
  if (!e) {
    const document& mine = o.duplicate_keys == duplicate_keys::keep_first ? first
                           : o.duplicate_keys == duplicate_keys::reject    ? reject
                                                                           : last;
    UJSON_FUZZ_CHECK(same(doc.root(), mine.root(), shortest_round_trip));
  }
}

// validate (values ignored) against a decode into a checking, counting handler (values
// converted): same verdict, code, offset, line and column. Then the same decoder again
// (reuse), and a handler that stops after N events (second byte; 0 = never).
inline void check_validate(const std::uint8_t* data, std::size_t size) {
  input in{data, size};
  const decode_options o = decode_options_from(in.take());
  const std::size_t stop = in.take();
  const std::string_view json = in.rest();

  const error v = validate(json, o);
  check_error_fields(v, json);
  decoder d(o);
  event_checker c(json, o);
  const error e = d.decode(json, c);
  UJSON_FUZZ_SAME_ERROR(v, e);
  if (!e) UJSON_FUZZ_CHECK(c.complete());

  // Validation on every kernel (the windowed index walk, the byte machine) gives the same.
  for (const detail::kernel_table* k : detail::runnable_kernels()) {
    decoder dk(o);
    validating_handler vh;
    const error vk = dk.decode(json, vh, *k);
    UJSON_FUZZ_SAME_ERROR(v, vk);
  }

  event_checker again(json, o);
  const error e2 = d.decode(json, again);
  UJSON_FUZZ_SAME_ERROR(e, e2);
  UJSON_FUZZ_CHECK(again.events == c.events);

  if (stop != 0) {
    event_checker s(json, o);
    s.stop_at = stop;
    const error es = d.decode(json, s);
    check_error_fields(es, json);
    if (c.events >= stop) {
      UJSON_FUZZ_CHECK(es.code == errc::stopped);
      UJSON_FUZZ_CHECK(s.events == stop);
    } else {
      UJSON_FUZZ_SAME_ERROR(e, es);
    }
  }
}

// What an encoder must refuse, given what it is asked to write.
inline bool encode_result_ok(errc result, const dom_info& info, const encode_options& eo) {
  const bool nan = info.non_finite && !eo.allow_nan;
  const bool utf8 = info.surrogates && !eo.allow_lone_surrogates;
  const bool deep = info.depth > eo.max_depth;
  if (!nan && !utf8 && !deep) return result == errc::ok;
  return (nan && result == errc::nan_or_infinity) || (utf8 && result == errc::invalid_utf8) ||
         (deep && result == errc::depth_exceeded);
}

// What the options promise about the output text.
inline void check_output_text(std::string_view out, const encode_options& eo, int indent) {
  bool escaped = false;  // the byte after a backslash ("\/" is how a slash is escaped)
  for (char ch : out) {
    const auto c = static_cast<std::uint8_t>(ch);
    const bool raw = !escaped;
    escaped = raw && c == '\\';
    if (eo.ensure_ascii) UJSON_FUZZ_CHECK(c < 0x80);
    if (eo.escape_forward_slashes && raw) UJSON_FUZZ_CHECK(c != '/');
    if (eo.encode_html_chars) UJSON_FUZZ_CHECK(c != '<' && c != '>' && c != '&');
    if (indent == 0) UJSON_FUZZ_CHECK(c != '\n');
    UJSON_FUZZ_CHECK(c >= 0x20 || c == '\n');
  }
}

// decode -> encode (options from bytes 2-5) -> decode: the same values (doubles within the
// chosen precision), and the writer refuses exactly what it must (NaN without allow_nan,
// WTF-8 surrogates without allow_lone_surrogates, nesting beyond max_depth). Then the
// streaming path: decoding straight into a writer gives text that decodes to the same
// document, and the very text the DOM encodes to when no key repeats.
inline void check_roundtrip(const std::uint8_t* data, std::size_t size) {
  input in{data, size};
  const decode_options o = decode_options_from(in.take());
  const std::uint8_t b1 = in.take(), b2 = in.take(), b3 = in.take(), b4 = in.take();
  encode_setup setup = encode_options_from(b1, b2, b3, b4, o);
  const std::string_view json = in.rest();
  if (validate(json, o)) return;

  // The events (duplicate members included) and what an encoder of them must refuse.
  event_checker events(json, o);
  {
    decoder d(o);
    const error e = d.decode(json, events);
    UJSON_FUZZ_CHECK(!e && events.complete());
  }
  // Keep the output bounded: indentation costs indent * depth bytes per value.
  constexpr std::size_t indent_budget = std::size_t{8} << 20;
  if (setup.indent > 0 && events.info.weighted * static_cast<std::size_t>(setup.indent) > indent_budget) {
    setup.indent = static_cast<int>(std::min<std::size_t>(indent_budget / events.info.weighted, max_indent));
    setup.options.indent = setup.indent;
  }
  const encode_options& eo = setup.options;
  const int precision = setup.precision;

  // DOM path.
  document doc(o);
  const error pe = doc.parse(json);
  std::string dom_text;
  errc dom_result = errc::invalid_writer_call;
  if (pe) {
    UJSON_FUZZ_CHECK(pe.code == errc::duplicate_key && o.duplicate_keys == duplicate_keys::reject);
  } else {
    const dom_info info = inspect(doc.root(), o, json);
    dom_result = encode(doc.root(), dom_text, eo);
    if (!encode_result_ok(dom_result, info, eo)) {
      std::fprintf(stderr, "  encode gave %.*s\n", static_cast<int>(code_name(dom_result).size()),
                   code_name(dom_result).data());
      fail("encoder refuses exactly what it must", __FILE__, __LINE__);
    }
    if (dom_result == errc::ok) {
      check_output_text(dom_text, eo, setup.indent);
      document back(o);
      const error be = back.parse(dom_text);
      if (be) print_error("decoding the encoded text", be);
      UJSON_FUZZ_CHECK(!be);
      UJSON_FUZZ_CHECK(same(doc.root(), back.root(), precision));
      if (eo.sort_keys) UJSON_FUZZ_CHECK(keys_sorted(back.root()));
      if (precision < 0) {
        // Shortest doubles: encoding is a fixed point after one round.
        std::string again;
        UJSON_FUZZ_CHECK(encode(back.root(), again, eo) == errc::ok);
        UJSON_FUZZ_CHECK(again == dom_text);
      }
    }
  }

  // Streaming path: decoder -> writer, duplicates passed through.
  writer w(eo);
  decoder d(o);
  const error se = d.decode(json, w);
  if (se) {
    if (!encode_result_ok(se.code, events.info, eo)) {
      print_error("decode into a writer", se);
      fail("streaming encoder refuses exactly what it must", __FILE__, __LINE__);
    }
    return;
  }
  UJSON_FUZZ_CHECK(encode_result_ok(errc::ok, events.info, eo));
  UJSON_FUZZ_CHECK(w.complete());
  const std::string_view stream_text = w.output();
  check_output_text(stream_text, eo, setup.indent);
  // keep_last of the stream's text is keep_last of the input (sort_keys is a stable sort).
  const decode_options lo = with_policy(o, duplicate_keys::keep_last);
  document in_doc(lo), out_doc(lo);
  UJSON_FUZZ_CHECK(!in_doc.parse(json));
  const error oe = out_doc.parse(stream_text);
  if (oe) print_error("decoding the streamed text", oe);
  UJSON_FUZZ_CHECK(!oe);
  UJSON_FUZZ_CHECK(same(in_doc.root(), out_doc.root(), precision));
  if (!events.duplicates && !pe) {
    UJSON_FUZZ_CHECK(dom_result == errc::ok);
    UJSON_FUZZ_CHECK(stream_text == dom_text);
  }
}

namespace detail_kernels {

inline bool special_ref(std::uint8_t c) { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80; }
inline bool delimiter_ref(std::uint8_t c) { return c == '"' || c == '\\' || c < 0x20; }
inline bool space_ref(std::uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

template <class Stop>
const char* first_ref(const char* p, const char* end, Stop stop) {
  while (p != end && !stop(static_cast<std::uint8_t>(*p))) ++p;
  return p;
}

// Every kernel on [p, end): against each other and a reference, from each stop to the end
// (as the decoder calls them, one run after another).
inline void run(const char* p, const char* end) {
  const std::size_t n = static_cast<std::size_t>(end - p);
  const bool valid = ujson::detail::first_invalid_utf8(p, end) == end;
  for (const ujson::detail::kernel_table* k : ujson::detail::runnable_kernels()) {
    UJSON_FUZZ_CHECK(k->utf8_valid(p, n) == valid);
  }
  UJSON_FUZZ_CHECK(ujson::detail::utf8_valid(p, n) == valid);

  using scalar = ujson::detail::scalar_kernel;
  for (const char* q = p; q != end;) {
    const char* r = scalar::find_string_special(q, end);
    UJSON_FUZZ_CHECK(r == first_ref(q, end, special_ref));
#ifdef __SSE2__
    UJSON_FUZZ_CHECK(ujson::detail::sse2_kernel::find_string_special(q, end) == r);
#endif
    q = r == end ? end : r + 1;
  }
  for (const char* q = p; q != end;) {
    const char* r = scalar::find_string_delimiter(q, end);
    UJSON_FUZZ_CHECK(r == first_ref(q, end, delimiter_ref));
#ifdef __SSE2__
    UJSON_FUZZ_CHECK(ujson::detail::sse2_kernel::find_string_delimiter(q, end) == r);
#endif
    q = r == end ? end : r + 1;
  }
  for (const char* q = p;; ++q) {
    const char* r = scalar::skip_space(q, end);
    UJSON_FUZZ_CHECK(r == first_ref(q, end, [](std::uint8_t c) { return !space_ref(c); }));
    UJSON_FUZZ_CHECK(scalar::skip_line_space(q, end) == r);
#ifdef __SSE2__
    UJSON_FUZZ_CHECK(ujson::detail::sse2_kernel::skip_space(q, end) == r);
    UJSON_FUZZ_CHECK(ujson::detail::sse2_kernel::skip_line_space(q, end) == r);
#endif
    if (r == end) break;
    q = r;
  }
}

}  // namespace detail_kernels

// The UTF-8 validators (scalar, AVX2 where the CPU has it, the dispatcher) and the string
// scan kernels (scalar, SSE2) on the input at 16 alignments, and cut short by 1..15 bytes;
// each copy is allocated to its exact size, so AddressSanitizer sees any over-read.
inline void check_kernels(const std::uint8_t* data, std::size_t size) {
  for (std::size_t shift = 0; shift < 16; ++shift) {
    const std::unique_ptr<char[]> buf(new char[shift + size]);
    if (size != 0) std::memcpy(buf.get() + shift, data, size);
    detail_kernels::run(buf.get() + shift, buf.get() + shift + size);
  }
  for (std::size_t cut = 1; cut < 16 && cut <= size; ++cut) {
    const std::size_t n = size - cut;
    const std::unique_ptr<char[]> buf(new char[n]);
    if (n != 0) std::memcpy(buf.get(), data, n);
    detail_kernels::run(buf.get(), buf.get() + n);
  }
}

}  // namespace ujson::fuzz
