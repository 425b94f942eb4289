#pragma once
// The structural index: the decoder's stage 1 (SIMD, one kernel per instruction set, chosen
// with the others in detail/kernels.hpp) writes the offset of every token of the input into
// one array, and its stage 2 (detail/index_walk.hpp) walks that array with the grammar.
//
// Tokens are the structural characters outside strings, both quotes of every string, and
// the first byte of every other run of bytes outside strings (numbers and literals; any
// other such run is an error stage 2 reports). A string's closing quote carries
// `escaped_string_end` when the string holds a backslash, so that stage 2 copies only
// those; every other string is the bytes between its two entries. The last entry is the
// input's size, as if the end were a token.
//
// Stage 1 answers false when the input has invalid UTF-8, a control character inside a
// string or outside whitespace, or ends inside a string: those inputs go to the
// byte-at-a-time decoder, which reports the exact error. Nothing is emitted before that
// answer, so a handler never sees an event twice.
//
// Declarations only: the kernels live in files compiled for their instruction sets and see
// no inline function of the project's (see recognize_avx2.cpp); the buffer grows out of line.

#include <cstddef>
#include <cstdint>

namespace ujson::detail {

// Offsets are 31 bits: longer inputs take the byte-at-a-time decoder.
inline constexpr std::uint32_t escaped_string_end = std::uint32_t{1} << 31;
inline constexpr std::size_t max_indexed_size = escaped_string_end - 1;

// Room stage 1 wants before each 64-byte block: it writes offsets in groups (eight, or
// sixteen with AVX-512) whose lanes past the block's last token are garbage, so a block
// may write 64 entries, and the final entry needs one more.
inline constexpr std::size_t index_block_room = 72;

class index_buffer {
 public:
  index_buffer() = default;
  index_buffer(const index_buffer&) = delete;
  index_buffer& operator=(const index_buffer&) = delete;
  ~index_buffer();

  // Out of line, like grow(): the kernel files call them and must not compile their own
  // copies of a shared inline function.
  std::uint32_t* entries() const noexcept;
  std::size_t capacity() const noexcept;
  // Keeps the first `used` entries and makes the capacity at least used + more.
  std::uint32_t* grow(std::size_t used, std::size_t more);
  // Gives back a buffer much larger than an input of this size needs: up to 256 Ki entries
  // (1 MiB, an input of about a megabyte) stay whatever comes next, so that a reused
  // decoder allocates nothing; more only while inputs stay large (ujsond keeps a decoder
  // per connection). Inline: it runs before every decode (no kernel file calls it).
  void trim(std::size_t input_size) noexcept {
    if (capacity_ > (std::size_t{1} << 18) && capacity_ > 2 * input_size) release();
  }

 private:
  void release() noexcept;

  std::uint32_t* entries_ = nullptr;
  std::size_t capacity_ = 0;
};

// Fills `out` with the index of [p, p + n), n <= max_indexed_size, and sets `count` to the
// number of entries (the final one included). False: the input needs the byte decoder.
bool index_avx2(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept;
bool index_avx512(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept;

}  // namespace ujson::detail
