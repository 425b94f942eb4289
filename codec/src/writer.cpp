#include "ujson/writer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

#include "ujson/detail/number.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"

namespace ujson {
namespace {

constexpr char hex_digits[] = "0123456789abcdef";

char* write_u_escape(char* out, std::uint32_t unit) {
  out[0] = '\\';
  out[1] = 'u';
  out[2] = hex_digits[(unit >> 12) & 0xF];
  out[3] = hex_digits[(unit >> 8) & 0xF];
  out[4] = hex_digits[(unit >> 4) & 0xF];
  out[5] = hex_digits[unit & 0xF];
  return out + 6;
}

}  // namespace

writer::writer(const encode_options& options) : options_(options) {
  options_.indent = std::clamp(options_.indent, 0, max_indent);
  if (options_.double_precision < 0) options_.double_precision = shortest_round_trip;
  options_.double_precision = std::min(options_.double_precision, max_double_precision);
  default_separators_ = options_.item_separator.empty() && options_.key_separator.empty();
  if (options_.item_separator.empty()) options_.item_separator = ",";
  if (options_.key_separator.empty()) options_.key_separator = options_.indent > 0 ? ": " : ":";

  for (std::uint32_t c = 0; c < 128; ++c) {
    escape& e = escapes_[c];
    e.length = 0;
    if (c < 0x20) {
      write_u_escape(e.bytes, c);
      e.length = 6;
    }
  }
  auto two = [&](char c, char letter) {
    escapes_[static_cast<unsigned char>(c)] = escape{{'\\', letter}, 2};
  };
  two('"', '"');
  two('\\', '\\');
  two('\b', 'b');
  two('\f', 'f');
  two('\n', 'n');
  two('\r', 'r');
  two('\t', 't');
  if (options_.escape_forward_slashes) two('/', '/');
  if (options_.encode_html_chars) {
    for (char c : {'<', '>', '&'}) {
      escape& e = escapes_[static_cast<unsigned char>(c)];
      write_u_escape(e.bytes, static_cast<unsigned char>(c));
      e.length = 6;
    }
  }
  for (int c = 0; c < 256; ++c) needs_escape_[c] = c >= 0x80 || escapes_[c].length != 0;
  optional_escapes_[0] = options_.escape_forward_slashes ? '/' : '"';
  optional_escapes_[1] = options_.encode_html_chars ? '<' : '"';
  optional_escapes_[2] = options_.encode_html_chars ? '>' : '"';
  optional_escapes_[3] = options_.encode_html_chars ? '&' : '"';
}

// Copies bytes that need no escape from p to out, and returns the first one that does
// (or end). Whole 16-byte blocks are stored before they are checked: out has room, since
// the caller reserved six bytes for every input byte and a block always lies within the
// input.
// With PassNonAscii, bytes >= 0x80 are copied too (the caller validates them).
template <bool PassNonAscii>
const char* writer::find_escape(const char* p, const char* end, char* out) const {
  const char* const start = p;
#if UJSON_HAVE_SSE2
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i space = _mm_set1_epi8(0x20);  // signed compare: controls and non-ASCII
  const __m128i control_bits = _mm_set1_epi8(static_cast<char>(0xE0));  // zero for controls only
  const __m128i extra0 = _mm_set1_epi8(optional_escapes_[0]);
  const __m128i extra1 = _mm_set1_epi8(optional_escapes_[1]);
  const __m128i extra2 = _mm_set1_epi8(optional_escapes_[2]);
  const __m128i extra3 = _mm_set1_epi8(optional_escapes_[3]);
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i low = PassNonAscii ? _mm_cmpeq_epi8(_mm_and_si128(v, control_bits), _mm_setzero_si128())
                                     : _mm_cmplt_epi8(v, space);
    __m128i hit = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)), low);
    hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, extra0), _mm_cmpeq_epi8(v, extra1)));
    hit = _mm_or_si128(hit, _mm_or_si128(_mm_cmpeq_epi8(v, extra2), _mm_cmpeq_epi8(v, extra3)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + (p - start)), v);
    const int mask = _mm_movemask_epi8(hit);
    if (mask != 0) return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  out += p - start;
  for (; p != end; ++p) {
    const auto c = static_cast<unsigned char>(*p);
    if (needs_escape_[c] && !(PassNonAscii && c >= 0x80)) break;
    *out++ = *p;
  }
  return p;
}

void writer::reset() noexcept {
  out_.clear();
  kinds_.clear();
  sorted_objects_.clear();
  members_.clear();
  keys_.clear();
  need_comma_ = expect_key_ = done_ = false;
  status_ = errc::ok;
}

void writer::newline_and_indent(std::size_t depth) {
  const std::size_t spaces = depth * static_cast<std::size_t>(options_.indent);
  char* out = out_.reserve(spaces + 1);
  *out++ = '\n';
  std::memset(out, ' ', spaces);
  out_.commit(out + spaces);
}

errc writer::before_value_slow() {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (kinds_.empty()) {
    if (UJSON_UNLIKELY(done_)) return fail(errc::invalid_writer_call);  // a second top-level value
    return errc::ok;
  }
  // In an array, with indentation or custom separators (the rest took the inline path).
  if (need_comma_) write_item_separator();
  if (options_.indent > 0) newline_and_indent(kinds_.size());
  return errc::ok;
}

errc writer::number(double v) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (errc e = write_double(v); e != errc::ok) return fail(e);
  after_value();
  return errc::ok;
}

errc writer::write_double(double v) {
  if (UJSON_UNLIKELY(!std::isfinite(v))) {
    if (!options_.allow_nan) return errc::nan_or_infinity;
    out_.append(std::isnan(v) ? std::string_view("NaN") : v > 0 ? std::string_view("Infinity") : std::string_view("-Infinity"));
    return errc::ok;
  }
  char* out = out_.reserve(detail::max_double_chars);
  out_.commit(out + detail::format_double(v, options_.double_precision, out));
  return errc::ok;
}

errc writer::raw_number(std::string_view text) {
  if (errc e = before_value(); e != errc::ok) return e;
  out_.append(text);
  after_value();
  return errc::ok;
}

errc writer::string(std::string_view s) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (errc e = write_string(s); e != errc::ok) return fail(e);
  after_value();
  return errc::ok;
}

errc writer::write_string(std::string_view s) {
  // Worst case per input byte: a control character as \u00XX (6 bytes); a 4-byte UTF-8
  // sequence becomes a 12-byte surrogate-pair escape (3 per byte).
  if (s.size() > (SIZE_MAX - 2) / 6) return errc::out_of_memory;
  char* const start = out_.reserve(s.size() * 6 + 2);
  char* out = start;
  *out++ = '"';
  const char* p = s.data();
  const char* const end = p + s.size();
  while (p != end) {
    const char* run = p;
    p = find_escape<false>(p, end, out);
    out += p - run;
    if (p == end) break;
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x80) {
      const escape& e = escapes_[c];
      std::memcpy(out, e.bytes, 6);  // fixed-width copy; only `length` bytes count
      out += e.length;
      ++p;
      continue;
    }
    if (!options_.ensure_ascii && !options_.allow_lone_surrogates) {
      // Non-ASCII text is copied as is: validate the whole run up to the next byte that
      // needs an escape at once.
      const char* run = p;
      p = find_escape<true>(p, end, out);
      if (!detail::utf8_valid(run, static_cast<std::size_t>(p - run))) return errc::invalid_utf8;
      out += p - run;
      continue;
    }
    // A run of non-ASCII text, sequence by sequence, without going back to the block scan
    // between characters (words of Arabic or CJK text are such runs).
    do {
      const std::size_t n = detail::utf8_sequence_length(p, end, options_.allow_lone_surrogates);
      if (n == 0) return errc::invalid_utf8;
      const std::uint32_t cp = detail::utf8_decode(p, n);
      const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
      if (options_.ensure_ascii || surrogate) {
        if (cp >= 0x10000) {
          out = write_u_escape(out, 0xD800 + ((cp - 0x10000) >> 10));
          out = write_u_escape(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
          out = write_u_escape(out, cp);
        }
      } else {
        std::memcpy(out, p, n);
        out += n;
      }
      p += n;
    } while (p != end && static_cast<unsigned char>(*p) >= 0x80);
  }
  *out++ = '"';
  out_.commit(out);
  return errc::ok;
}

errc writer::key(std::string_view s) {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (UJSON_UNLIKELY(kinds_.empty() || kinds_.back() == 0 || !expect_key_)) return fail(errc::invalid_writer_call);
  const bool sorting = options_.sort_keys;
  if (sorting && members_.size() > sorted_objects_.back().first_member) members_.back().text_end = out_.size();
  if (need_comma_) write_item_separator();
  if (options_.indent > 0) newline_and_indent(kinds_.size());
  if (sorting) {
    members_.push_back(member{keys_.size(), s.size(), out_.size(), 0});
    keys_.append(s);
  }
  if (errc e = write_string(s); e != errc::ok) return fail(e);
  if (default_separators_ && options_.indent == 0) {
    out_.push_back(':');
  } else {
    out_.append(options_.key_separator);
  }
  expect_key_ = false;
  return errc::ok;
}

errc writer::begin_array() {
  if (errc e = before_value(); e != errc::ok) return e;
  if (UJSON_UNLIKELY(kinds_.size() >= options_.max_depth)) return fail(errc::depth_exceeded);
  out_.push_back('[');
  kinds_.push_back(0);
  need_comma_ = false;
  expect_key_ = false;
  return errc::ok;
}

errc writer::begin_object() {
  if (errc e = before_value(); e != errc::ok) return e;
  if (UJSON_UNLIKELY(kinds_.size() >= options_.max_depth)) return fail(errc::depth_exceeded);
  out_.push_back('{');
  kinds_.push_back(1);
  if (options_.sort_keys) sorted_objects_.push_back(sorted_object{members_.size(), keys_.size(), out_.size()});
  need_comma_ = false;
  expect_key_ = true;
  return errc::ok;
}

errc writer::end_array() {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (UJSON_UNLIKELY(kinds_.empty() || kinds_.back() != 0)) return fail(errc::invalid_writer_call);
  if (need_comma_ && options_.indent > 0) newline_and_indent(kinds_.size() - 1);
  out_.push_back(']');
  kinds_.pop_back();
  after_value();
  return errc::ok;
}

errc writer::end_object() {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (UJSON_UNLIKELY(kinds_.empty() || kinds_.back() == 0 || !expect_key_)) return fail(errc::invalid_writer_call);
  if (options_.sort_keys) {
    const sorted_object object = sorted_objects_.back();
    sorted_objects_.pop_back();
    sort_members(object);
  }
  if (need_comma_ && options_.indent > 0) newline_and_indent(kinds_.size() - 1);
  out_.push_back('}');
  kinds_.pop_back();
  after_value();
  return errc::ok;
}

// Reorders the members of the object that just ended by their raw keys (UTF-8 byte order
// is code point order). Each member's text is "key":value; the separators in front of
// them depend only on position, so they are written afresh. Nested objects were sorted
// when they ended, inside their member's text.
void writer::sort_members(const sorted_object& object) {
  const auto first = members_.begin() + static_cast<std::ptrdiff_t>(object.first_member);
  if (members_.end() - first > 1) {
    members_.back().text_end = out_.size();
    std::stable_sort(first, members_.end(), [this](const member& a, const member& b) {
      return std::string_view(keys_).substr(a.key_offset, a.key_length) <
             std::string_view(keys_).substr(b.key_offset, b.key_length);
    });
    scratch_.clear();
    const std::size_t spaces = kinds_.size() * static_cast<std::size_t>(options_.indent);
    for (auto m = first; m != members_.end(); ++m) {
      if (m != first) scratch_.append(options_.item_separator);
      if (options_.indent > 0) {
        scratch_.push_back('\n');
        scratch_.append(spaces, ' ');
      }
      scratch_.append(out_.data() + m->text_begin, m->text_end - m->text_begin);
    }
    std::memcpy(out_.data() + object.body_start, scratch_.data(), scratch_.size());
  }
  members_.erase(first, members_.end());
  keys_.resize(object.keys_size);
}

}  // namespace ujson
