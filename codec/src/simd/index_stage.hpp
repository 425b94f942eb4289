#pragma once
// Stage 1 of the decoder (declared in ujson/detail/structural_index.hpp), shared by the
// kernel files like recognize_stages.hpp, whose block classification it uses: each kernel
// file includes it once with its own struct K.
//
// One tight loop over 64-byte blocks: classify, find the escaped bytes and the in-string
// mask, check what lives inside strings (control characters; UTF-8 by the UTF-8 kernel over
// each run of non-ASCII blocks), and append the offsets of the block's tokens. Escapes are
// not checked here: stage 2 decodes every string that has one, with its exact errors.

#include "recognize_stages.hpp"
#include "ujson/detail/structural_index.hpp"

namespace ujson::detail {
namespace {

// Appends base + i for each bit i of `bits` (found of them), eight at a time without a test
// per token (simdjson's flatten): past the last token a lane writes base + 64, within the
// room the caller reserved (index_block_room).
inline void write_offsets_by_bits(std::uint32_t* w, std::uint64_t bits, std::size_t found, std::uint32_t base) {
  for (std::size_t i = 0; i < found; i += 8) {
    for (int j = 0; j < 8; ++j) {
      w[i + j] = base + static_cast<std::uint32_t>(_tzcnt_u64(bits));
      bits = _blsr_u64(bits);
    }
  }
}

template <class K>
class indexer {
 public:
  indexer(const char* p, std::size_t n) : begin_(p), end_(p + n) {}

  bool run(index_buffer& out, std::size_t& count);

 private:
  std::uint64_t scan_block(const block_masks& m, const char* real, std::uint64_t& escaped_ends);
  std::uint64_t find_escaped(std::uint64_t backslash);
  std::uint64_t find_escaped_ends(std::uint64_t in_string, std::uint64_t quote, std::uint64_t backslash,
                                  std::uint64_t continued);
  void flush_utf8(const char* upto) {
    if (utf8_run_ == nullptr) return;
    if (!K::utf8_valid(utf8_run_, static_cast<std::size_t>(upto - utf8_run_))) error_ = true;
    utf8_run_ = nullptr;
  }

  const char* const begin_;
  const char* const end_;
  std::uint64_t in_string_ = 0;      // all ones when the previous block ended inside a string
  std::uint64_t escape_next_ = 0;    // 1 when the previous block ended with an unused backslash
  std::uint64_t scalar_before_ = 0;  // 1 when the previous block ended inside a number or literal
  std::uint64_t open_escaped_ = 0;   // 1 when the string open at the block's end has a backslash
  const char* utf8_run_ = nullptr;   // start of the pending run of blocks with non-ASCII bytes
  bool error_ = false;
};

// The bytes escaped by a backslash: those after a run of backslashes of odd length. Text
// that escapes non-ASCII (\uXXXX after \uXXXX) has a backslash every six bytes, so this is
// arithmetic on the whole block, not a loop over backslashes. A run's length is odd when
// it ends (the carry of adding its first bit to it lands after it) on the parity opposite
// to its start: runs starting on even and on odd bits are added separately.
template <class K>
inline std::uint64_t indexer<K>::find_escaped(std::uint64_t backslash) {
  constexpr std::uint64_t even = 0x5555555555555555;
  const std::uint64_t carried = escape_next_;  // bit 0 is escaped by the previous block
  backslash &= ~carried;                       // an escaped backslash escapes nothing
  const std::uint64_t starts = backslash & ~(backslash << 1);
  std::uint64_t after_odd_starts;
  const bool odd_run_at_end = __builtin_add_overflow(backslash, starts & ~even, &after_odd_starts);
  const std::uint64_t after_even_starts = backslash + (starts & even);
  // A run from an odd bit to bit 63 has odd length: it escapes the next block's first byte.
  escape_next_ = odd_run_at_end ? 1 : 0;
  const std::uint64_t ends_even_runs = after_even_starts & ~backslash;
  const std::uint64_t ends_odd_runs = after_odd_starts & ~backslash;
  return (ends_even_runs & ~even) | (ends_odd_runs & even) | carried;
}

// The closing quotes of the block's strings that hold a backslash; keeps open_escaped_.
// Out of line: most blocks have no backslash, and the loop keeps its registers.
template <class K>
UJSON_RECOGNIZER_NOINLINE std::uint64_t indexer<K>::find_escaped_ends(std::uint64_t in_string, std::uint64_t quote,
                                                                    std::uint64_t backslash, std::uint64_t continued) {
  // Which strings hold a backslash, with one addition: each string's run of in-string
  // bits, its backslashes cleared, plus one at the run's start carries to the bit after
  // the run (the closing quote) only when no backslash stops it. A string continued from
  // the previous block starts with the carry in, unless it already had a backslash.
  const std::uint64_t starts = in_string & ~(in_string << 1) & ~continued;
  const std::uint64_t carry_in = continued & ~open_escaped_;
  const std::uint64_t clean_ends = ((in_string & ~backslash) + starts + carry_in) & ~in_string;
  const std::uint64_t escaped_ends = quote & ~in_string & ~clean_ends;
  if (in_string_ == 0) {
    open_escaped_ = 0;
  } else {
    // The string still open: where its run starts (0 when it fills the block).
    const std::uint64_t outside = ~in_string;
    const unsigned last_run = outside == 0 ? 0 : 64 - static_cast<unsigned>(__builtin_clzll(outside));
    const bool before = last_run == 0 && continued != 0 && open_escaped_ != 0;
    open_escaped_ = ((backslash >> last_run) != 0 || before) ? 1 : 0;
  }
  return escaped_ends;
}

// Returns the block's token bits; `escaped_ends` gets the closing quotes of strings that
// hold a backslash.
template <class K>
inline std::uint64_t indexer<K>::scan_block(const block_masks& m, const char* real, std::uint64_t& escaped_ends) {
  if (m.non_ascii) {
    if (utf8_run_ == nullptr) utf8_run_ = real;
  } else {
    flush_utf8(real);
  }

  const std::uint64_t escaped = (m.backslash | escape_next_) != 0 ? find_escaped(m.backslash) : 0;
  const std::uint64_t quote = m.quote & ~escaped;
  const std::uint64_t continued = in_string_ & 1;
  // Bits inside strings: each opening quote and the bytes after it, not the closing quote.
  const std::uint64_t in_string = prefix_xor(quote) ^ in_string_;
  in_string_ = static_cast<std::uint64_t>(static_cast<std::int64_t>(in_string) >> 63);
  // Control characters never belong in strings, and outside them only as whitespace.
  if ((m.control & (in_string | ~m.space)) != 0) error_ = true;

  const std::uint64_t backslash = m.backslash & in_string;
  escaped_ends = (backslash | open_escaped_) != 0 ? find_escaped_ends(in_string, quote, backslash, continued) : 0;

  const std::uint64_t scalar = ~(m.structural | m.space | quote) & ~in_string;
  const std::uint64_t scalar_start = scalar & ~((scalar << 1) | scalar_before_);
  scalar_before_ = scalar >> 63;
  return (m.structural & ~in_string) | quote | scalar_start;
}

template <class K>
bool indexer<K>::run(index_buffer& out, std::size_t& count) {
  const std::size_t n = static_cast<std::size_t>(end_ - begin_);
  std::uint32_t* entries = out.entries();
  std::size_t limit = out.capacity();
  std::size_t used = 0;
  alignas(64) char tail[block];
  if (limit < index_block_room) {
    entries = out.grow(0, index_block_room + n / 4);
    if (entries == nullptr) return false;
    limit = out.capacity();
  }
  for (const char* b = begin_; b < end_; b += block) {
    if (limit - used < index_block_room) [[unlikely]] {
      // Most documents have a token every few bytes; grow by about what is left to read.
      entries = out.grow(used, index_block_room + static_cast<std::size_t>(end_ - b) / 4);
      if (entries == nullptr) return false;
      limit = out.capacity();
    }
    _mm_prefetch(reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(b) + prefetch_distance), _MM_HINT_T0);
    // The last partial block reads as if padded with spaces: no tokens, no errors.
    const std::size_t left = static_cast<std::size_t>(end_ - b);
    const block_masks m = left >= block ? K::classify(b) : K::classify_tail(b, left, tail);
    std::uint64_t escaped_ends;
    std::uint64_t bits = scan_block(m, b, escaped_ends);
    const std::uint32_t base = static_cast<std::uint32_t>(b - begin_);
    const std::uint64_t tokens = bits;
    const std::size_t found = static_cast<std::size_t>(_mm_popcnt_u64(bits));
    K::write_offsets(entries + used, bits, found, base);
    while (escaped_ends != 0) {
      const std::uint64_t below = _blsi_u64(escaped_ends) - 1;
      entries[used + static_cast<std::size_t>(_mm_popcnt_u64(tokens & below))] |= escaped_string_end;
      escaped_ends = _blsr_u64(escaped_ends);
    }
    used += found;
  }
  flush_utf8(end_);
  if (error_ || in_string_ != 0 || escape_next_ != 0) return false;
  entries[used++] = static_cast<std::uint32_t>(n);
  count = used;
  return true;
}

// The index with kernel K; as index_avx2() in ujson/detail/structural_index.hpp.
template <class K>
bool index_with(const char* p, std::size_t n, index_buffer& out, std::size_t& count) {
  if (n > max_indexed_size) return false;
  indexer<K> x(p, n);
  return x.run(out, count);
}

}  // namespace
}  // namespace ujson::detail
