#include "ujson/writer.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>

#include "ujson/detail/number.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/detail/utf8.hpp"
#include "hints.hpp"
#include "string_escape.hpp"

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

// RFC 8785 fixes every choice the other options make; only max_depth is the caller's.
encode_options canonical_form(const encode_options& given) {
  encode_options o;
  o.canonical = true;
  o.max_depth = given.max_depth;
  o.ensure_ascii = false;
  o.escape_forward_slashes = false;
  o.allow_nan = false;
  o.sort_keys = true;  // in UTF-16 order: sort_members
  return o;
}

// UTF-16 code unit order of two valid UTF-8 strings. UTF-8 byte order is code point order,
// which differs from it in one place only: U+E000..U+FFFF (lead bytes EE, EF) come after
// the supplementary planes (lead bytes F0..F4) in UTF-16, whose surrogates D800..DBFF
// precede them. The first differing bytes are both lead bytes or both continuation bytes
// of sequences of one length (the equal prefix ends on the same boundaries), so ranking EE
// and EF above F4 is all it takes.
bool utf16_less(std::string_view a, std::string_view b) {
  const auto [pa, pb] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
  if (pb == b.end()) return false;  // b is a prefix of a, or equal to it
  if (pa == a.end()) return true;
  const auto rank = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u == 0xEE || u == 0xEF ? u + 0x10 : static_cast<unsigned>(u);
  };
  return rank(*pa) < rank(*pb);
}

// Whether ECMAScript number text (format_ecmascript's: "-1152921504606847000",
// "1.1805916207174113e+21") denotes the integer whose magnitude has the decimal `digits`:
// its significant digits, then as many zeros as its exponent leaves.
bool denotes_integer(std::string_view es, std::string_view digits) {
  if (!es.empty() && es[0] == '-') es.remove_prefix(1);
  const std::size_t e = es.find('e');
  if (e == std::string_view::npos) return es == digits;
  const std::string_view mantissa = es.substr(0, e);  // "d" or "d.ddd"
  int exponent = 0;
  std::from_chars(es.data() + e + 1 + (es[e + 1] == '+'), es.data() + es.size(), exponent);
  const int after_point = mantissa.size() > 1 ? static_cast<int>(mantissa.size()) - 2 : 0;
  if (exponent < after_point) return false;  // a fraction
  std::string whole;
  for (char c : mantissa) {
    if (c != '.') whole += c;
  }
  whole.append(static_cast<std::size_t>(exponent - after_point), '0');
  return whole == digits;
}

// Valid UTF-8 but for lone surrogates (WTF-8, as decode_options::allow_lone_surrogates
// makes them): tells a lone surrogate from bytes that are no text at all.
bool valid_wtf8(std::string_view s) {
  const char* p = s.data();
  const char* const end = p + s.size();
  while (p != end) {
    if (static_cast<unsigned char>(*p) < 0x80) {
      ++p;
      continue;
    }
    const std::size_t n = detail::utf8_sequence_length(p, end, true);
    if (n == 0) return false;
    p += n;
  }
  return true;
}

}  // namespace

// The string copies for callers that do not see their definition (writer.hpp's put_string,
// inlined in users' code through raw_cursor::string).
template char* writer::put_string_as<true, false>(char*, const char*, const char*, bool) const;
template char* writer::put_string_as<false, false>(char*, const char*, const char*, bool) const;
template char* writer::put_string_as<true, true>(char*, const char*, const char*, bool) const;
template char* writer::put_string_as<false, true>(char*, const char*, const char*, bool) const;

encode_options& encode_options::normalize() {
  if (canonical) *this = canonical_form(*this);
  indent = std::clamp(indent, 0, max_indent);
  if (double_precision < 0) double_precision = shortest_round_trip;
  double_precision = std::min(double_precision, max_double_precision);
  if (item_separator.empty()) item_separator = ",";
  if (key_separator.empty()) key_separator = indent > 0 ? ": " : ":";
  return *this;
}

writer::writer(buffer& sink, const encode_options& options) : writer(options) {
  out_ = std::move(sink);
  sink_ = &sink;
}

writer::~writer() {
  if (sink_ != nullptr) *sink_ = std::move(out_);
}

writer::writer(const encode_options& options) : options_(options) {
  options_.normalize();
  canonical_ = options_.canonical;
  check_utf8_ = !options_.trusted_utf8;
  default_separators_ = options_.item_separator == "," && options_.key_separator == (options_.indent > 0 ? ": " : ":");
  plain_compact_ = default_separators_ && options_.indent == 0 && !options_.sort_keys;

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
  pass_non_ascii_ = !options_.ensure_ascii && !options_.allow_lone_surrogates;
  extra_escapes_ = options_.escape_forward_slashes || options_.encode_html_chars;
  for (int c = 0; c < 256; ++c) stops_[c] = c >= 0x80 ? !pass_non_ascii_ : escapes_[c].length != 0;
  const char optional[4] = {options_.escape_forward_slashes ? '/' : '"', options_.encode_html_chars ? '<' : '"',
                            options_.encode_html_chars ? '>' : '"', options_.encode_html_chars ? '&' : '"'};
  for (int i = 0; i < 4; ++i) std::memset(optional_escapes_[i], optional[i], 16);
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

errc writer::number_slow(double v) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (errc e = write_double(v); e != errc::ok) return fail(e);
  after_value();
  return errc::ok;
}

errc writer::write_double(double v) {
  if (UJSON_UNLIKELY(canonical_)) return write_canonical_double(v);
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
  if (UJSON_UNLIKELY(canonical_)) {
    if (errc e = write_canonical_raw(text); e != errc::ok) return fail(e);
  } else {
    out_.append(text);
  }
  after_value();
  return errc::ok;
}

errc writer::write_canonical_double(double v) {
  if (!std::isfinite(v)) return errc::not_canonicalizable;
  char* out = out_.reserve(detail::max_double_chars);
  out_.commit(out + detail::format_ecmascript(v, out));
  return errc::ok;
}

errc writer::canonical_integer(bool negative, std::uint64_t magnitude) {
  constexpr std::uint64_t two53 = 1ULL << 53;
  if (magnitude <= two53) {
    // A double holds it, and its shortest digits are the integer's own: written as is.
    char* out = out_.reserve(21);
    *out = '-';
    out_.commit(detail::format_uint(magnitude, out + negative));
  } else {
    char digits[20];
    const std::string_view text(digits, static_cast<std::size_t>(detail::format_uint(magnitude, digits) - digits));
    const double d = static_cast<double>(magnitude);  // the nearest double
    const bool exact = (magnitude >> std::countr_zero(magnitude)) < two53;  // 53 significant bits at most
    if (errc e = write_canonical_big_integer(text, negative ? -d : d, exact); e != errc::ok) return fail(e);
  }
  after_value();
  return errc::ok;
}

// Number text of unknown precision (the decoder's big numbers; an adapter's raw text): only
// an integer goes, by the rule of write_canonical_big_integer. A decimal cannot be told from
// its rounding, so it is refused with everything else.
errc writer::write_canonical_raw(std::string_view text) {
  const std::size_t sign = !text.empty() && text[0] == '-';
  const bool integer = text.size() > sign && std::all_of(text.begin() + static_cast<std::ptrdiff_t>(sign), text.end(),
                                                          [](char c) { return c >= '0' && c <= '9'; });
  // 309 digits and a sign: DBL_MAX's integer part; longer text is no double.
  char exact[320];
  if (!integer || text.size() > sizeof exact) return errc::not_canonicalizable;
  double d = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec != std::errc() || end != text.data() + text.size()) return errc::not_canonicalizable;
  // Exact when the double's decimal value ("%.0f") is the text.
  const auto printed = std::to_chars(exact, exact + sizeof exact, d, std::chars_format::fixed, 0);
  const bool is_exact =
      printed.ec == std::errc() && std::string_view(exact, static_cast<std::size_t>(printed.ptr - exact)) == text;
  return write_canonical_big_integer(text.substr(sign), d, is_exact);
}

// An integer a double may not hold: `digits` its magnitude in decimal, `d` the double
// nearest to it (signed), `exact` whether d is the integer. Written as JavaScript writes d
// when d is the integer (2^60 = 1152921504606846976 as 1152921504606847000) or when that
// text is the integer itself (1152921504606847000 as 1152921504606847000, so canonical
// output reads back as itself); any other integer would come out as another number
// (9007199254740993 as 9007199254740992): not_canonicalizable.
errc writer::write_canonical_big_integer(std::string_view digits, double d, bool exact) {
  char* out = out_.reserve(detail::max_double_chars);
  const std::size_t n = detail::format_ecmascript(d, out);
  if (!exact && !denotes_integer(std::string_view(out, n), digits)) return errc::not_canonicalizable;
  out_.commit(out + n);
  return errc::ok;
}

// As key_slow, for string().
errc writer::string_slow(std::string_view s) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (errc e = write_string(s); e != errc::ok) return fail(e);
  after_value();
  return errc::ok;
}

errc writer::write_string(std::string_view s) {
  // Worst case per input byte: a control character as \u00XX (6 bytes); a 4-byte UTF-8
  // sequence becomes a 12-byte surrogate-pair escape (3 per byte).
  if (s.size() > max_string_input) return errc::out_of_memory;
  char* const out = put_string(out_.reserve(s.size() * 6 + 2), s);
  if (out == nullptr) {
    // RFC 8785 has no form for a lone surrogate (it is no Unicode text); other options
    // write it as an escape when allow_lone_surrogates is on.
    if (canonical_ && valid_wtf8(s)) return errc::not_canonicalizable;
    return errc::invalid_utf8;
  }
  out_.commit(out);
  return errc::ok;
}

// A run of non-ASCII text, sequence by sequence, without going back to the block scan
// between characters (words of Arabic or CJK text are such runs).
const char* writer::put_non_ascii(const char* p, const char* end, char*& out) const {
  if (options_.ensure_ascii) {
    // Runs of two-byte sequences (U+0080..U+07FF: Arabic, Cyrillic, Greek, Hebrew, accented
    // Latin) are what escaped non-ASCII text is mostly made of. A lead byte C2..DF and a
    // continuation byte are the whole of UTF-8's rule for them, so they are checked and
    // decoded here without the general sequence reader.
    while (end - p >= 2) {
      const auto lead = static_cast<unsigned char>(p[0]);
      const auto next = static_cast<unsigned char>(p[1]);
      if (lead < 0xC2 || lead > 0xDF || (next & 0xC0) != 0x80) break;
      out = write_u_escape(out, (static_cast<std::uint32_t>(lead & 0x1F) << 6) | (next & 0x3F));
      p += 2;
    }
    if (p == end || static_cast<unsigned char>(*p) < 0x80) return p;
  }
  do {
    const std::size_t n = detail::utf8_sequence_length(p, end, options_.allow_lone_surrogates);
    if (n == 0) return nullptr;
    const std::uint32_t cp = detail::utf8_decode(p, n);
    const bool surrogate = cp >= 0xD800 && cp <= 0xDFFF;
    if (options_.ensure_ascii || (surrogate && !options_.raw_lone_surrogates)) {
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
  return p;
}

// Every key the inline path of key() does not take, and its failures (invalid UTF-8,
// a size beyond max_string_input), which write_string reports with their error code.
errc writer::key_slow(std::string_view s) {
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

errc writer::begin_array_slow() {
  if (errc e = before_value(); e != errc::ok) return e;
  if (UJSON_UNLIKELY(kinds_.size() >= options_.max_depth)) return fail(errc::depth_exceeded);
  out_.push_back('[');
  kinds_.push_back(0);
  need_comma_ = false;
  expect_key_ = false;
  return errc::ok;
}

errc writer::begin_object_slow() {
  if (errc e = before_value(); e != errc::ok) return e;
  if (UJSON_UNLIKELY(kinds_.size() >= options_.max_depth)) return fail(errc::depth_exceeded);
  out_.push_back('{');
  kinds_.push_back(1);
  if (options_.sort_keys) sorted_objects_.push_back(sorted_object{members_.size(), keys_.size(), out_.size()});
  need_comma_ = false;
  expect_key_ = true;
  return errc::ok;
}

errc writer::end_array_slow() {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (UJSON_UNLIKELY(kinds_.empty() || kinds_.back() != 0)) return fail(errc::invalid_writer_call);
  if (need_comma_ && options_.indent > 0) newline_and_indent(kinds_.size() - 1);
  out_.push_back(']');
  kinds_.pop_back();
  after_value();
  return errc::ok;
}

errc writer::end_object_slow() {
  if (UJSON_UNLIKELY(status_ != errc::ok)) return status_;
  if (UJSON_UNLIKELY(kinds_.empty() || kinds_.back() == 0 || !expect_key_)) return fail(errc::invalid_writer_call);
  if (options_.sort_keys) {
    const sorted_object object = sorted_objects_.back();
    sorted_objects_.pop_back();
    if (errc e = sort_members(object); UJSON_UNLIKELY(e != errc::ok)) return fail(e);
  }
  if (need_comma_ && options_.indent > 0) newline_and_indent(kinds_.size() - 1);
  out_.push_back('}');
  kinds_.pop_back();
  after_value();
  return errc::ok;
}

char* writer::raw_cursor::number(char* o, double d, std::size_t after) {
  w_.out_.commit(o);
  if (errc e = w_.write_double(d); e != errc::ok) {
    w_.fail(e);
    return nullptr;
  }
  return w_.out_.reserve_run(after, limit_);
}

char* writer::raw_cursor::refill(char* o, std::size_t n) {
  w_.out_.commit(o);
  return w_.out_.reserve_run(n, limit_);
}

// Reorders the members of the object that just ended by their raw keys (UTF-8 byte order
// is code point order; canonical output wants UTF-16 order, and no duplicates). Each
// member's text is "key":value; the separators in front of them depend only on position,
// so they are written afresh. Nested objects were sorted when they ended, inside their
// member's text.
errc writer::sort_members(const sorted_object& object) {
  const auto first = members_.begin() + static_cast<std::ptrdiff_t>(object.first_member);
  errc result = errc::ok;
  if (members_.end() - first > 1) {
    members_.back().text_end = out_.size();
    const auto key_of = [this](const member& m) { return std::string_view(keys_).substr(m.key_offset, m.key_length); };
    if (canonical_) {
      std::stable_sort(first, members_.end(),
                       [&](const member& a, const member& b) { return utf16_less(key_of(a), key_of(b)); });
      // Sorted, equal keys are neighbours.
      const auto same = [&](const member& a, const member& b) { return key_of(a) == key_of(b); };
      if (std::adjacent_find(first, members_.end(), same) != members_.end()) result = errc::duplicate_key;
    } else {
      std::stable_sort(first, members_.end(), [&](const member& a, const member& b) { return key_of(a) < key_of(b); });
    }
  }
  if (members_.end() - first > 1 && result == errc::ok) {
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
  return result;
}

}  // namespace ujson
