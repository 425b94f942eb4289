#pragma once
// The decoder's stage 2: the grammar walked over the structural index (see
// structural_index.hpp) instead of byte by byte. Included by decoder_impl.hpp after the
// token readers it shares with the byte-at-a-time machine (numbers, literals, escaped
// strings), so that both report the same events and the same errors, at the same offsets:
// the token after a value is the first byte that is not whitespace, as the byte machine
// finds it, and a number or literal that does not end at whitespace or a token is caught
// where it ends.

#include <bit>
#include <cstdint>
#include <cstring>

#ifdef __SSE2__
#include <tmmintrin.h>
#endif

#include "ujson/detail/hints_on.hpp"

namespace ujson {

namespace detail {

// A handler that writes its values one after another (the DOM builder) may let the walk
// hold the place where the next one goes, in registers: it declares a `cursor` type,
// load_cursor() and store_cursor(c), and takes the cursor as the first argument of every
// event too. Otherwise each value would load the place that the last one stored, a wait
// from one value to the next. The parser raises the events of numbers and literals on
// the walk's events (parser::number(sink)). The literal runs of arrays, out of line, take
// the cursor over through the handler (lend, then take_back), once per run.
template <class H>
concept cursor_handler = requires(H& h, const H& ch, typename H::cursor c) {
  { ch.load_cursor() } -> std::same_as<typename H::cursor>;
  h.store_cursor(c);
};

#ifdef __SSE2__
// Row n of the shuffle below: byte j takes digit j - (16 - n), or is cleared (0x80).
struct digit_alignments {
  alignas(16) unsigned char row[17][16];
  constexpr digit_alignments() : row{} {
    for (int n = 0; n <= 16; ++n) {
      for (int j = 0; j < 16; ++j) row[n][j] = static_cast<unsigned char>(j >= 16 - n ? j - (16 - n) : 0x80);
    }
  }
};
inline constexpr digit_alignments digit_alignment{};

// How the walk values a number's run of digits (short_number's DigitValue): the first n
// (0..16) digits of a 16-byte block, its bytes minus '0', as block_digits_value gives them,
// by SSSE3's byte shuffle and byte multiply-add. One shuffle moves the n digits to the
// block's end, zeros before them, and clears the bytes past them; multiply-adds of pairs,
// quads and eights follow. Half the instructions of block_digits_value, which multiplies
// by 10^(16 - n) and divides it off again, and a shorter chain from the load to the value.
// The walk runs only where AVX2 does, and only the walk raises number events through
// walk_events, whose digit_value this is: it is compiled for the walk's instruction sets.
struct ssse3_digit_value {
  UJSON_DETAIL_INDEX_WALK static std::uint64_t of(__m128i digits, unsigned n) {
    const __m128i row = _mm_load_si128(reinterpret_cast<const __m128i*>(digit_alignment.row[n]));
    const __m128i aligned = _mm_shuffle_epi8(digits, row);
    const __m128i pairs = _mm_maddubs_epi16(aligned, _mm_set1_epi16(0x010A));        // bytes 10, 1
    const __m128i quads = _mm_madd_epi16(pairs, _mm_set1_epi32(0x00010064));          // 100, 1
    const __m128i eights = _mm_madd_epi16(_mm_packs_epi32(quads, quads), _mm_set1_epi32(0x00012710));  // 10000, 1
    const auto both = static_cast<std::uint64_t>(_mm_cvtsi128_si64(eights));
    return (both & 0xFFFFFFFFULL) * 100000000 + (both >> 32);
  }
};
#endif

// A literal as four bytes of the input read it.
constexpr std::uint32_t literal_word(const char (&w)[5]) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    v |= std::uint32_t{static_cast<unsigned char>(w[i])} << (std::endian::native == std::endian::little ? 8 * i : 8 * (3 - i));
  }
  return v;
}

// The events the walk raises itself, with the cursor where the handler has one.
template <class H>
class walk_events {
 public:
#ifdef __SSE2__
  using digit_value = ssse3_digit_value;
#endif
  explicit walk_events(H& h) : h_(h) {}
  UJSON_DETAIL_INLINE errc on_null() { return h_.on_null(); }
  UJSON_DETAIL_INLINE errc on_bool(bool b) { return h_.on_bool(b); }
  UJSON_DETAIL_INLINE errc on_int64(std::int64_t i) { return h_.on_int64(i); }
  UJSON_DETAIL_INLINE errc on_uint64(std::uint64_t u) { return h_.on_uint64(u); }
  UJSON_DETAIL_INLINE errc on_double(double d, std::string_view text) { return h_.on_double(d, text); }
  UJSON_DETAIL_INLINE errc on_big_number(std::string_view text) { return h_.on_big_number(text); }
  UJSON_DETAIL_INLINE errc on_string(std::string_view s, string_origin o) { return h_.on_string(s, o); }
  UJSON_DETAIL_INLINE errc on_key(std::string_view s, string_origin o) { return h_.on_key(s, o); }
  UJSON_DETAIL_INLINE errc on_array_begin() { return h_.on_array_begin(); }
  UJSON_DETAIL_INLINE errc on_object_begin() { return h_.on_object_begin(); }
  UJSON_DETAIL_INLINE errc on_array_end(std::size_t n) { return h_.on_array_end(n); }
  UJSON_DETAIL_INLINE errc on_object_end(std::size_t n) { return h_.on_object_end(n); }
  // The cursor back into the handler (before a call that uses it, and at the end), and
  // from it again: nothing to do for a handler without one.
  UJSON_DETAIL_INLINE void lend() {}
  UJSON_DETAIL_INLINE void take_back() {}

 private:
  H& h_;
};

template <cursor_handler H>
class walk_events<H> {
 public:
#ifdef __SSE2__
  using digit_value = ssse3_digit_value;
#endif
  explicit walk_events(H& h) : h_(h), c_(h.load_cursor()) {}
  UJSON_DETAIL_INLINE errc on_null() { return h_.on_null(c_); }
  UJSON_DETAIL_INLINE errc on_bool(bool b) { return h_.on_bool(c_, b); }
  UJSON_DETAIL_INLINE errc on_int64(std::int64_t i) { return h_.on_int64(c_, i); }
  UJSON_DETAIL_INLINE errc on_uint64(std::uint64_t u) { return h_.on_uint64(c_, u); }
  UJSON_DETAIL_INLINE errc on_double(double d, std::string_view text) { return h_.on_double(c_, d, text); }
  UJSON_DETAIL_INLINE errc on_big_number(std::string_view text) { return h_.on_big_number(c_, text); }
  UJSON_DETAIL_INLINE errc on_string(std::string_view s, string_origin o) { return h_.on_string(c_, s, o); }
  UJSON_DETAIL_INLINE errc on_key(std::string_view s, string_origin o) { return h_.on_key(c_, s, o); }
  UJSON_DETAIL_INLINE errc on_array_begin() { return h_.on_array_begin(c_); }
  UJSON_DETAIL_INLINE errc on_object_begin() { return h_.on_object_begin(c_); }
  UJSON_DETAIL_INLINE errc on_array_end(std::size_t n) { return h_.on_array_end(c_, n); }
  UJSON_DETAIL_INLINE errc on_object_end(std::size_t n) { return h_.on_object_end(c_, n); }
  UJSON_DETAIL_INLINE void lend() { h_.store_cursor(c_); }
  UJSON_DETAIL_INLINE void take_back() { c_ = h_.load_cursor(); }

 private:
  H& h_;
  typename H::cursor c_;
};

}  // namespace detail

template <handler H>
[[gnu::noinline]] UJSON_DETAIL_INDEX_WALK decoder::scalar_run decoder::literal_run(detail::parser<H>& ps,
                                                                                   const char* p,
                                                                                   const std::uint32_t* t) {
  static_assert(detail::parser<H>::want_values, "validators walk a window at a time and read literals in the walk");
  const char* const begin = ps.begin_;
  const char* const end = ps.end_;
  const auto next = [&]() { return begin + *t++; };
  // The handler's cursor in this function's registers for the run (the walk hands it over).
  detail::walk_events<H> events(ps.h_);
  frame read = 0;
  scalar_run run;
  constexpr std::uint32_t true_word = detail::literal_word("true"), null_word = detail::literal_word("null"),
                          fals_word = detail::literal_word("fals");
  // p is at an element: a literal on entry, after a comma whatever follows it, which is
  // tested for a literal only when it is not true or null (the run's common elements).
  for (;;) {
    // The literal is read where the next token says it ends, four bytes at once; anything
    // else (a literal cut short, a misspelling) goes to the parser's reader for its error.
    const char* const after = next();
    std::uint32_t four = 0;
    if (after - p >= 4) std::memcpy(&four, p, 4);
    const char* q;
    errc code;
    if (four == true_word) {
      q = p + 4;
      code = events.on_bool(true);
    } else if (four == null_word) {
      q = p + 4;
      code = events.on_null();
    } else if (detail::chars.value[detail::byte(p)] != detail::vs_literal) {
      run = {p, t - 1, read, errc::ok, true};  // the walk reads it, from its own entry on
      break;
    } else if (four == fals_word && after - p >= 5 && p[4] == 'e') {
      q = p + 5;
      code = events.on_bool(false);
    } else {
      ps.p_ = p;
      code = ps.literal(*p, events);
      q = ps.p_;
    }
    if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
      ps.fail(code, p);  // where the reader places its errors too, and a handler's stop
      run = {p, t, read, code, false};
      break;
    }
    p = after;
    if (UJSON_DETAIL_UNLIKELY(q != p) && !detail::is_space(*q)) {
      run = {q, t, read, errc::ok, false};
      break;
    }
    if (p == end || *p != ',') {
      run = {p, t, read, errc::ok, false};
      break;
    }
    p = next();
    read += 2;
    if (UJSON_DETAIL_UNLIKELY(p == end)) {
      run = {p, t, read, ps.fail(errc::unexpected_end, end), false};
      break;
    }
  }
  events.lend();
  return run;
}

template <handler H>
[[gnu::noinline]] UJSON_DETAIL_INDEX_WALK decoder::scalar_run decoder::number_run(detail::parser<H>& ps,
                                                                                  const char* p,
                                                                                  const std::uint32_t* t) {
  static_assert(detail::parser<H>::want_values, "validators walk a window at a time and read numbers in the walk");
  const char* const begin = ps.begin_;
  const char* const end = ps.end_;
  const auto next = [&]() { return begin + *t++; };
  detail::walk_events<H> events(ps.h_);
  frame read = 0;
  scalar_run run;
  for (;;) {
    ps.p_ = p;
    const errc code = ps.number(events);
    if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
      run = {p, t, read, code, false};
      break;
    }
    const char* const q = ps.p_;
    p = next();
    if (UJSON_DETAIL_UNLIKELY(q != p) && !detail::is_space(*q)) {
      run = {q, t, read, errc::ok, false};
      break;
    }
    if (p == end || *p != ',') {
      run = {p, t, read, errc::ok, false};
      break;
    }
    p = next();
    read += 2;
    if (UJSON_DETAIL_UNLIKELY(p == end)) {
      run = {p, t, read, ps.fail(errc::unexpected_end, end), false};
      break;
    }
    if (*p != '-' && !detail::is_digit(*p)) {
      run = {p, t, read, errc::ok, true};
      break;
    }
  }
  events.lend();
  return run;
}

template <handler H>
UJSON_DETAIL_INDEX_WALK error decoder::decode_indexed(std::string_view input, H& h, const std::uint32_t* t,
                                                      index_window* window, const detail::kernel_table& kernels) {
  // Validators walk the index a window at a time (structural_index.hpp): the end of a
  // window looks like the end of the input, so where the walk tests for the end it also
  // asks for the next window. Other handlers walk the whole index, and that test is the end.
  constexpr bool windowed = ignores_values<H>;
  detail::parser<H> ps(input, h, options_, scratch_, kernels);
  detail::walk_events<H> events(h);
  ps.utf8_checked_ = true;
  const char* const begin = ps.begin_;
  const char* const end = ps.end_;
  // The parents' frames: `base` their array, `sp` past the innermost one (the depth is
  // sp - base), `stop` where the next container may not go: the array's end or the depth
  // limit, whichever comes first. One pointer moves with the depth and one compare guards
  // it, which leaves the walk more registers than a depth, a capacity and a limit did.
  frame* base = inline_stack_;
  frame* sp = base;
  frame* stop = base + std::min(inline_depth, options_.max_depth);
  // The innermost container's frame lives in a register: sp[-1] is stale while
  // it is open, and only its parents are in memory. A value then costs no store and no
  // reload of its container's count. Outside every container it is `outside`, which no
  // container's frame equals (counts stay below 2^32) and whose object bit is set: the
  // depth-0 tests read the register, not sp and base.
  constexpr frame outside = ~frame{0};
  frame current = outside;
  errc code = errc::ok;
  // Closing quotes carry a flag bit; every other entry is a plain offset.
  const auto next = [&]() { return begin + *t++; };
  // Whether p is at the end of the input. At the end of a window (validators) it moves t and
  // p to the next window's first token; p stays at the end when the input is over or stage 1
  // refused the next window. An expression, not a lambda taking t by reference: that would
  // keep t in memory in every walk, windowed or not.
#define UJSON_AT_END(p) ((p) == end && !(windowed && (t = next_window(window, t), (p) = next(), (p) != end)))
  // p is at a string's opening quote, whose closing quote is the next entry.
  const auto read_string = [&](const char* p, std::string_view& text, string_origin& origin) {
    const std::uint32_t close = *t++;
    if (UJSON_DETAIL_LIKELY((close & detail::escaped_string_end) == 0)) {
      text = std::string_view(p + 1, static_cast<std::size_t>(begin + close - (p + 1)));
      origin = string_origin::input;
      return errc::ok;
    }
    origin = string_origin::scratch;
    // Its own view: `text` itself, handed to a call, would have to live in memory on every path.
    std::string_view unescaped;
    const errc e = ps.indexed_escaped_string(p + 1, begin + (close & ~detail::escaped_string_end), unescaped);
    text = unescaped;
    return e;
  };
  const char* p = next();
  const char* q;
  if (UJSON_AT_END(p)) {
    code = ps.fail(errc::empty_input, p);
    goto failed;
  }

value:
  // p is at the first byte of a value.
  switch (detail::chars.value[detail::byte(p)]) {
    case detail::vs_string: {
      std::string_view text;
      string_origin origin;
      code = read_string(p, text, origin);
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
      if constexpr (detail::parser<H>::want_values) {
        code = events.on_string(text, origin);
        if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
          ps.fail(code, p);
          goto failed;
        }
      }
      p = next();
      goto after_value;
    }
    case detail::vs_container: {
      const bool is_object = *p == '{';
      if (UJSON_DETAIL_UNLIKELY(sp == stop)) {
        const auto depth = static_cast<std::size_t>(sp - base);
        if (depth >= options_.max_depth) {
          code = ps.fail(errc::depth_exceeded, p);
          goto failed;
        }
        std::size_t capacity = depth;  // below the limit: the array is full
        base = grow_stack(base, depth, capacity);
        sp = base + depth;
        stop = base + std::min(capacity, options_.max_depth);
      }
      if constexpr (detail::parser<H>::want_values) {
        code = is_object ? events.on_object_begin() : events.on_array_begin();
        if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
          ps.fail(code, p);
          goto failed;
        }
      }
      *sp++ = current;  // the parent's frame (`outside` at depth 0)
      current = is_object ? 1 : 0;
      p = next();
      if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
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
      if (*p == '-' || detail::is_digit(*p)) {
        if constexpr (detail::parser<H>::want_values && !integers_as_text<H>) {
          if (*p != '-' && begin + *t == p + 1) goto digits;
        }
        goto numbers;
      }
      goto value;
    }
    case detail::vs_literal:
      // An array's literals, this one and those after it, in a loop of their own. Not for
      // validators: it changed their walk's code for the worse (twitter.json 2-7% slower)
      // to speed up what costs them little.
      if constexpr (detail::parser<H>::want_values) {
        if ((current & 1) == 0) {  // in an array
          events.lend();
          const scalar_run run = literal_run(ps, p, t);
          events.take_back();
          p = run.p;
          t = run.t;
          current += run.read;
          code = run.code;
          if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
          if (run.at_element) goto value;
          goto after_value;
        }
      }
      if constexpr (!detail::parser<H>::want_values) {
        // A validator's literal: four bytes compared where the next entry (not consumed
        // here) says the literal ends; anything else goes to the reader for its error.
        const char* const after = begin + *t;
        std::uint32_t four = 0;
        if (after - p >= 4) std::memcpy(&four, p, 4);
        if (four == detail::literal_word("true") || four == detail::literal_word("null")) {
          q = p + 4;
          goto scalar_end;
        }
        if (four == detail::literal_word("fals") && after - p >= 5 && p[4] == 'e') {
          q = p + 5;
          goto scalar_end;
        }
      }
      ps.p_ = p;
      code = ps.literal(*p, events);
      goto scalar_read;
    case detail::vs_number:
      ps.p_ = p;
      code = ps.number(events);
      goto scalar_read;
    default:
      ps.p_ = p;
      code = ps.other_value(*p, events);
      goto scalar_read;
  }

scalar_read:
  if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
  q = ps.p_;
scalar_end: __attribute__((unused));  // only validators jump here
  // q is where the scalar ended.
  p = next();
  // A number or literal ends at whitespace or at the next token; anything else after it
  // (`truex`, `1x`) is where the byte machine stops too. q != p means q < p <= end, so *q
  // is input: a reader never reads past the run of bytes its token starts, and the entry
  // after a scalar's is the next token or the final one, the input's size (stage 1 cuts no
  // window after a scalar's first byte). The walks below rely on the same.
  if (UJSON_DETAIL_UNLIKELY(q != p) && !detail::is_space(*q)) p = q;
  goto after_value;

numbers:
  // p is at a number that is an array's first element. Arrays of numbers (coordinates,
  // vectors, series) are read here, a number after each comma, without the general
  // dispatch, as in the byte machine; the element count stays in a register.
  {
    frame read = 0;  // 2 per element whose comma has been consumed, as after_value counts
    for (;;) {
      ps.p_ = p;
      code = ps.number(events);
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
      q = ps.p_;
      p = next();
      if (UJSON_DETAIL_UNLIKELY(q != p) && !detail::is_space(*q)) {
        p = q;
        break;
      }
      if (UJSON_AT_END(p) || *p != ',') break;
      p = next();
      if constexpr (detail::parser<H>::want_values) read += 2;
      if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
        code = ps.fail(errc::unexpected_end, end);
        goto failed;
      }
      if (*p != '-' && !detail::is_digit(*p)) {
        current += read;
        goto value;
      }
      if constexpr (detail::parser<H>::want_values) {
        if (read == 2 * numbers_in_walk) {
          current += read;
          events.lend();
          const scalar_run run = number_run(ps, p, t);
          events.take_back();
          p = run.p;
          t = run.t;
          current += run.read;
          code = run.code;
          if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
          if (run.at_element) goto value;
          goto after_value;
        }
      }
    }
    current += read;
    goto after_value;
  }

digits: __attribute__((unused));  // validators never jump here
  // p is at a one-digit number (its token ends where the next begins) that is an array's
  // first element: [1,2], [0,1,1,0]. Its value is the digit; the loop goes on while the
  // elements are such numbers, and hands any other element to the numbers loop or the
  // general dispatch. A loop apart from that one, and its test written out twice: the same
  // test inside the numbers loop spilled the index pointer to the stack (canada.json 3-4%
  // more instructions), and a shared lambda for it cost every file 1-2% (GCC 12).
  if constexpr (detail::parser<H>::want_values && !integers_as_text<H>) {
    frame read = 0;
    for (;;) {
      code = events.on_int64(*p - '0');
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
        ps.fail(code, p);
        goto failed;
      }
      p = next();
      if (UJSON_AT_END(p) || *p != ',') break;
      p = next();
      read += 2;
      if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
        code = ps.fail(errc::unexpected_end, end);
        goto failed;
      }
      if (!detail::is_digit(*p) || begin + *t != p + 1) {
        current += read;
        if (*p == '-' || detail::is_digit(*p)) goto numbers;
        goto value;
      }
    }
    current += read;
    goto after_value;
  }

key:
  // p is at the opening quote of a member name.
  {
    std::string_view text;
    string_origin origin;
    code = read_string(p, text, origin);
    if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) goto failed;
    if constexpr (detail::parser<H>::want_values) {
      code = events.on_key(text, origin);
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
        ps.fail(code, p);
        goto failed;
      }
    }
  }
  p = next();
  if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p) || *p != ':')) {
    code = ps.fail(p == end ? errc::unexpected_end : errc::expected_colon, p);
    goto failed;
  }
  p = next();
  if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
    code = ps.fail(errc::unexpected_end, end);
    goto failed;
  }
  goto value;

after_value:
  // p is at the first byte after the value that is not whitespace, or at the end.
  if (current == outside) goto done;
  {
    if constexpr (detail::parser<H>::want_values) current += 2;  // one more element (counts feed on_*_end)
    const bool in_object = current & 1;
    if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
      code = ps.fail(errc::unexpected_end, end);
      goto failed;
    }
    if (*p == ',') {
      p = next();
      if (UJSON_DETAIL_UNLIKELY(UJSON_AT_END(p))) {
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
    const frame top = current;
    current = *--sp;
    if constexpr (detail::parser<H>::want_values) {
      code = (top & 1) ? events.on_object_end(static_cast<std::size_t>(top >> 1))
                       : events.on_array_end(static_cast<std::size_t>(top >> 1));
      if (UJSON_DETAIL_UNLIKELY(code != errc::ok)) {
        ps.fail(code, p);
        goto failed;
      }
    }
    p = next();
    goto after_value;
  }

done:
  if (!UJSON_AT_END(p)) {
    code = ps.fail(errc::trailing_characters, p);
    goto failed;
  }
  events.lend();
  return error{};

failed:
  events.lend();
  return detail::make_error(input, code, static_cast<std::size_t>(ps.error_at() - ps.begin_));
}

}  // namespace ujson

#undef UJSON_AT_END

#include "ujson/detail/hints_off.hpp"
