#pragma once
// The CBOR reader (RFC 8949): one loop over the data items, no recursion; containers of
// definite and indefinite length live on binary_events' stack. Tags are read with the item
// they qualify: 0 and 1 (dates), 2 and 3 (bignums), 55799 (self-described CBOR, a marker).

#include <cmath>
#include <cstring>
#include <string_view>

#include "ujson/detail/binary_events.hpp"

namespace ujson::detail {

// An item's head: major type, additional information and its argument.
struct cbor_head {
  unsigned major;
  unsigned info;
  std::uint64_t argument;  // the value, length or count; unset for info 31 (indefinite)
};

// Reads a head; unexpected_end or invalid_binary (reserved additional information).
inline errc read_cbor_head(byte_cursor& c, cbor_head& h) noexcept {
  if (!c.has(1)) return errc::unexpected_end;
  const unsigned b = c.data[c.pos++];
  h.major = b >> 5;
  h.info = b & 0x1F;
  h.argument = h.info;
  if (h.info < 24) return errc::ok;
  if (h.info >= 28) {
    // 31: indefinite length for strings and containers, the break for major 7.
    const bool indefinite_allowed = h.major == 2 || h.major == 3 || h.major == 4 || h.major == 5 || h.major == 7;
    return h.info == 31 && indefinite_allowed ? errc::ok : errc::invalid_binary;
  }
  const std::size_t width = std::size_t{1} << (h.info - 24);
  if (!c.has(width)) return errc::unexpected_end;
  h.argument = c.be(width);
  return errc::ok;
}

// A byte (major 2) or text (major 3) string whose head is read: a view into the input, or
// for an indefinite-length string its definite chunks joined in `joined`. Text is checked
// chunk by chunk, each of which must be UTF-8 by itself (RFC 8949 3.2.3).
inline errc read_cbor_string(byte_cursor& c, const cbor_head& head, std::string& joined, std::string_view& out,
                             string_origin& origin) {
  const bool text = head.major == 3;
  auto chunk = [&](std::uint64_t n, std::string_view& s) {
    if (!c.has(n)) return errc::unexpected_end;
    s = c.take(n);
    return text && !utf8_valid(s.data(), s.size()) ? errc::invalid_utf8 : errc::ok;
  };
  if (head.info != 31) {
    origin = string_origin::input;
    return chunk(head.argument, out);
  }
  joined.clear();
  for (;;) {
    if (!c.has(1)) return errc::unexpected_end;
    if (c.data[c.pos] == 0xFF) {
      ++c.pos;
      break;
    }
    cbor_head part;
    if (errc e = read_cbor_head(c, part); e != errc::ok) return e;
    if (part.major != head.major || part.info == 31) return errc::invalid_binary;
    std::string_view s;
    if (errc e = chunk(part.argument, s); e != errc::ok) return e;
    joined.append(s);
  }
  out = joined;
  origin = string_origin::scratch;
  return errc::ok;
}

inline double cbor_float(const cbor_head& head) noexcept {
  if (head.info == 25) return half_to_double(static_cast<std::uint16_t>(head.argument));
  if (head.info == 26) {
    const auto bits = static_cast<std::uint32_t>(head.argument);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  double d;
  std::memcpy(&d, &head.argument, 8);
  return d;
}

// Tag 1: seconds since the epoch as an integer or a float, to the nanosecond (rounded).
template <handler H>
errc cbor_epoch(binary_events<H>& ev, const cbor_head& item) {
  if (item.major == 0 || item.major == 1) {
    if (item.argument > static_cast<std::uint64_t>(INT64_MAX)) return errc::unsupported_value;
    const auto n = static_cast<std::int64_t>(item.argument);
    return ev.timestamp(item.major == 0 ? n : -1 - n, 0);
  }
  if (item.major != 7 || item.info < 25 || item.info > 27) return errc::invalid_binary;
  const double d = cbor_float(item);
  if (!std::isfinite(d) || std::fabs(d) > 1e15) return errc::unsupported_value;
  double whole = std::floor(d);
  auto nanoseconds = static_cast<std::int64_t>(std::llround((d - whole) * 1e9));
  if (nanoseconds >= 1'000'000'000) {
    nanoseconds -= 1'000'000'000;
    whole += 1;
  }
  return ev.timestamp(static_cast<std::int64_t>(whole), static_cast<std::uint32_t>(nanoseconds));
}

// Tags 2 and 3: n or -1 - n, n the big-endian bytes; as a 64-bit integer when it fits.
template <handler H>
errc cbor_bignum(binary_events<H>& ev, std::string_view bytes, bool negative) {
  while (!bytes.empty() && bytes.front() == 0) bytes.remove_prefix(1);
  if (bytes.size() <= 8) {
    std::uint64_t n = 0;
    for (char b : bytes) n = n << 8 | static_cast<unsigned char>(b);
    if (!negative) return ev.unsigned_integer(n);
    if (n <= static_cast<std::uint64_t>(INT64_MAX)) return ev.integer(-1 - static_cast<std::int64_t>(n));
  }
  ev.text().clear();
  if (!append_bignum_decimal(bytes, negative, ev.text())) return errc::unsupported_value;
  return ev.big_integer();
}

// One item: its events, or the error that ends the value.
template <handler H>
errc read_cbor_item(binary_events<H>& ev, byte_cursor& c) {
  cbor_head head;
  std::string_view s;
  string_origin origin;
  errc e = read_cbor_head(c, head);
  bool self_described = false;
  while (e == errc::ok && head.major == 6 && head.argument == 55799) {
    e = read_cbor_head(c, head);  // "this is CBOR": qualifies nothing
    self_described = true;
  }
  // A tag qualifies a data item, and a break is none (RFC 8949 Appendix C).
  if (e == errc::ok && self_described && head.major == 7 && head.info == 31) e = errc::invalid_binary;
  if (e == errc::ok) {
    switch (head.major) {
      case 0: e = ev.unsigned_integer(head.argument); break;
      case 1:
        if (head.argument <= static_cast<std::uint64_t>(INT64_MAX)) {
          e = ev.integer(-1 - static_cast<std::int64_t>(head.argument));
        } else {  // down to -2^64
          char bytes[8];
          for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>(head.argument >> (56 - 8 * i));
          e = cbor_bignum(ev, std::string_view(bytes, 8), true);
        }
        break;
      case 2:
        e = read_cbor_string(c, head, ev.joined(), s, origin);
        if (e == errc::ok) e = ev.bytes(s, origin);
        break;
      case 3:
        e = read_cbor_string(c, head, ev.joined(), s, origin);
        if (e == errc::ok) e = ev.string(s, origin);
        break;
      case 4:
      case 5: {
        const bool map = head.major == 5;
        if (head.info == 31) {
          e = ev.open(map, indefinite_items);
        } else if (!c.has(head.argument) || (map && !c.has(2 * head.argument))) {
          e = errc::unexpected_end;  // each item takes a byte at least
        } else {
          e = ev.open(map, map ? 2 * head.argument : head.argument);
        }
        break;
      }
      case 6: {
        if (head.argument > 3) {
          e = errc::unsupported_value;
          break;
        }
        cbor_head item;
        e = read_cbor_head(c, item);
        if (e != errc::ok) break;
        if (head.argument == 1) {
          e = cbor_epoch(ev, item);
        } else if (item.major != (head.argument == 0 ? 3u : 2u)) {
          e = errc::invalid_binary;  // a date string, or a bignum's bytes, must follow
        } else {
          e = read_cbor_string(c, item, ev.joined(), s, origin);
          if (e != errc::ok) break;
          e = head.argument == 0 ? ev.string(s, origin) : cbor_bignum(ev, s, head.argument == 3);
        }
        break;
      }
      default:  // 7
        switch (head.info) {
          case 20: e = ev.boolean(false); break;
          case 21: e = ev.boolean(true); break;
          case 22: e = ev.null(); break;
          case 24: e = head.argument < 32 ? errc::invalid_binary : errc::unsupported_value; break;
          case 25: case 26: case 27: e = ev.floating(cbor_float(head)); break;
          case 31: e = ev.close(); break;
          default: e = errc::unsupported_value; break;  // undefined and the other simple values
        }
        break;
    }
  }
  return e;
}

}  // namespace ujson::detail
