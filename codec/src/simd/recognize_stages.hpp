#pragma once
// The recognizer's two stages (declared in ujson/detail/recognize.hpp), shared by the kernel
// files: each includes this header once, compiled for its own instruction set (at least
// AVX2, BMI1, POPCNT and PCLMUL), with a struct K whose classify(p) turns 64 bytes into
// block_masks. Everything here is in an anonymous namespace, so each kernel file keeps its
// own copy and no copy compiled for one instruction set is ever linked into code that runs
// on a CPU without it.
//
// Stage 1 classifies 64 bytes at a time into bit masks (whitespace, the six structural
// characters, quotes, backslashes, control characters), finds which quotes are escaped,
// turns the quotes into an in-string mask with a carry-less multiply (prefix XOR), checks
// everything that lives inside strings (control characters, escapes, \u pairs; UTF-8 by
// the UTF-8 kernel over each run of non-ASCII blocks) and writes the positions of the
// tokens: structural characters and opening quotes outside strings, and the first byte of
// every other run (numbers and literals; anything else there is an error stage 2 rejects).
// Stage 2 walks those positions with the grammar; strings cost it nothing, numbers and
// literals are checked in place. Stage 2 takes the token bits of one block at a time and
// asks stage 1 for the next block when they run out: nothing is allocated, no position
// list is written, and the input is read about once.
//
// Any doubt means false: the decoder then decides, with the exact error.

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "ujson/detail/recognize.hpp"
#include "ujson/detail/utf8.hpp"

namespace ujson::detail {
namespace {

constexpr std::size_t block = 64;
constexpr std::size_t prefetch_distance = 2048;

// What a value starting with a given byte can be; anything else there is an error.
enum class starts : std::uint8_t { nothing, string, object, array, true_literal, false_literal, null_literal, number };

struct byte_classes {
  bool scalar_end[256];  // may follow a number or literal: whitespace, structural, quote
  bool escape[256];      // may follow a backslash
  std::int8_t hex[256];
  starts value[256];  // what a value beginning with this byte is

  constexpr byte_classes() : scalar_end{}, escape{}, hex{}, value{} {
    value[static_cast<unsigned char>('"')] = starts::string;
    value[static_cast<unsigned char>('{')] = starts::object;
    value[static_cast<unsigned char>('[')] = starts::array;
    value[static_cast<unsigned char>('t')] = starts::true_literal;
    value[static_cast<unsigned char>('f')] = starts::false_literal;
    value[static_cast<unsigned char>('n')] = starts::null_literal;
    value[static_cast<unsigned char>('-')] = starts::number;
    for (int c = '0'; c <= '9'; ++c) value[c] = starts::number;
    for (char c : {' ', '\t', '\n', '\r', ',', ':', '[', ']', '{', '}', '"'}) scalar_end[static_cast<unsigned char>(c)] = true;
    for (char c : {'"', '\\', '/', 'b', 'f', 'n', 'r', 't', 'u'}) escape[static_cast<unsigned char>(c)] = true;
    for (int c = 0; c < 256; ++c) hex[c] = -1;
    for (int c = 0; c < 10; ++c) hex['0' + c] = static_cast<std::int8_t>(c);
    for (int c = 0; c < 6; ++c) {
      hex['a' + c] = static_cast<std::int8_t>(10 + c);
      hex['A' + c] = static_cast<std::int8_t>(10 + c);
    }
  }
};
constexpr byte_classes classes{};

// The block stage 2 reads once the input is over: its first byte is the last token, a
// zero byte no grammar state takes but the end of the document.
alignas(64) const char sentinel[block] = {};

#define UJSON_RECOGNIZER_NOINLINE __attribute__((noinline))

inline std::uint8_t at(const char* p) { return static_cast<std::uint8_t>(*p); }

inline std::int32_t hex4(const char* p, const char* end) {
  if (end - p < 4) return -1;
  std::int32_t v = 0;
  for (int i = 0; i < 4; ++i) {
    const std::int8_t d = classes.hex[at(p + i)];
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
}

// Masks of one 64-byte block, bit i for byte i.
struct block_masks {
  std::uint64_t space, structural, quote, backslash, control;
  bool non_ascii;
};

// The classifiers' lookup tables. Whitespace and structural characters each have distinct
// low nibbles, so one table lookup by low nibble names the only candidate a byte can be
// (bytes >= 0x80 look up 0). Structural bytes are looked up with bit 5 set, which folds '['
// onto '{' and ']' onto '}'; it also folds two control characters onto ',' and ':', which is
// harmless: every control character outside whitespace is an error anyway. Fillers never
// match: an ASCII byte looks up its own low nibble, and 0xFF is no ASCII byte. Each 16-byte
// table four times over, since a byte shuffle looks up within its own 128-bit lane: a
// kernel loads as many lanes as its registers hold.
struct class_tables {
  alignas(64) char space[64];
  alignas(64) char op[64];
  constexpr class_tables() : space{}, op{} {
    for (int lane = 0; lane < 64; lane += 16) {
      for (int i = 0; i < 16; ++i) {
        space[lane + i] = static_cast<char>(0xFF);
        op[lane + i] = 0;
      }
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

inline std::uint64_t prefix_xor(std::uint64_t bits) {
  const __m128i all_ones = _mm_set1_epi8(static_cast<char>(0xFF));
  const __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(bits)), all_ones, 0);
  return static_cast<std::uint64_t>(_mm_cvtsi128_si64(product));
}

// K is the kernel: K::classify(p) gives the block_masks of the 64 bytes at p, and
// K::utf8_valid(p, n) validates a run of non-ASCII blocks.
template <class K>
class recognizer {
 public:
  recognizer(const char* p, std::size_t n, std::size_t max_depth)
      : end_(p + n), next_block_(p),
        depth_limit_(max_depth < recognizer_depth ? max_depth : recognizer_depth) {}

  bool run();

 private:
  // The tokens of one block: bit i set for a token at base[i].
  struct tokens {
    const char* base;
    std::uint64_t bits;
  };
  tokens next_block();
  std::uint64_t scan_block(const char* data, const char* real);
  void check_escapes(std::uint64_t escaped, const char* real);
  void flush_utf8(const char* upto);
  bool scalar_ends_at(const char* q) const { return q == end_ || classes.scalar_end[at(q)]; }
  bool literal(const char* p, const char* word, std::size_t n) const {
    return static_cast<std::size_t>(end_ - p) >= n && std::memcmp(p, word, n) == 0 && scalar_ends_at(p + n);
  }
  const char* number(const char* p) const;

  const char* const end_;
  const char* next_block_;
  const std::size_t depth_limit_;

  // Stage 1 carries between blocks.
  std::uint64_t in_string_ = 0;      // all ones when the previous block ended inside a string
  std::uint64_t escape_next_ = 0;    // 1 when the previous block ended with an unused backslash
  std::uint64_t scalar_before_ = 0;  // 1 when the previous block ended inside a number or literal
  bool error_ = false;
  const char* utf8_run_ = nullptr;   // start of the pending run of blocks with non-ASCII bytes
  const char* low_half_ = nullptr;   // 'u' of a low surrogate already checked with its pair

  alignas(64) char tail_[block];
};

// Escapes are rare, so they are found and checked one by one: each backslash that is not
// itself escaped escapes the next byte, which must be one of "\/bfnrtu; \u takes four hex
// digits and a high surrogate its low partner.
template <class K>
void recognizer<K>::check_escapes(std::uint64_t escaped, const char* real) {
  while (escaped != 0) {
    const char* e = real + _tzcnt_u64(escaped);
    escaped = _blsr_u64(escaped);
    if (e >= end_ || !classes.escape[at(e)]) {
      error_ = true;
      return;
    }
    if (*e != 'u' || e == low_half_) continue;
    const std::int32_t u = hex4(e + 1, end_);
    if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF)) {
      error_ = true;
      return;
    }
    if (u >= 0xD800 && u <= 0xDBFF) {
      const std::int32_t low = (end_ - e >= 11 && e[5] == '\\' && e[6] == 'u') ? hex4(e + 7, end_) : -1;
      if (low < 0xDC00 || low > 0xDFFF) {
        error_ = true;
        return;
      }
      low_half_ = e + 6;
    }
  }
}

template <class K>
void recognizer<K>::flush_utf8(const char* upto) {
  if (utf8_run_ == nullptr) return;
  if (!K::utf8_valid(utf8_run_, static_cast<std::size_t>(upto - utf8_run_))) error_ = true;
  utf8_run_ = nullptr;
}

// `data` holds the 64 bytes to classify (the input, or tail_ for the last partial block);
// `real` is where they start in the input. Returns the block's token bits.
template <class K>
inline std::uint64_t recognizer<K>::scan_block(const char* data, const char* real) {
  const block_masks m = K::classify(data);

  if (m.non_ascii) {
    if (utf8_run_ == nullptr) utf8_run_ = real;
  } else {
    flush_utf8(real);
  }

  std::uint64_t escaped = 0;
  if ((m.backslash | escape_next_) != 0) {
    std::uint64_t backslash = m.backslash;
    escaped = escape_next_;
    backslash &= ~escape_next_;
    escape_next_ = 0;
    while (backslash != 0) {
      const unsigned i = static_cast<unsigned>(_tzcnt_u64(backslash));
      if (i == 63) {
        escape_next_ = 1;
        break;
      }
      escaped |= std::uint64_t{1} << (i + 1);
      backslash &= ~(std::uint64_t{3} << i);  // the escaped byte escapes nothing
    }
    check_escapes(escaped, real);
  }

  const std::uint64_t quote = m.quote & ~escaped;
  const std::uint64_t in_string = prefix_xor(quote) ^ in_string_;
  in_string_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(in_string) >> 63);
  // Control characters never belong in strings, and outside them only as whitespace.
  if ((m.control & (in_string | ~m.space)) != 0) error_ = true;

  const std::uint64_t scalar = ~(m.structural | m.space | quote) & ~in_string;
  const std::uint64_t scalar_start = scalar & ~((scalar << 1) | scalar_before_);
  scalar_before_ = scalar >> 63;
  return (m.structural & ~in_string) | (quote & in_string) | scalar_start;
}

// Classifies blocks until one has a token; past the end, the sentinel block.
template <class K>
UJSON_RECOGNIZER_NOINLINE typename recognizer<K>::tokens recognizer<K>::next_block() {
  for (;;) {
    const char* b = next_block_;
    const std::size_t left = static_cast<std::size_t>(end_ - b);
    if (left == 0) {
      flush_utf8(end_);
      if (in_string_ != 0 || escape_next_ != 0) error_ = true;
      return {sentinel, 1};
    }
    const char* data = b;
    if (left >= block) {
      next_block_ = b + block;
    } else {
      // The last partial block, padded with spaces: no tokens, no errors.
      std::memset(tail_, ' ', block);
      std::memcpy(tail_, b, left);
      data = tail_;
      next_block_ = end_;
    }
    // A body read from a socket is often no longer in the cache, and the hardware's own
    // prefetcher stops at every 4 KiB page: ask for the bytes 2 KiB ahead. A prefetch
    // is a hint, never a read: past the end of the input it does nothing (the address is
    // computed as an integer, since a pointer may not point there).
    _mm_prefetch(reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(b) + prefetch_distance), _MM_HINT_T0);
    const std::uint64_t bits = scan_block(data, b);
    if (bits != 0) return {b, bits};
  }
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? ; returns the byte after it, or nullptr.
inline const char* skip_digits(const char* p, const char* end) {
  const __m128i zero = _mm_set1_epi8('0');
  const __m128i nine = _mm_set1_epi8(9);
  while (end - p >= 16) {
    // A byte is a digit when byte - '0' is at most 9 unsigned.
    const __m128i v = _mm_sub_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), zero);
    const unsigned digits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, nine), v)));
    if (digits != 0xFFFF) return p + _tzcnt_u32(~digits);
    p += 16;
  }
  while (p != end && static_cast<unsigned>(*p - '0') < 10) ++p;
  return p;
}

template <class K>
const char* recognizer<K>::number(const char* p) const {
  // Most numbers fit in 32 bytes: one digit mask, and each part's length is a bit scan.
  // A part that runs to the end of the 32 bytes may go on: the byte-wise reading below.
  if (end_ - p >= 32) {
    const __m256i v = _mm256_sub_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), _mm256_set1_epi8('0'));
    const auto digit = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(9)), v)));
    const std::uint64_t non_digit = ~static_cast<std::uint64_t>(digit);  // bits 32 and up set
    auto run = [&](unsigned at) { return static_cast<unsigned>(_tzcnt_u64(non_digit >> at)); };
    unsigned i = *p == '-' ? 1 : 0;
    const unsigned int_digits = run(i);
    if (int_digits == 0 || (p[i] == '0' && int_digits > 1)) return nullptr;
    i += int_digits;
    if (i < 32 && p[i] == '.') {
      const unsigned frac_digits = run(++i);
      if (frac_digits == 0 && i < 32) return nullptr;
      i += frac_digits;
    }
    if (i < 32 && (p[i] | 0x20) == 'e') {
      ++i;
      if (i < 32 && (p[i] == '+' || p[i] == '-')) ++i;
      const unsigned exp_digits = i < 32 ? run(i) : 0;
      if (exp_digits == 0 && i < 32) return nullptr;
      i += exp_digits;
    }
    if (i < 32) return p + i;
  }
  if (*p == '-') ++p;
  if (p == end_) return nullptr;
  if (*p == '0') {
    ++p;
  } else if (static_cast<unsigned>(*p - '1') < 9) {
    p = skip_digits(p + 1, end_);
  } else {
    return nullptr;
  }
  if (p != end_ && *p == '.') {
    const char* digits = ++p;
    p = skip_digits(p, end_);
    if (p == digits) return nullptr;
  }
  if (p != end_ && (*p | 0x20) == 'e') {
    ++p;
    if (p != end_ && (*p == '+' || *p == '-')) ++p;
    const char* digits = p;
    p = skip_digits(p, end_);
    if (p == digits) return nullptr;
  }
  return p;
}

template <class K>
bool recognizer<K>::run() {
  // The kind of each open container's parent; the innermost one's kind stays in a register.
  bool parent_is_object[recognizer_depth];
  bool in_object = false;
  std::size_t depth = 0;
  // The current block's remaining tokens, kept in registers across the whole walk.
  tokens t{nullptr, 0};
  auto next = [&]() -> const char* {
    if (t.bits == 0) t = next_block();
    const char* token = t.base + _tzcnt_u64(t.bits);
    t.bits = _blsr_u64(t.bits);
    return token;
  };
  const char* p;

value:
  p = next();
value_here:
  switch (classes.value[at(p)]) {
    case starts::string:
      goto after_value;
    case starts::object:
      if (depth == depth_limit_) return false;
      parent_is_object[depth++] = in_object;
      in_object = true;
      p = next();
      if (*p == '}') goto close;
      if (*p != '"') return false;
      goto colon;
    case starts::array:
      if (depth == depth_limit_) return false;
      parent_is_object[depth++] = in_object;
      in_object = false;
      p = next();
      if (*p == ']') goto close;
      goto value_here;
    case starts::true_literal:
      if (!literal(p, "true", 4)) return false;
      goto after_value;
    case starts::false_literal:
      if (!literal(p, "false", 5)) return false;
      goto after_value;
    case starts::null_literal:
      if (!literal(p, "null", 4)) return false;
      goto after_value;
    case starts::number: {
      const char* q = number(p);
      if (q == nullptr || !scalar_ends_at(q)) return false;
      goto after_value;
    }
    case starts::nothing:
      return false;
  }
  return false;

colon:
  if (*next() != ':') return false;
  goto value;

after_value:
  p = next();
  if (depth == 0) return p == sentinel && !error_;
  if (*p == ',') {
    if (!in_object) goto value;
    if (*next() != '"') return false;
    goto colon;
  }
  if (*p != (in_object ? '}' : ']')) return false;
close:
  in_object = parent_is_object[--depth];
  goto after_value;
}

// The recognizer with kernel K; as recognize() in ujson/detail/recognize.hpp.
template <class K>
bool recognize_with(const char* p, std::size_t n, std::size_t max_depth) {
  // An empty input has no value: the decoder reports it.
  if (n == 0) return false;
  recognizer<K> r(p, n, max_depth);
  return r.run();
}

}  // namespace
}  // namespace ujson::detail
