#pragma once
// The MessagePack reader (https://github.com/msgpack/msgpack/blob/master/spec.md): one
// loop over the items, no recursion; containers live on binary_events' stack.

#include <cstring>
#include <string_view>

#include "ujson/detail/binary_events.hpp"

namespace ujson::detail {

// One ext value: the timestamp (-1) and Fluent Bit's EventTime (0) are dates; any other
// type has no JSON form.
template <handler H>
errc msgpack_ext(binary_events<H>& ev, std::int8_t type, std::string_view data) {
  byte_cursor c{reinterpret_cast<const unsigned char*>(data.data()), data.size(), 0};
  if (type == 0 && data.size() == 8) {  // EventTime: u32 seconds, u32 nanoseconds
    const std::uint64_t seconds = c.be(4);
    const std::uint64_t nanoseconds = c.be(4);
    if (nanoseconds >= 1'000'000'000) return errc::invalid_binary;
    return ev.timestamp(static_cast<std::int64_t>(seconds), static_cast<std::uint32_t>(nanoseconds));
  }
  if (type != -1) return errc::unsupported_value;
  std::int64_t seconds;
  std::uint64_t nanoseconds = 0;
  if (data.size() == 4) {  // timestamp 32: u32 seconds
    seconds = static_cast<std::int64_t>(c.be(4));
  } else if (data.size() == 8) {  // timestamp 64: 30 bits of nanoseconds, 34 of seconds
    const std::uint64_t v = c.be(8);
    nanoseconds = v >> 34;
    seconds = static_cast<std::int64_t>(v & 0x3'FFFF'FFFF);
  } else if (data.size() == 12) {  // timestamp 96: u32 nanoseconds, i64 seconds
    nanoseconds = c.be(4);
    seconds = static_cast<std::int64_t>(c.be(8));
  } else {
    return errc::invalid_binary;
  }
  if (nanoseconds >= 1'000'000'000) return errc::invalid_binary;
  return ev.timestamp(seconds, static_cast<std::uint32_t>(nanoseconds));
}

// One item: its events, or the error that ends the value.
template <handler H>
errc read_msgpack_item(binary_events<H>& ev, byte_cursor& c) {
  errc e = errc::ok;
  // Lengths and counts: the bytes must be there (a container's items take a byte each at
  // least, so a count cannot promise more than the input holds).
  auto length = [&](std::size_t width, std::uint64_t& n) {
    if (!c.has(width)) return false;
    n = c.be(width);
    return c.has(n);
  };
  auto str = [&](std::uint64_t n) {
    const std::string_view s = c.take(n);
    return utf8_valid(s.data(), s.size()) ? ev.string(s, string_origin::input) : errc::invalid_utf8;
  };
  auto ext = [&](std::uint64_t n) {
    if (!c.has(n + 1)) return errc::unexpected_end;
    const auto type = static_cast<std::int8_t>(c.be(1));
    return msgpack_ext(ev, type, c.take(n));
  };
  std::uint64_t n = 0;
  if (!c.has(1)) {
    e = errc::unexpected_end;
  } else if (const unsigned b = c.data[c.pos++]; b <= 0x7F) {
    e = ev.integer(b);
  } else if (b >= 0xE0) {
    e = ev.integer(static_cast<std::int8_t>(b));
  } else if (b <= 0x8F) {
    e = c.has(2 * (b & 0x0F)) ? ev.open(true, 2 * (b & 0x0F)) : errc::unexpected_end;
  } else if (b <= 0x9F) {
    e = c.has(b & 0x0F) ? ev.open(false, b & 0x0F) : errc::unexpected_end;
  } else if (b <= 0xBF) {
    e = c.has(b & 0x1F) ? str(b & 0x1F) : errc::unexpected_end;
  } else {
    switch (b) {
      case 0xC0: e = ev.null(); break;
      case 0xC1: e = errc::invalid_binary; break;  // never used
      case 0xC2: e = ev.boolean(false); break;
      case 0xC3: e = ev.boolean(true); break;
      case 0xC4: case 0xC5: case 0xC6: {  // bin 8, 16, 32
        e = length(std::size_t{1} << (b - 0xC4), n) ? ev.bytes(c.take(n), string_origin::input) : errc::unexpected_end;
        break;
      }
      case 0xC7: case 0xC8: case 0xC9: {  // ext 8, 16, 32
        const std::size_t width = std::size_t{1} << (b - 0xC7);
        e = c.has(width) ? ext(c.be(width)) : errc::unexpected_end;
        break;
      }
      case 0xCA: {
        if (!c.has(4)) { e = errc::unexpected_end; break; }
        const auto bits = static_cast<std::uint32_t>(c.be(4));
        float f;
        std::memcpy(&f, &bits, 4);
        e = ev.floating(f);
        break;
      }
      case 0xCB: {
        if (!c.has(8)) { e = errc::unexpected_end; break; }
        const std::uint64_t bits = c.be(8);
        double d;
        std::memcpy(&d, &bits, 8);
        e = ev.floating(d);
        break;
      }
      case 0xCC: case 0xCD: case 0xCE: case 0xCF: {  // uint 8..64
        const std::size_t width = std::size_t{1} << (b - 0xCC);
        e = c.has(width) ? ev.unsigned_integer(c.be(width)) : errc::unexpected_end;
        break;
      }
      case 0xD0: case 0xD1: case 0xD2: case 0xD3: {  // int 8..64: sign-extend
        const std::size_t width = std::size_t{1} << (b - 0xD0);
        if (!c.has(width)) { e = errc::unexpected_end; break; }
        const std::uint64_t raw = c.be(width);
        const unsigned shift = 64 - 8 * static_cast<unsigned>(width);
        e = ev.integer(static_cast<std::int64_t>(raw << shift) >> shift);
        break;
      }
      case 0xD4: case 0xD5: case 0xD6: case 0xD7: case 0xD8:  // fixext 1..16
        e = ext(std::uint64_t{1} << (b - 0xD4));
        break;
      case 0xD9: case 0xDA: case 0xDB:  // str 8, 16, 32
        e = length(std::size_t{1} << (b - 0xD9), n) ? str(n) : errc::unexpected_end;
        break;
      case 0xDC: case 0xDD:  // array 16, 32
        e = length(std::size_t{2} << (b - 0xDC), n) ? ev.open(false, n) : errc::unexpected_end;
        break;
      default: {  // 0xDE, 0xDF: map 16, 32
        const std::size_t width = std::size_t{2} << (b - 0xDE);
        e = length(width, n) && c.has(2 * n) ? ev.open(true, 2 * n) : errc::unexpected_end;
        break;
      }
    }
  }
  return e;
}

}  // namespace ujson::detail
