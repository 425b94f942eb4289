#pragma once
// The block classification shared by the stage 1 kernels (index_stage.hpp), each kernel
// file compiled for its own instruction set (at least AVX2, BMI1, POPCNT and PCLMUL) with a
// struct K whose classify(v) turns the 64 bytes of a block into block_masks. Everything here is in an
// anonymous namespace, so each kernel file keeps its own copy and no copy compiled for one
// instruction set is ever linked into code that runs on a CPU without it.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ujson::detail {
namespace {

constexpr std::size_t block = 64;
// A body read from a socket is often no longer in the cache, and the hardware's own
// prefetcher stops at every 4 KiB page: stage 1 asks for the bytes 2 KiB ahead. A prefetch
// is a hint, never a read: past the end of the input it does nothing (the address is
// computed as an integer, since a pointer may not point there).
constexpr std::size_t prefetch_distance = 2048;

// Masks of one 64-byte block, bit i for byte i.
struct block_masks {
  std::uint64_t space, structural, quote, backslash, control;
};

// The classifiers' lookup tables. Whitespace and structural characters each have distinct
// low nibbles, so one table lookup by low nibble names the only candidate a byte can be
// (bytes >= 0x80 look up 0). Structural bytes are looked up with bit 5 set, which folds '['
// onto '{' and ']' onto '}'; it also folds two control characters onto ',' and ':', which is
// harmless: stage 2 reads the byte of every token it is given, and rejects a control
// character there as the byte decoder does. Fillers never match: an ASCII byte looks up
// its own low nibble, and 0xFF is no ASCII byte. Each 16-byte
// table four times over, since a byte shuffle looks up within its own 128-bit lane: a
// kernel loads as many lanes as its registers hold.
// `escape` is the same for the bytes an escape names, but for 'b' and 'r', which share
// their low nibble with '"' and are compared on their own.
struct class_tables {
  alignas(64) char space[64];
  alignas(64) char op[64];
  alignas(64) char escape[64];
  constexpr class_tables() : space{}, op{}, escape{} {
    for (int lane = 0; lane < 64; lane += 16) {
      for (int i = 0; i < 16; ++i) {
        space[lane + i] = static_cast<char>(0xFF);
        op[lane + i] = 0;
        escape[lane + i] = static_cast<char>(0xFF);
      }
      constexpr char named[] = {'"', '\\', '/', 'f', 'n', 't', 'u'};
      for (const char c : named) escape[lane + (c & 0xF)] = c;
      space[lane + 0] = ' ';
      space[lane + 9] = '\t';
      space[lane + 10] = '\n';
      space[lane + 13] = '\r';
      op[lane + 10] = ':';
      op[lane + 11] = '{';
      op[lane + 12] = ',';
      op[lane + 13] = '}';
    }
  }
};
constexpr class_tables tables{};

// A value the compiler must take as unknown. A constant made so once before stage 1's loop
// stays in a register (or on the stack, read as an operand) rather than being rebuilt, a
// move and a broadcast, in every block.
template <class V>
inline V opaque(V v) {
  asm("" : "+v"(v));
  return v;
}

inline std::uint64_t prefix_xor(std::uint64_t bits) {
  const __m128i all_ones = _mm_set1_epi8(static_cast<char>(0xFF));
  const __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(bits)), all_ones, 0);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
}

}  // namespace
}  // namespace ujson::detail
