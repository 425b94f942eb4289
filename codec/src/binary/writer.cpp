#include "ujson/binary_writer.hpp"

#include <bit>
#include <cmath>

#include "ujson/detail/binary_text.hpp"
#include "ujson/detail/utf8.hpp"

namespace ujson {
namespace {

// CBOR's major types; MessagePack's heads are chosen by the same names.
enum major : unsigned { unsigned_int = 0, negative_int = 1, byte_string = 2, text_string = 3, array = 4, map = 5, tag = 6 };

}  // namespace

binary_writer::binary_writer(binary_format format, const encode_options& options)
    : format_(format), options_(options) {}

void binary_writer::reset() noexcept {
  out_.clear();
  body_.clear();
  headers_.clear();
  open_.clear();
  wrote_ = false;
  status_ = errc::ok;
}

void binary_writer::put_be(std::string& to, std::uint64_t v, unsigned bytes) {
  for (unsigned i = bytes; i-- > 0;) to.push_back(static_cast<char>(v >> (8 * i)));
}

void binary_writer::put_head(std::string& to, unsigned kind, std::uint64_t n) {
  if (format_ == binary_format::cbor) {
    const auto first = static_cast<char>(kind << 5);
    if (n < 24) {
      to.push_back(static_cast<char>(first | static_cast<char>(n)));
    } else {
      const unsigned width = n <= 0xFF ? 1 : n <= 0xFFFF ? 2 : n <= 0xFFFF'FFFF ? 4 : 8;
      to.push_back(static_cast<char>(first | static_cast<char>(24 + std::countr_zero(width))));
      put_be(to, n, width);
    }
    return;
  }
  // MessagePack: fix forms, then 16 and 32 bits (containers) or 8 to 64 (unsigned).
  if (kind == array || kind == map) {
    const unsigned fix = kind == array ? 0x90 : 0x80, wide = kind == array ? 0xDC : 0xDE;
    if (n < 16) {
      to.push_back(static_cast<char>(fix | n));
    } else if (n <= 0xFFFF) {
      to.push_back(static_cast<char>(wide));
      put_be(to, n, 2);
    } else {
      to.push_back(static_cast<char>(wide + 1));
      put_be(to, n, 4);
    }
    return;
  }
  // kind == unsigned_int
  if (n < 128) {
    to.push_back(static_cast<char>(n));
  } else {
    const unsigned width = n <= 0xFF ? 1 : n <= 0xFFFF ? 2 : n <= 0xFFFF'FFFF ? 4 : 8;
    to.push_back(static_cast<char>(0xCC + std::countr_zero(width)));
    put_be(to, n, width);
  }
}

void binary_writer::put_string_head(std::string& to, std::size_t n) {
  if (format_ == binary_format::cbor) return put_head(to, text_string, n);
  if (n < 32) {
    to.push_back(static_cast<char>(0xA0 | n));
  } else {
    const unsigned width = n <= 0xFF ? 1 : n <= 0xFFFF ? 2 : 4;
    to.push_back(static_cast<char>(0xD9 + std::countr_zero(width)));
    put_be(to, n, width);
  }
}

errc binary_writer::before_value() {
  if (status_ != errc::ok) return status_;
  if (!open_.empty() && open_.back().map && open_.back().expect_key) return fail(errc::invalid_writer_call);
  return errc::ok;
}

void binary_writer::after_value() {
  if (!open_.empty()) {
    open_container& c = open_.back();
    ++headers_[c.header].count;
    if (c.map) c.expect_key = true;
    return;
  }
  // A top-level value is complete: put the headers in, in order, and hand it out.
  wrote_ = true;
  std::size_t from = 0;
  for (const pending_header& h : headers_) {
    out_.append(body_, from, h.at - from);
    put_head(out_, h.map ? map : array, h.count);
    from = h.at;
  }
  out_.append(body_, from, std::string::npos);
  body_.clear();
  headers_.clear();
}

errc binary_writer::null() {
  if (errc e = before_value(); e != errc::ok) return e;
  body_.push_back(format_ == binary_format::cbor ? '\xF6' : '\xC0');
  after_value();
  return errc::ok;
}

errc binary_writer::boolean(bool v) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (format_ == binary_format::cbor) {
    body_.push_back(v ? '\xF5' : '\xF4');
  } else {
    body_.push_back(v ? '\xC3' : '\xC2');
  }
  after_value();
  return errc::ok;
}

errc binary_writer::uint64(std::uint64_t v) {
  if (errc e = before_value(); e != errc::ok) return e;
  put_head(body_, unsigned_int, v);
  after_value();
  return errc::ok;
}

errc binary_writer::int64(std::int64_t v) {
  if (v >= 0) return uint64(static_cast<std::uint64_t>(v));
  if (errc e = before_value(); e != errc::ok) return e;
  if (format_ == binary_format::cbor) {
    put_head(body_, negative_int, ~static_cast<std::uint64_t>(v));  // -1 - v
  } else if (v >= -32) {
    body_.push_back(static_cast<char>(v));  // negative fixint
  } else {
    const unsigned width = v >= INT8_MIN ? 1 : v >= INT16_MIN ? 2 : v >= INT32_MIN ? 4 : 8;
    body_.push_back(static_cast<char>(0xD0 + std::countr_zero(width)));
    put_be(body_, static_cast<std::uint64_t>(v), width);
  }
  after_value();
  return errc::ok;
}

errc binary_writer::number(double v) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (!std::isfinite(v) && !options_.allow_nan) return fail(errc::nan_or_infinity);
  // Always 64 bits: exact, and what python3-msgpack and cbor2 write for a float.
  body_.push_back(format_ == binary_format::cbor ? '\xFB' : '\xCB');
  put_be(body_, std::bit_cast<std::uint64_t>(v), 8);
  after_value();
  return errc::ok;
}

errc binary_writer::raw_number(std::string_view text) {
  if (errc e = before_value(); e != errc::ok) return e;
  bool negative = false;
  if (format_ != binary_format::cbor || !detail::decimal_to_bignum(text, bignum_, negative)) {
    return fail(errc::unsupported_value);
  }
  if (bignum_.size() <= 8) {  // -2^64 <= v < -2^63 (or a big number that fits after all)
    std::uint64_t n = 0;
    for (char b : bignum_) n = n << 8 | static_cast<unsigned char>(b);
    put_head(body_, negative ? negative_int : unsigned_int, n);
  } else {
    put_head(body_, tag, negative ? 3 : 2);
    put_head(body_, byte_string, bignum_.size());
    body_.append(bignum_);
  }
  after_value();
  return errc::ok;
}

errc binary_writer::string(std::string_view s) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (!detail::utf8_valid(s.data(), s.size())) return fail(errc::invalid_utf8);
  if (s.size() > UINT32_MAX) return fail(errc::unsupported_value);
  put_string_head(body_, s.size());
  body_.append(s);
  after_value();
  return errc::ok;
}

errc binary_writer::key(std::string_view s) {
  if (status_ != errc::ok) return status_;
  if (open_.empty() || !open_.back().map || !open_.back().expect_key) return fail(errc::invalid_writer_call);
  if (!detail::utf8_valid(s.data(), s.size())) return fail(errc::invalid_utf8);
  if (s.size() > UINT32_MAX) return fail(errc::unsupported_value);
  put_string_head(body_, s.size());
  body_.append(s);
  open_.back().expect_key = false;
  return errc::ok;
}

errc binary_writer::begin(bool is_map) {
  if (errc e = before_value(); e != errc::ok) return e;
  if (open_.size() >= options_.max_depth) return fail(errc::depth_exceeded);
  headers_.push_back(pending_header{body_.size(), 0, is_map});
  open_.push_back(open_container{headers_.size() - 1, is_map, is_map});
  return errc::ok;
}

errc binary_writer::end(bool is_map) {
  if (status_ != errc::ok) return status_;
  if (open_.empty() || open_.back().map != is_map || (is_map && !open_.back().expect_key)) {
    return fail(errc::invalid_writer_call);
  }
  // MessagePack counts in 32 bits (CBOR has 64).
  if (format_ == binary_format::msgpack && headers_[open_.back().header].count > UINT32_MAX) {
    return fail(errc::unsupported_value);
  }
  open_.pop_back();
  after_value();
  return errc::ok;
}

errc binary_writer::begin_array() { return begin(false); }
errc binary_writer::end_array() { return end(false); }
errc binary_writer::begin_object() { return begin(true); }
errc binary_writer::end_object() { return end(true); }

}  // namespace ujson
