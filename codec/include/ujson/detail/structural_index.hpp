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
// input's size, as if the end were a token. Stage 1 refuses an escape that names no escape;
// a validator's windows flag only the strings with a \uXXXX, the one escape it leaves to
// stage 2 to check.
//
// The validator, which must not allocate, takes the index a window at a time instead: stage 1
// stops when a fixed array is nearly full and goes on where it stopped when stage 2 has
// walked it (index_window_state).
//
// Stage 1 answers false when the input has invalid UTF-8, a control character inside a
// string, or ends inside a string: those inputs go to the byte-at-a-time decoder, which
// reports the exact error. Nothing is emitted before that answer, so a handler never sees
// an event twice. (A control character outside strings is stage 2's to reject: it reads
// the bytes of every token.)
//
// Declarations only: the kernels live in files compiled for their instruction sets and see
// no inline function of the project's (see index_avx2.cpp); the buffer grows out of line.

#include <cstddef>
#include <cstdint>

namespace ujson::detail {

// Offsets are 31 bits: longer inputs take the byte-at-a-time decoder.
inline constexpr std::uint32_t escaped_string_end = std::uint32_t{1} << 31;
inline constexpr std::size_t max_indexed_size = escaped_string_end - 1;
// Shorter inputs are decoded byte by byte unless a kernel is asked for (decoder.hpp).
inline constexpr std::size_t min_indexed_size = 64;

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

// Stage 1 resumable, a window of the index at a time. A window ends like the whole index,
// with an entry equal to the input's size, so stage 2 notices a window's end where it
// tests for the input's end, and only there asks for the next. A window is cut after a
// block, never after a string's opening quote or a number's or literal's first byte (that
// entry starts the next window): stage 2 reads the entry after those without a test.
// 8192 entries (32 KB, on the validator's stack): validation of twitter.json 3% and of
// citm_catalog.json 4% faster than with 2048 (15 interleaved rounds), 4096 slower than
// 8192, 32768 no faster.
inline constexpr std::size_t index_window_size = 8192;

struct index_window_state {
  enum status_kind : unsigned char { more, last, refused };

  const char* begin;
  const char* end;
  const char* next;  // the first block not yet indexed
  // What stage 1 carries from block to block (index_stage.hpp).
  std::uint64_t in_string = 0;
  std::uint64_t escape_next = 0;
  std::uint64_t outside_before = 1;  // 0 when the last block ended inside a number or literal
  std::uint64_t open_escaped = 0;
  std::uint32_t held = 0;  // the entry the last window held back for this one
  bool has_held = false;
  // more: another window follows this one. last: the index is complete. refused: stage 1
  // found what makes it refuse the whole input (as index_avx2's false).
  status_kind status = more;

  index_window_state(const char* p, std::size_t n) : begin(p), end(p + n), next(p) {}
};

// Writes the next window into `out` (index_window_size entries) and sets `state.status`.
// Only for inputs of at most max_indexed_size bytes.
void index_window_avx2(index_window_state& state, std::uint32_t* out) noexcept;
void index_window_avx512(index_window_state& state, std::uint32_t* out) noexcept;

// Fills `out` with the index of [p, p + n), n <= max_indexed_size, and sets `count` to the
// number of entries (the final one included). False: the input needs the byte decoder.
bool index_avx2(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept;
bool index_avx512(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept;

}  // namespace ujson::detail
