#pragma once
// Stage 1 of the decoder (declared in ujson/detail/structural_index.hpp), shared by the
// kernel files with the block classification of block_classes.hpp: each kernel file
// includes it once with its own struct K.
//
// One tight loop over 64-byte blocks: classify, find the escaped bytes and the in-string
// mask, check what lives inside strings (control characters; UTF-8 by the UTF-8 kernel over
// each run of non-ASCII blocks), and append the offsets of the block's tokens. Escapes are
// not checked here: stage 2 decodes every string that has one, with its exact errors.

#include "block_classes.hpp"
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
  indexer(const char* p, std::size_t n) : begin_(p), end_(p + n), next_(p) {}
  // Goes on where a window stopped (save() keeps where that is).
  explicit indexer(const index_window_state& s)
      : begin_(s.begin), end_(s.end), next_(s.next), in_string_(s.in_string), escape_next_(s.escape_next),
        scalar_before_(s.scalar_before), open_escaped_(s.open_escaped), utf8_run_(s.utf8_run) {}

  // The whole input's index into `out`, growing it.
  bool run(index_buffer& out, std::size_t& count);
  // The next window into `out` (index_window_size entries).
  void run_window(index_window_state& s, std::uint32_t* out);

 private:
  // Indexes blocks from next_ on while `limit - used` leaves room for one (index_block_room)
  // and input is left; returns the new count.
  std::size_t fill(std::uint32_t* entries, std::size_t used, std::size_t limit);
  // The input's end: checks what is still pending and appends the final entry.
  bool finish(std::uint32_t* entries, std::size_t& used);
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
  const char* next_;                 // the first block not yet indexed
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
UJSON_KERNEL_NOINLINE std::uint64_t indexer<K>::find_escaped_ends(std::uint64_t in_string, std::uint64_t quote,
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
std::size_t indexer<K>::fill(std::uint32_t* entries, std::size_t used, std::size_t limit) {
  alignas(64) char tail[block];
  const char* b = next_;
  for (; b < end_ && limit - used >= index_block_room; b += block) {
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
  next_ = b < end_ ? b : end_;
  return used;
}

template <class K>
bool indexer<K>::finish(std::uint32_t* entries, std::size_t& used) {
  flush_utf8(end_);
  if (error_ || in_string_ != 0 || escape_next_ != 0) return false;
  entries[used++] = static_cast<std::uint32_t>(end_ - begin_);
  return true;
}

template <class K>
bool indexer<K>::run(index_buffer& out, std::size_t& count) {
  std::uint32_t* entries = out.entries();
  std::size_t used = 0;
  for (;;) {
    // Most documents have a token every few bytes; grow by about what is left to read.
    if (out.capacity() - used < index_block_room) {
      entries = out.grow(used, index_block_room + static_cast<std::size_t>(end_ - next_) / 4);
      if (entries == nullptr) return false;
    }
    used = fill(entries, used, out.capacity());
    if (next_ == end_) break;
  }
  if (!finish(entries, used)) return false;
  count = used;
  return true;
}

template <class K>
void indexer<K>::run_window(index_window_state& s, std::uint32_t* out) {
  std::size_t used = 0;
  if (s.has_held) out[used++] = s.held;
  // One entry of room stays for the window's end.
  used = fill(out, used, index_window_size - 1);
  s.has_held = false;
  if (next_ == end_) {
    s.status = finish(out, used) ? index_window_state::last : index_window_state::refused;
  } else if (error_) {
    s.status = index_window_state::refused;
  } else {
    // A block ending inside a string or a scalar ends after that token's first entry (no
    // token lies inside either), which the next window takes.
    if ((in_string_ | scalar_before_) != 0) {
      s.held = out[--used];
      s.has_held = true;
    }
    out[used] = static_cast<std::uint32_t>(end_ - begin_);
    s.status = index_window_state::more;
  }
  s.next = next_;
  s.in_string = in_string_;
  s.escape_next = escape_next_;
  s.scalar_before = scalar_before_;
  s.open_escaped = open_escaped_;
  s.utf8_run = utf8_run_;
}

// The index with kernel K; as index_avx2() in ujson/detail/structural_index.hpp.
template <class K>
bool index_with(const char* p, std::size_t n, index_buffer& out, std::size_t& count) {
  if (n > max_indexed_size) return false;
  indexer<K> x(p, n);
  return x.run(out, count);
}

template <class K>
void index_window_with(index_window_state& s, std::uint32_t* out) {
  indexer<K> x(s);
  x.run_window(s, out);
}

}  // namespace
}  // namespace ujson::detail
