#pragma once
// The decoder's state machine. Included by decoder.hpp; read decoder.hpp first.
//
// One loop, no recursion: nesting lives in an explicit stack of frames, so input depth
// can only ever produce errc::depth_exceeded. Every read is checked against `end_`.

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>

#include "ujson/detail/number.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"

#include "ujson/detail/hints_on.hpp"

namespace ujson::detail {

// Out of line (codec/src/errors.cpp): failure is the cold path.
error make_error(std::string_view input, errc code, std::size_t offset) noexcept;

inline constexpr double exact_powers_of_ten[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// A handler that keeps the strings it is given (the DOM builder) may lend the indexed
// walk the room where an escaped string's unescaped text goes, so that the text is written once,
// where it stays, rather than into the decoder's scratch and then copied: room_for(n)
// returns n writable bytes, and the string event that follows (origin scratch) points into
// them. The byte-at-a-time decoder writes to the scratch as before.
template <class H>
concept string_room_handler = requires(H& h, std::size_t n) {
  { h.room_for(n) } -> std::same_as<char*>;
};

#ifdef __SSE2__
// How a number's digits are valued for a sink: its own way (Sink::digit_value) if it has one.
template <class Sink>
struct digit_value_for {
  using type = sse2_digit_value;
};
template <class Sink>
  requires requires { typename Sink::digit_value; }
struct digit_value_for<Sink> {
  using type = typename Sink::digit_value;
};
template <class Sink>
using digit_value_of = typename digit_value_for<Sink>::type;
#endif

template <class H>
class parser {
 public:
  static constexpr bool want_values = !ignores_values<H>;

  parser(std::string_view input, H& h, const decode_options& options, std::string& scratch, const kernel_table& kernels)
      : begin_(input.data()),
        end_(input.data() + input.size()),
        h_(h),
        options_(options),
        scratch_(scratch),
        u_escapes_(kernels.u_escapes) {}

  const char* error_at() const { return error_at_; }

  // Parses the scalar (string, number, literal) starting at p_ and sets p_ past it.
  UJSON_DETAIL_INLINE errc scalar(char c);

  UJSON_DETAIL_INLINE errc string_value(bool is_key) {
    std::string_view text;
    string_origin origin = string_origin::input;
    const char* token = p_;
    ++p_;  // opening quote
    if (errc e = string(text, origin); e != errc::ok) return e;
    if constexpr (want_values) {
      errc e = is_key ? h_.on_key(text, origin) : h_.on_string(text, origin);
      if (UJSON_DETAIL_UNLIKELY(e != errc::ok)) return fail(e, token);
    }
    return errc::ok;
  }

  // The number or literal at p_, raising its event on `sink`: the handler, or the indexed
  // walk's events (detail::walk_events), which hold the handler's cursor.
  template <class Sink>
  UJSON_DETAIL_INLINE errc number(Sink& sink);
  template <class Sink>
  UJSON_DETAIL_INLINE errc literal(char c, Sink& sink);
  // What no other value starts with: NaN or Infinity where the options allow them.
  template <class Sink>
  UJSON_DETAIL_INLINE errc other_value(char c, Sink& sink) {
    if ((c == 'N' || c == 'I') && options_.allow_nan_literals) return special_literal(sink);
    return fail(errc::expected_value, p_);
  }
  UJSON_DETAIL_INLINE errc number() { return number(h_); }
  UJSON_DETAIL_INLINE errc literal(char c) { return literal(c, h_); }
  UJSON_DETAIL_INLINE errc non_ascii_run();
  UJSON_DETAIL_INLINE errc string(std::string_view& out, string_origin& origin);
  errc escaped_string(const char* content, std::string_view& out);
  // The walk over the structural index: the string's closing quote is at `close`, and stage
  // 1 has checked its UTF-8 and that it holds no control character.
  errc indexed_escaped_string(const char* content, const char* close, std::string_view& out);
  // p is at a backslash in a string: decodes that escape (or a run of \uXXXX ones) to w,
  // moving both past it; room(n) makes room for n more bytes at w.
  template <class Room>
  UJSON_DETAIL_INLINE errc escape(const char*& p, char*& w, Room& room);
  // scratch_ with room for at least `size` bytes (its contents kept); returns its data.
  [[gnu::noinline]] char* grow_scratch(std::size_t size) {
    scratch_.resize(std::max(2 * scratch_.size(), size + 64));
    return scratch_.data();
  }
  template <class Sink>
  UJSON_DETAIL_INLINE errc special_literal(Sink& sink) {
    const char* const start = p_;
    double value;
    if (const errc e = read_special_literal(value); e != errc::ok) return e;
    if constexpr (want_values) {
      const errc e = sink.on_double(value, std::string_view(start, static_cast<std::size_t>(p_ - start)));
      if (e != errc::ok) return fail(e, start);
    }
    return errc::ok;
  }
  errc read_special_literal(double& value);

  errc fail(errc code, const char* at) {
    error_at_ = at;
    return code;
  }

  const char* begin_;
  const char* end_;
  const char* p_ = nullptr;
  H& h_;
  const decode_options& options_;
  std::string& scratch_;
  u_escape_run (*const u_escapes_)(const char*, const char*, char*, std::size_t) noexcept;
  const char* error_at_ = nullptr;
  // Set by the walk over the structural index: stage 1 has checked all of the input's UTF-8
  // (it refuses any input that needs the raw-surrogate options), so a run of it is only
  // passed over.
  bool utf8_checked_ = false;
};

template <class H>
UJSON_DETAIL_INLINE errc parser<H>::string(std::string_view& out, string_origin& origin) {
  const char* const content = p_;
  for (;;) {
    p_ = default_kernel::find_string_special(p_, end_);
    if (UJSON_DETAIL_UNLIKELY(p_ == end_)) return fail(errc::unexpected_end, end_);
    const char c = *p_;
    if (c == '"') {
      if constexpr (want_values) {
        out = std::string_view(content, static_cast<std::size_t>(p_ - content));
        origin = string_origin::input;
      }
      ++p_;
      return errc::ok;
    }
    if (c == '\\') {
      origin = string_origin::scratch;
      return escaped_string(content, out);
    }
    if (static_cast<std::uint8_t>(c) < 0x20) return fail(errc::control_character, p_);
    if (errc e = non_ascii_run(); UJSON_DETAIL_UNLIKELY(e != errc::ok)) return e;
  }
}

// p_ is at a non-ASCII byte: validates the whole run up to the next delimiter at once.
template <class H>
UJSON_DETAIL_INLINE errc parser<H>::non_ascii_run() {
  const char* stop = default_kernel::find_string_delimiter(p_, end_);
  if (UJSON_DETAIL_UNLIKELY(!utf8_checked_ && !utf8_valid(p_, static_cast<std::size_t>(stop - p_)))) {
    const char* bad = first_invalid_utf8(p_, stop, options_.allow_raw_surrogates);
    if (bad != stop) return fail(errc::invalid_utf8, bad);
  }
  p_ = stop;
  return errc::ok;
}

// Reads four hex digits at p; returns a negative number when they are missing or
// malformed. The table gives -1 for a non-digit, whose bits then fill the top of the
// result: one test for all four instead of a branch per digit.
UJSON_DETAIL_INLINE std::int32_t hex4_at(const char* p) {
  const auto digit = [&](int i) { return static_cast<std::uint32_t>(static_cast<std::int32_t>(chars.hex[byte(p + i)])); };
  return static_cast<std::int32_t>((digit(0) << 12) | (digit(1) << 8) | (digit(2) << 4) | digit(3));
}
UJSON_DETAIL_INLINE std::int32_t read_hex4(const char* p, const char* end) { return end - p < 4 ? -1 : hex4_at(p); }

// The unescaped string is built in scratch_ through a write cursor: scratch_'s size is its
// usable room (it only grows, and is kept between strings), so a byte costs a store, not
// a std::string append. Escapes are decoded back to back without a scan between them
// (escaped non-ASCII text is mostly \uXXXX after \uXXXX). The input and output cursors
// are locals, not members: a store through a char* may alias any object, so members
// would be reloaded after every byte written.
template <class H>
errc parser<H>::escaped_string(const char* content, std::string_view& out) {
  const char* p = p_;
  const char* const end = end_;
  char* base = want_values ? scratch_.data() : nullptr;
  char* limit = want_values ? base + scratch_.size() : nullptr;
  char* w = base;
  // The growth is out of line (grow_scratch), so that this test inlines where it is used.
  auto room = [&](std::size_t n) {
    if (static_cast<std::size_t>(limit - w) < n) [[unlikely]] {
      const std::size_t used = static_cast<std::size_t>(w - base);
      base = grow_scratch(used + n);
      limit = base + scratch_.size();
      w = base + used;
    }
  };
  auto copy = [&](const char* from, std::size_t n) {
    if constexpr (want_values) {
      room(n);
      std::memcpy(w, from, n);
      w += n;
    }
  };
  auto stop = [&](errc code, const char* at) {
    p_ = p;
    return fail(code, at);
  };
  copy(content, static_cast<std::size_t>(p - content));
  for (;;) {
    if (UJSON_DETAIL_UNLIKELY(p == end)) return stop(errc::unexpected_end, end);
    const char c = *p;
    if (c == '"') {
      p_ = p + 1;
      if constexpr (want_values) out = std::string_view(base, static_cast<std::size_t>(w - base));
      return errc::ok;
    }
    if (c == '\\') {
      if (errc e = escape(p, w, room); UJSON_DETAIL_UNLIKELY(e != errc::ok)) return e;
      continue;
    }
    if (static_cast<std::uint8_t>(c) < 0x20) return stop(errc::control_character, p);
    const char* run = p;
    if (static_cast<std::uint8_t>(c) >= 0x80) {
      p_ = p;
      if (errc e = non_ascii_run(); UJSON_DETAIL_UNLIKELY(e != errc::ok)) return e;
      p = p_;
    } else {
      // One plain byte between two escapes (the space between two escaped words) is a
      // branch, which the CPU predicts and runs ahead of: found by the scan below, where
      // the next escape starts would wait for the scan's result.
      if (end - p >= 2 && p[1] == '\\') {
        if constexpr (want_values) {
          room(1);
          *w++ = c;
        }
        ++p;
        continue;
      }
      p = default_kernel::find_string_special(p + 1, end);
      // Between escapes the plain runs are short (a space between two words): a fixed
      // 16-byte copy where the input has them, not a call to memcpy.
      if constexpr (want_values) {
        if (p - run <= 16 && end - run >= 16) {
          room(16);
          std::memcpy(w, run, 16);
          w += p - run;
          continue;
        }
      }
    }
    copy(run, static_cast<std::size_t>(p - run));
  }
}

template <class H>
template <class Room>
UJSON_DETAIL_INLINE errc parser<H>::escape(const char*& p, char*& w, Room& room) {
  const char* const end = end_;
  auto stop_at = [&](errc code, const char* at) {
    p_ = p;
    return fail(code, at);
  };
  const char* const start = p;
  // The common escape first: \uXXXX of a character outside the surrogates. Escaped
  // non-ASCII text is such escapes back to back, decoded here in a loop of their own
  // (a word of Arabic or Japanese is a run of them); the first that is something else
  // (a surrogate, a bad digit) is left to the code below.
  // Room is made for a batch of escapes at a time (each writes at most 3 bytes, stored
  // as 4), not per escape; a longer run comes back here for the next batch.
  if (end - p >= 6 && p[1] == 'u') {
    if constexpr (want_values) {
      // Eight at a time where the kernels have it; what it leaves (the run's last escapes
      // before the input's end, a surrogate, a malformed escape) falls to the loop below.
      if (u_escapes_ != nullptr && end - p >= 52) {
        constexpr std::size_t most = 32;
        room(3 * most + 16);
        const u_escape_run run = u_escapes_(p, end, w, most);
        if (run.p != p) {
          p = run.p;
          w = run.w;
          return errc::ok;
        }
      }
    }
    const std::size_t batch = std::min<std::size_t>(32, static_cast<std::size_t>(end - p) / 6);
    const char* const last = p + 6 * (batch - 1);  // the batch's last escape
    if constexpr (want_values) room(3 * batch + 1);
    do {
      const std::int32_t u = hex4_at(p + 2);
      if (u < 0 || (u & 0xF800) == 0xD800) break;
      if constexpr (want_values) w += utf8_encode_bmp_wide(static_cast<std::uint32_t>(u), w);
      p += 6;
    } while (p <= last && std::memcmp(p, "\\u", 2) == 0);
    if (p != start) return errc::ok;
  }
  if (end - p < 2) return stop_at(errc::unexpected_end, end);
  if constexpr (want_values) room(4);
  if (p[1] == 'u') {
    const std::int32_t u = read_hex4(p + 2, end);
    if (u < 0) return stop_at(errc::invalid_unicode_escape, start);
    std::uint32_t cp = static_cast<std::uint32_t>(u);
    p += 6;
    if (UJSON_DETAIL_UNLIKELY((cp & 0xF800) == 0xD800)) {
      if (cp <= 0xDBFF) {
        // A high surrogate must be followed by \u and a low one.
        std::int32_t low = -1;
        if (end - p >= 6 && p[0] == '\\' && p[1] == 'u') low = read_hex4(p + 2, end);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (static_cast<std::uint32_t>(low) - 0xDC00);
          p += 6;
        } else if (!options_.allow_lone_surrogates) {
          return stop_at(errc::lone_surrogate, start);
        }
      } else if (!options_.allow_lone_surrogates) {
        return stop_at(errc::lone_surrogate, start);
      }
    }
    if constexpr (want_values) w += utf8_encode(cp, w);
    return errc::ok;
  }
  const char decoded = chars.unescaped[byte(p + 1)];
  if (UJSON_DETAIL_UNLIKELY(decoded == 0)) return stop_at(errc::invalid_escape, start);
  if constexpr (want_values) *w++ = decoded;
  p += 2;
  return errc::ok;
}

// The same text as escaped_string, where only a backslash can stop the copy: one scan
// instead of one per kind of byte (escaped_string stops at every non-ASCII run, to check
// it), and no test for room per run, since the unescaped text is never longer than the
// escaped one. Errors are escaped_string's: the escapes are decoded by the same function,
// against the same end of input. Validators copy nothing: they scan from escape to escape.
template <class H>
errc parser<H>::indexed_escaped_string(const char* content, const char* close, std::string_view& out) {
  char* base = nullptr;
  if constexpr (want_values) {
    // 64 bytes past the escaped text's size: the wide stores of to_backslash and of the
    // escape decoders go at most that far past what they write.
    const std::size_t most = static_cast<std::size_t>(close - content) + 64;
    if constexpr (string_room_handler<H>) {
      base = h_.room_for(most);
    } else {
      base = scratch_.size() >= most ? scratch_.data() : grow_scratch(most);
    }
  }
  char* w = base;
  auto room = [](std::size_t) {};
  const char* p = content;
  // `<`, not `!=`: no escape runs past a closing quote (none holds one), and if one did the
  // copy would stop there rather than read on past the string.
  while (p < close) {
    if (*p != '\\') {
      // One plain byte between two escapes (a space between two escaped words): a
      // branch the CPU runs ahead of, where the scan's result would be waited for.
      if (close - p >= 2 && p[1] == '\\') {
        if constexpr (want_values) *w++ = *p;
        ++p;
      } else {
        p = default_kernel::to_backslash<want_values>(p, close, w);
        if (p >= close) break;
      }
    }
    if (errc e = escape(p, w, room); UJSON_DETAIL_UNLIKELY(e != errc::ok)) return e;
  }
  p_ = close + 1;
  if constexpr (want_values) out = std::string_view(base, static_cast<std::size_t>(w - base));
  return errc::ok;
}

template <class H>
template <class Sink>
UJSON_DETAIL_INLINE errc parser<H>::number(Sink& sink) {
  const char* const start = p_;
  const char* p = p_;
  // Every caller comes here from '-' or a digit (vs_number), so only a sign is followed
  // by a test for a digit.
  const bool negative = *p == '-';
  if (negative) {
    ++p;
    if (p != end_ && *p == 'I' && options_.allow_nan_literals) return special_literal(sink);
    if (UJSON_DETAIL_UNLIKELY(p == end_ || !is_digit(*p))) return fail(errc::invalid_number, p == end_ ? end_ : p);
  }

  std::uint64_t mantissa = 0;
  const char* const int_begin = p;
  std::size_t digits = 0;
  bool is_integer = true;
  std::int64_t exponent = 0;
  bool short_read = false;
#ifdef __SSE2__
  short_read = short_number<want_values, digit_value_of<Sink>>(p, end_, mantissa, digits, exponent, is_integer);
  if constexpr (!integers_as_text<H>) {
    // An integer of at most 16 digits and no exponent (short_number left p inside the
    // input) is an int64 whatever its sign: its event now, without the checks below for
    // the long forms, which also kept their values live through the walk.
    if (short_read && is_integer && (*p | 0x20) != 'e') {
      p_ = p;
      if constexpr (!want_values) return errc::ok;
      const auto magnitude = static_cast<std::int64_t>(mantissa);
      const errc e = sink.on_int64(negative ? -magnitude : magnitude);
      return UJSON_DETAIL_LIKELY(e == errc::ok) ? e : fail(e, start);
    }
  }
#endif
  if (!short_read) {
    if (*p == '0') {
      ++p;
      if (p != end_ && is_digit(*p)) return fail(errc::invalid_number, p);  // leading zero
    } else {
      // The mantissa wraps past 19 digits; `digits` tells the callers below.
      p = want_values ? scan_digits(p, end_, mantissa) : skip_digits(p, end_);
    }
    digits = static_cast<std::size_t>(p - int_begin);

    if (p != end_ && *p == '.') {
      ++p;
      const char* frac_begin = p;
      p = want_values ? scan_digits(p, end_, mantissa) : skip_digits(p, end_);
      if (p == frac_begin) return fail(errc::invalid_number, p);
      digits += static_cast<std::size_t>(p - frac_begin);
      exponent = -static_cast<std::int64_t>(p - frac_begin);
      is_integer = false;
    }
  }
  if (p != end_ && (*p == 'e' || *p == 'E')) {
    ++p;
    bool exp_negative = false;
    if (p != end_ && (*p == '+' || *p == '-')) exp_negative = *p++ == '-';
    if (p == end_ || !is_digit(*p)) return fail(errc::invalid_number, p);
    std::int64_t e = 0;
    while (p != end_ && is_digit(*p)) {
      if (e < 1'000'000'000) e = e * 10 + (*p - '0');  // saturate: far beyond any double
      ++p;
    }
    exponent += exp_negative ? -e : e;
    is_integer = false;
  }
  p_ = p;
  if constexpr (!want_values) return errc::ok;

  const std::string_view text(start, static_cast<std::size_t>(p - start));
  errc e;
  if constexpr (integers_as_text<H>) {
    if (is_integer) {
      e = sink.on_big_number(text);
      return UJSON_DETAIL_LIKELY(e == errc::ok) ? e : fail(e, start);
    }
  }
  if (is_integer) {
    constexpr std::uint64_t int64_max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (UJSON_DETAIL_LIKELY(digits <= 19)) {
      if (!negative) {
        e = mantissa <= int64_max ? sink.on_int64(static_cast<std::int64_t>(mantissa)) : sink.on_uint64(mantissa);
      } else if (mantissa <= int64_max + 1) {
        e = sink.on_int64(static_cast<std::int64_t>(0 - mantissa));  // two's complement, exact for -2^63
      } else {
        e = sink.on_big_number(text);
      }
    } else {
      std::uint64_t value = 0;
      const auto r = std::from_chars(int_begin, p, value);
      e = (!negative && r.ec == std::errc()) ? sink.on_uint64(value) : sink.on_big_number(text);
    }
  } else {
    // Clinger's fast path first for a mantissa and a power of ten that are both exact
    // doubles and an exponent from 0 to 22 ("4.217612826262749e+18", workload 4): one
    // multiplication rounds correctly. Otherwise, up to 19 digits: Eisel-Lemire from the
    // digits already read, its common case inline. What that refuses is mostly a short
    // exact decimal (0.5, 12.25), whose product sits on the bits it refuses: Clinger's
    // division takes those. (Taking the divisions first too made canada.json 8% slower:
    // its 16-digit coordinates would split between the two paths.) The out-of-line
    // Eisel-Lemire declines the rare cases it cannot settle and every result outside the
    // finite non-zero range, which from_chars then decides (out of range -> big number).
    constexpr std::uint64_t exact_mantissa = std::uint64_t{1} << 53;
    double d;
    bool ok;
    if (static_cast<std::uint64_t>(exponent) <= 22 && mantissa <= exact_mantissa && digits <= 19) {
      d = static_cast<double>(mantissa) * exact_powers_of_ten[exponent];
      if (negative) d = -d;
      ok = true;
    } else {
      ok = digits <= 19 && decimal_to_double_inline(mantissa, exponent, negative, d);
      if (UJSON_DETAIL_UNLIKELY(!ok)) {
        if (mantissa <= exact_mantissa && exponent >= -22 && exponent < 0 && digits <= 19) {
          d = static_cast<double>(mantissa) / exact_powers_of_ten[-exponent];
          if (negative) d = -d;
          ok = true;
        } else {
          ok = (digits <= 19 && decimal_to_double(mantissa, exponent, negative, d)) || parse_double_slow(start, p, d);
        }
      }
    }
    e = ok ? sink.on_double(d, text) : sink.on_big_number(text);
  }
  return UJSON_DETAIL_LIKELY(e == errc::ok) ? e : fail(e, start);
}

template <class H>
errc parser<H>::read_special_literal(double& value) {
  const char* start = p_;
  const char* p = p_;
  const bool negative = *p == '-';
  if (negative) ++p;
  auto match = [&](std::string_view word) {
    return static_cast<std::size_t>(end_ - p) >= word.size() && std::memcmp(p, word.data(), word.size()) == 0;
  };
  if (!negative && match("NaN")) {
    value = std::numeric_limits<double>::quiet_NaN();
    p += 3;
  } else if (match("Infinity")) {
    value = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    p += 8;
  } else {
    return fail(errc::invalid_literal, start);
  }
  p_ = p;
  return errc::ok;
}

// p_ is at 't', 'f' or 'n': reads true, false or null.
template <class H>
template <class Sink>
UJSON_DETAIL_INLINE errc parser<H>::literal(char c, Sink& sink) {
  const char* token = p_;
  auto matches = [&](const char (&word)[6], std::size_t len) {
    return static_cast<std::size_t>(end_ - p_) >= len && std::memcmp(p_, word, len) == 0;
  };
  errc e = errc::ok;
  if (c == 't') {
    if (!matches("true\0", 4)) return fail(errc::invalid_literal, token);
    p_ += 4;
    if constexpr (want_values) e = sink.on_bool(true);
  } else if (c == 'f') {
    if (!matches("false", 5)) return fail(errc::invalid_literal, token);
    p_ += 5;
    if constexpr (want_values) e = sink.on_bool(false);
  } else {
    if (!matches("null\0", 4)) return fail(errc::invalid_literal, token);
    p_ += 4;
    if constexpr (want_values) e = sink.on_null();
  }
  return UJSON_DETAIL_LIKELY(e == errc::ok) ? e : fail(e, token);
}

template <class H>
UJSON_DETAIL_INLINE errc parser<H>::scalar(char c) {
  switch (chars.value[static_cast<std::uint8_t>(c)]) {
    case vs_string:
      return string_value(false);
    case vs_literal:
      return literal(c);
    case vs_number:
      return number();
    default:
      return other_value(c, h_);
  }
}

}  // namespace ujson::detail

namespace ujson {

template <handler H>
error decoder::decode(std::string_view input, H& h, const detail::kernel_table& kernels) {
  // Stage 1 finds every token with SIMD, stage 2 walks them; inputs stage 1 refuses
  // (invalid UTF-8, control characters, an open string) come down here with no event sent.
  if (kernels.index != nullptr && input.size() <= detail::max_indexed_size) {
    if constexpr (ignores_values<H>) {
      // Validation allocates nothing: the index a window at a time, on the stack. When the
      // walk stops at an error, stage 1 reads the rest: if it refuses a later window, the
      // byte machine below, which knows every kind of error, says which comes first.
      using status = detail::index_window_state;
      std::uint32_t entries[detail::index_window_size];
      index_window window{detail::index_window_state(input.data(), input.size()), entries, kernels.index_window};
      window.fill(window.state, entries);
      if (window.state.status != status::refused) {
        const error e = decode_indexed(input, h, entries, &window, kernels);
        while (window.state.status == status::more) window.fill(window.state, entries);
        if (window.state.status == status::last) return e;
      }
    } else {
      std::size_t tokens = 0;
      index_.trim(input.size());
      if (kernels.index(input.data(), input.size(), index_, tokens)) {
        return decode_indexed(input, h, index_.entries(), nullptr, kernels);
      }
    }
  }
  detail::parser<H> ps(input, h, options_, scratch_, kernels);
  const char* const end = ps.end_;
  const std::size_t max_depth = options_.max_depth;
  frame* stack = inline_stack_;
  std::size_t capacity = inline_depth;
  std::size_t depth = 0;
  errc code = errc::ok;
  // The cursor is a local, handed to the parser and back around each token. As a
  // reference to ps.p_ (ps escapes into the out-of-line readers) GCC kept it in memory
  // over more of the loop once `numbers` below was added: 3.5% more instructions on
  // citm_catalog than with the local.
  const char* p = detail::default_kernel::skip_space(ps.begin_, end);
  if (p == end) {
    code = ps.fail(errc::empty_input, p);
    goto failed;
  }

value:
  // p is at the first byte of a value.
  if (*p != '{' && *p != '[') {
    ps.p_ = p;
    code = ps.scalar(*p);
    p = ps.p_;
    if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
    goto after_value;
  }
  {
    const bool is_object = *p == '{';
    if (UJSON_DETAIL_UNLIKELY(depth >= max_depth)) {
      code = ps.fail(errc::depth_exceeded, p);
      goto failed;
    }
    if (UJSON_DETAIL_UNLIKELY(depth == capacity)) stack = grow_stack(stack, depth, capacity);
    if constexpr (detail::parser<H>::want_values) {
      code = is_object ? h.on_object_begin() : h.on_array_begin();
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
        ps.fail(code, p);
        goto failed;
      }
    }
    stack[depth++] = is_object ? 1 : 0;
    p = detail::default_kernel::skip_line_space(p + 1, end);
    if (UJSON_DETAIL_UNLIKELY(p == end)) {
      code = ps.fail(errc::unexpected_end, end);
      goto failed;
    }
    if (is_object) {
      if (*p == '}') goto close_container;
      if (*p == '"') goto key;
      code = ps.fail(errc::expected_key, p);
      goto failed;
    }
    if (*p == ']') goto close_container;
    if (*p == '-' || detail::is_digit(*p)) goto numbers;
    goto value;
  }

numbers:
  // p is at the first byte of a number that is an array's element. Arrays of numbers
  // (coordinates, vectors, series) are read here, a number after each comma, without the
  // general dispatch; anything else after a comma goes back to `value`, and whatever
  // follows the last number (']', whitespace, an error) to after_value. The element count
  // stays in a register until then.
  {
    frame read = 0;  // 2 per element whose comma has been consumed, as after_value counts
    for (;;) {
      ps.p_ = p;
      code = ps.number();
      p = ps.p_;
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
      if (p == end || *p != ',') break;
      p = detail::default_kernel::skip_line_space(p + 1, end);
      if constexpr (detail::parser<H>::want_values) read += 2;
      if (UJSON_DETAIL_UNLIKELY(p == end)) {
        code = ps.fail(errc::unexpected_end, end);
        goto failed;
      }
      if (*p != '-' && !detail::is_digit(*p)) {
        stack[depth - 1] += read;
        goto value;
      }
    }
    stack[depth - 1] += read;
    goto after_value;
  }

key:
  // p is at the opening quote of a member name.
  ps.p_ = p;
  code = ps.string_value(true);
  p = ps.p_;
  if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
  // Minified and indented text alike put the colon right after the name.
  if (UJSON_DETAIL_UNLIKELY(p == end || *p != ':')) {
    p = detail::default_kernel::skip_space(p, end);
    if (UJSON_DETAIL_UNLIKELY(p == end || *p != ':')) {
      code = ps.fail(p == end ? errc::unexpected_end : errc::expected_colon, p);
      goto failed;
    }
  }
  p = detail::default_kernel::skip_space(p + 1, end);
  if (UJSON_DETAIL_UNLIKELY(p == end)) {
    code = ps.fail(errc::unexpected_end, end);
    goto failed;
  }
  goto value;

after_value:
  if (depth == 0) goto done;
  {
    frame& top = stack[depth - 1];
    if constexpr (detail::parser<H>::want_values) top += 2;  // one more element (counts feed on_*_end)
    const bool in_object = top & 1;
    // A comma right after the value is the usual case, indented or not; whitespace first
    // comes before a closing bracket.
    if (UJSON_DETAIL_UNLIKELY(p == end || *p != ',')) {
      p = detail::default_kernel::skip_line_space(p, end);
      if (UJSON_DETAIL_UNLIKELY(p == end)) {
        code = ps.fail(errc::unexpected_end, end);
        goto failed;
      }
    }
    if (*p == ',') {
      p = detail::default_kernel::skip_line_space(p + 1, end);
      if (UJSON_DETAIL_UNLIKELY(p == end)) {
        code = ps.fail(errc::unexpected_end, end);
        goto failed;
      }
      if (!in_object) goto value;
      if (*p == '"') goto key;
      code = ps.fail(errc::expected_key, p);
      goto failed;
    }
    if (*p == (in_object ? '}' : ']')) goto close_container;
    code = ps.fail(errc::expected_comma_or_end, p);
    goto failed;
  }

close_container:
  // p is at the closing bracket of the innermost container.
  {
    const frame top = stack[--depth];
    if constexpr (detail::parser<H>::want_values) {
      code = (top & 1) ? h.on_object_end(static_cast<std::size_t>(top >> 1))
                       : h.on_array_end(static_cast<std::size_t>(top >> 1));
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
        ps.fail(code, p);
        goto failed;
      }
    }
    ++p;
    goto after_value;
  }

done:
  p = detail::default_kernel::skip_space(p, end);
  if (p != end) {
    code = ps.fail(errc::trailing_characters, p);
    goto failed;
  }
  return error{};

failed:
  return detail::make_error(input, code, static_cast<std::size_t>(ps.error_at() - ps.begin_));
}

}  // namespace ujson

#include "ujson/detail/hints_off.hpp"

#include "ujson/detail/index_walk.hpp"
