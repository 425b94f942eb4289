// skip_binary_value: where a MessagePack or CBOR value ends, from its framing alone (heads,
// lengths, counts, breaks), so that a sequence can go on past a value the reader refused
// for what it holds. No events, no text, no recursion.

#include <cstdint>
#include <vector>

#include "ujson/binary_reader.hpp"

namespace ujson {
namespace {

using detail::byte_cursor;

// MessagePack: one count of items still to come is enough, since every container's length
// is given up front and its items follow it in order.
errc skip_msgpack(byte_cursor& c, std::size_t& at) {
  std::uint64_t pending = 1;
  auto length = [&](std::size_t width, std::uint64_t extra = 0) {
    if (!c.has(width)) return errc::unexpected_end;
    const std::uint64_t n = c.be(width) + extra;
    if (!c.has(n)) return errc::unexpected_end;
    c.pos += static_cast<std::size_t>(n);
    return errc::ok;
  };
  auto bytes = [&](std::uint64_t n) {
    if (!c.has(n)) return errc::unexpected_end;
    c.pos += static_cast<std::size_t>(n);
    return errc::ok;
  };
  while (pending > 0) {
    // Each item takes a byte at least: a count that promises more than is left is cut short.
    if (!c.has(pending)) return errc::unexpected_end;
    at = c.pos;
    const unsigned b = c.data[c.pos++];
    --pending;
    errc e = errc::ok;
    if (b <= 0x7F || b >= 0xE0 || b == 0xC0 || b == 0xC2 || b == 0xC3) {
      // fixints, nil, false, true: the byte is the item
    } else if (b <= 0x8F) {
      pending += 2 * (b & 0x0F);
    } else if (b <= 0x9F) {
      pending += b & 0x0F;
    } else if (b <= 0xBF) {
      e = bytes(b & 0x1F);
    } else if (b == 0xC1) {
      e = errc::invalid_binary;  // never used
    } else if (b <= 0xC6) {
      e = length(std::size_t{1} << (b - 0xC4));  // bin 8, 16, 32
    } else if (b <= 0xC9) {
      e = length(std::size_t{1} << (b - 0xC7), 1);  // ext 8, 16, 32: and the type byte
    } else if (b <= 0xCB) {
      e = bytes(b == 0xCA ? 4 : 8);
    } else if (b <= 0xD3) {
      e = bytes(std::uint64_t{1} << ((b - 0xCC) & 3));  // (u)int 8..64
    } else if (b <= 0xD8) {
      e = bytes(1 + (std::uint64_t{1} << (b - 0xD4)));  // fixext: the type byte and 1..16
    } else if (b <= 0xDB) {
      e = length(std::size_t{1} << (b - 0xD9));  // str 8, 16, 32
    } else {
      const std::size_t width = std::size_t{2} << ((b - 0xDC) & 1);  // array/map 16, 32
      if (!c.has(width)) return errc::unexpected_end;
      const std::uint64_t n = c.be(width);
      pending += b >= 0xDE ? 2 * n : n;
    }
    if (e != errc::ok) return e;
  }
  return errc::ok;
}

// CBOR, well-formed as RFC 8949 Appendix C defines it. A definite container's items are
// counted into the innermost definite frame (as for MessagePack); a frame is pushed only
// for an indefinite container, or a definite one directly inside it.
struct cbor_frame {
  std::uint64_t left;  // definite: items to come
  bool indefinite;
  bool map;
  bool key_read;       // indefinite map: a key without its value so far
};

// Indefinite nesting beyond this is not followed: the rest of the body is not split.
constexpr std::size_t max_indefinite_nesting = 65536;

errc skip_cbor(byte_cursor& c, std::size_t& at, std::vector<cbor_frame>& stack) {
  stack.assign(1, cbor_frame{1, false, false, false});
  for (;;) {
    while (!stack.empty() && !stack.back().indefinite && stack.back().left == 0) stack.pop_back();
    if (stack.empty()) return errc::ok;
    cbor_frame& top = stack.back();
    if (!c.has(top.indefinite ? 1 : top.left)) return errc::unexpected_end;
    at = c.pos;
    if (top.indefinite && c.data[c.pos] == 0xFF) {
      if (top.key_read) return errc::invalid_binary;  // a key without its value
      ++c.pos;
      stack.pop_back();
      continue;
    }
    detail::cbor_head head;
    errc e = detail::read_cbor_head(c, head);
    while (e == errc::ok && head.major == 6) e = detail::read_cbor_head(c, head);  // a tag qualifies the next item
    if (e != errc::ok) return e;
    if (head.major == 7 && head.info == 31) return errc::invalid_binary;  // a break where an item is due
    if (head.major == 7 && head.info == 24 && head.argument < 32) return errc::invalid_binary;  // RFC 8949 3.3
    if (top.indefinite) {
      if (top.map) top.key_read = !top.key_read;
    } else {
      --top.left;
    }
    if (head.major == 2 || head.major == 3) {
      if (head.info != 31) {
        if (!c.has(head.argument)) return errc::unexpected_end;
        c.pos += static_cast<std::size_t>(head.argument);
        continue;
      }
      // Indefinite string: definite chunks of the same major type, up to a break.
      for (;;) {
        if (!c.has(1)) return errc::unexpected_end;
        at = c.pos;
        if (c.data[c.pos] == 0xFF) {
          ++c.pos;
          break;
        }
        detail::cbor_head chunk;
        if ((e = detail::read_cbor_head(c, chunk)) != errc::ok) return e;
        if (chunk.major != head.major || chunk.info == 31) return errc::invalid_binary;
        if (!c.has(chunk.argument)) return errc::unexpected_end;
        c.pos += static_cast<std::size_t>(chunk.argument);
      }
      continue;
    }
    if (head.major != 4 && head.major != 5) continue;  // integers, simple values, floats: the head is the item
    const bool map = head.major == 5;
    if (head.info == 31 || top.indefinite) {
      if (stack.size() >= max_indefinite_nesting) return errc::depth_exceeded;
    }
    if (head.info == 31) {
      stack.push_back(cbor_frame{0, true, map, false});
      continue;
    }
    if (!c.has(head.argument) || (map && !c.has(2 * head.argument))) return errc::unexpected_end;
    const std::uint64_t n = map ? 2 * head.argument : head.argument;
    if (stack.back().indefinite) {
      stack.push_back(cbor_frame{n, false, false, false});
    } else {
      stack.back().left += n;
    }
  }
}

}  // namespace

error skip_binary_value(binary_format format, std::string_view input, std::size_t& offset) {
  byte_cursor c{reinterpret_cast<const unsigned char*>(input.data()), input.size(), offset};
  if (!c.has(1)) return detail::make_error(input, errc::empty_input, c.pos);
  std::size_t at = offset;
  errc e;
  if (format == binary_format::msgpack) {
    e = skip_msgpack(c, at);
  } else {
    std::vector<cbor_frame> stack;
    e = skip_cbor(c, at, stack);
  }
  if (e != errc::ok) return detail::make_error(input, e, e == errc::unexpected_end ? input.size() : at);
  offset = c.pos;
  return error{};
}

}  // namespace ujson
