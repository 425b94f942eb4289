#pragma once
// Stage 1 of the decoder (declared in ujson/detail/structural_index.hpp), shared by the
// kernel files with the block classification of block_classes.hpp: each kernel file
// includes it once with its own struct K.
//
// One tight loop over 64-byte blocks: classify, check the block's UTF-8 (utf8_check.hpp,
// on the bytes already in registers), find the escaped bytes and the in-string mask, check
// the control characters and the bytes escapes name, and append the offsets of the block's
// tokens. What a block carries to the next lives in locals of that loop, which calls
// nothing: no store and reload between blocks, and the kernel's constants stay in
// registers. An escape naming no escape (\q) is refused here, like a control character (the
// byte decoder reports it); \uXXXX is left to stage 2, which decodes every string that has
// an escape, with its exact errors. A validator's windows flag only the strings with a
// \uXXXX: the others' escapes are all checked once this stage has passed them.

#include "block_classes.hpp"
#include "ujson/detail/structural_index.hpp"
#include "utf8_check.hpp"

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

// Sets escaped_string_end on the entries just written from `bits` (by write_offsets_by_bits)
// whose bit is in `flagged`, a subset of them.
inline void flag_offsets_by_bits(std::uint32_t* w, std::uint64_t bits, std::uint64_t flagged) {
  while (flagged != 0) {
    const std::uint64_t below = _blsi_u64(flagged) - 1;
    w[_mm_popcnt_u64(bits & below)] |= escaped_string_end;
    flagged = _blsr_u64(flagged);
  }
}

// What stage 1 carries from one block to the next.
struct block_carry {
  std::uint64_t in_string = 0;       // all ones when the previous block ended inside a string
  std::uint64_t escape_next = 0;     // 1 when the previous block ended with an unused backslash
  std::uint64_t outside_before = 1;  // 0 when the previous block ended inside a number or literal
  std::uint64_t open_escaped = 0;    // 1 when the string open at the block's end has a backslash
  // escape_next | open_escaped, kept by the blocks with a backslash: the other blocks, nearly
  // all, test this one value with their backslashes and need not touch the two.
  std::uint64_t escape_pending = 0;
};

template <class K>
class indexer {
 public:
  indexer(const char* p, std::size_t n) : begin_(p), end_(p + n), next_(p) {}
  // Goes on where a window stopped (save() keeps where that is).
  explicit indexer(const index_window_state& s)
      : begin_(s.begin),
        end_(s.end),
        next_(s.next),
        carry_{s.in_string, s.escape_next, s.outside_before, s.open_escaped, s.escape_next | s.open_escaped} {}

  // The whole input's index into `out`, growing it.
  bool run(index_buffer& out, std::size_t& count);
  // The next window into `out` (index_window_size entries).
  void run_window(index_window_state& s, std::uint32_t* out);

 private:
  // Indexes blocks from next_ on while `limit - used` leaves room for one (index_block_room)
  // and input is left; returns the new count.
  // A validator's windows (u_only) flag the closing quote only of a string with a \uXXXX.
  // Not inlined into its one caller: there (AVX2) it ran 5% more instructions.
  template <bool u_only>
  [[gnu::noinline]] std::size_t fill(std::uint32_t* entries, std::size_t used, std::size_t limit);
  // The input's end: checks what is still pending and appends the final entry.
  bool finish(std::uint32_t* entries, std::size_t& used);

  const char* const begin_;
  const char* const end_;
  const char* next_;  // the first block not yet indexed
  block_carry carry_;
  bool error_ = false;
};

// The bytes escaped by a backslash: those after a run of backslashes of odd length. Text
// that escapes non-ASCII (\uXXXX after \uXXXX) has a backslash every six bytes, so this is
// arithmetic on the whole block, not a loop over backslashes. A run's length is odd when
// it ends (the carry of adding its first bit to it lands after it) on the parity opposite
// to its start: runs starting on even and on odd bits are added separately.
inline std::uint64_t find_escaped(std::uint64_t backslash, block_carry& c) {
  constexpr std::uint64_t even = 0x5555555555555555;
  const std::uint64_t carried = c.escape_next;  // bit 0 is escaped by the previous block
  backslash &= ~carried;                       // an escaped backslash escapes nothing
  const std::uint64_t starts = backslash & ~(backslash << 1);
  std::uint64_t after_odd_starts;
  const bool odd_run_at_end = __builtin_add_overflow(backslash, starts & ~even, &after_odd_starts);
  const std::uint64_t after_even_starts = backslash + (starts & even);
  // A run from an odd bit to bit 63 has odd length: it escapes the next block's first byte.
  c.escape_next = odd_run_at_end ? 1 : 0;
  const std::uint64_t ends_even_runs = after_even_starts & ~backslash;
  const std::uint64_t ends_odd_runs = after_odd_starts & ~backslash;
  return (ends_even_runs & ~even) | (ends_odd_runs & even) | carried;
}

// The closing quotes of the block's strings that hold a mark (a backslash, or the u of a
// \\uXXXX: the parameter is named for the first); keeps c.open_escaped.
inline std::uint64_t find_escaped_ends(std::uint64_t in_string, std::uint64_t quote, std::uint64_t backslash,
                                       std::uint64_t continued, block_carry& c) {
  // Which strings hold a backslash, with one addition: each string's run of in-string
  // bits, its backslashes cleared, plus one at the run's start carries to the bit after
  // the run (the closing quote) only when no backslash stops it. A string continued from
  // the previous block starts with the carry in, unless it already had a backslash.
  const std::uint64_t starts = in_string & ~(in_string << 1) & ~continued;
  const std::uint64_t carry_in = continued & ~c.open_escaped;
  const std::uint64_t clean_ends = ((in_string & ~backslash) + starts + carry_in) & ~in_string;
  const std::uint64_t escaped_ends = quote & ~in_string & ~clean_ends;
  if (c.in_string == 0) {
    c.open_escaped = 0;
  } else {
    // The string still open: where its run starts (0 when it fills the block).
    const std::uint64_t outside = ~in_string;
    const unsigned last_run = outside == 0 ? 0 : 64 - static_cast<unsigned>(__builtin_clzll(outside));
    const bool before = last_run == 0 && continued != 0 && c.open_escaped != 0;
    c.open_escaped = ((backslash >> last_run) != 0 || before) ? 1 : 0;
  }
  return escaped_ends;
}

// A block's tokens, and among them the closing quotes of strings that hold a backslash
// (with u_only, a \uXXXX).
struct block_tokens {
  std::uint64_t tokens;
  std::uint64_t escaped_ends;
};

// The block's tokens; `misplaced` collects control characters out of place and escaped
// bytes that name no escape. `named()` and `u()` give the block's bytes that an escape may
// name and its u bytes (K::escape_named, K::escape_u).
template <bool u_only, class Named, class U>
inline block_tokens scan_block(const block_masks& m, block_carry& c, std::uint64_t& misplaced, Named&& named, U&& u) {
  const std::uint64_t continued = c.in_string & 1;
  std::uint64_t quote = m.quote;
  std::uint64_t in_string;
  // Bits inside strings: each opening quote and the bytes after it, not the closing quote.
  const auto find_strings = [&] {
    in_string = prefix_xor(quote) ^ c.in_string;
    c.in_string = static_cast<std::uint64_t>(static_cast<std::int64_t>(in_string) >> 63);
  };
  std::uint64_t escaped_ends = 0;
  // One branch past both escape steps for a block with no backslash and none carried in.
  if ((m.backslash | c.escape_pending) == 0) [[likely]] {
    find_strings();
  } else {
    const std::uint64_t escaped = find_escaped(m.backslash, c);
    quote &= ~escaped;
    find_strings();
    misplaced |= escaped & ~named();
    // What marks a string for stage 2: any backslash, or the u of a \uXXXX.
    std::uint64_t marks = m.backslash;
    if constexpr (u_only) marks = escaped & u();
    escaped_ends = find_escaped_ends(in_string, quote, marks & in_string, continued, c);
    c.escape_pending = c.escape_next | c.open_escaped;
  }
  // Control characters never belong in strings. Outside them, one that is not whitespace
  // reads as part of a scalar, which stage 2 rejects where the byte machine does (as it
  // does a byte >= 0x80 there).
  misplaced |= m.control & in_string;
  // A scalar (number or literal) is made of the bytes outside strings that are no
  // structural character, space or quote, and starts where the byte before it is not
  // one of them. Computed from its complement, `outside`: no step negates a mask (the
  // andn aside), two instructions fewer a block than from the scalar bytes themselves.
  const std::uint64_t outside = m.structural | m.space | quote | in_string;
  const std::uint64_t scalar_start = ~outside & ((outside << 1) | c.outside_before);
  c.outside_before = outside >> 63;
  return {(m.structural & ~in_string) | quote | scalar_start, escaped_ends};
}

template <class K>
template <bool u_only>
std::size_t indexer<K>::fill(std::uint32_t* entries, std::size_t used, std::size_t limit) {
  const char* const begin = begin_;
  block_carry c = carry_;
  std::uint64_t misplaced = 0;
  typename K::utf8_checker utf8;
  // The block before was checked by the run that stopped there; its last bytes may start a
  // sequence that this run's first block ends.
  if (next_ != begin) K::resume_utf8(utf8, K::load(next_ - block));
  typename K::offsets offsets = K::offsets_at(static_cast<std::uint32_t>(next_ - begin));
  const typename K::offsets step = K::block_step();
  const typename K::classifier classify;
  // A block's offsets are written while the next block is scanned, as in simdjson's stage
  // 1: the write's branches (how many entries) then test a count known a block earlier, not
  // one at the end of this block's chain of masks. `used` counts the entries written; the
  // pending block's go right after them, where they would have gone at once, so the room
  // checks below count them too (filled()). codec_stage1_bench, AMD EPYC: the AVX-512
  // index 3-10% faster, the AVX2 index 10-15% (with 12% more instructions).
  block_tokens pending{0, 0};
  typename K::offsets pending_offsets = offsets;
  const auto write_pending = [&]() __attribute__((always_inline)) {
    const std::size_t found = static_cast<std::size_t>(_mm_popcnt_u64(pending.tokens));
    K::write_offsets(entries + used, pending.tokens, found, pending_offsets, pending.escaped_ends);
    used += found;
  };
  const auto filled = [&]() { return used + static_cast<std::size_t>(_mm_popcnt_u64(pending.tokens)); };
  // Inlined in both places: a call would put the carried state in memory between blocks.
  const auto index_block = [&](typename K::block_vec v) __attribute__((always_inline)) {
    const block_masks m = classify(v);
    K::check_utf8(utf8, v);
    write_pending();
    pending = scan_block<u_only>(
        m, c, misplaced, [&]() __attribute__((always_inline)) { return K::escape_named(v); },
        [&]() __attribute__((always_inline)) { return K::escape_u(v); });
    pending_offsets = offsets;
    offsets = K::next_block(offsets, step);
  };
  const char* b = next_;
  const char* const full_end = b + static_cast<std::size_t>(end_ - b) / block * block;
  // A block takes at most index_block_room - 8 entries of room: while it lasts, runs of
  // blocks that surely fit go without a test each.
  while (b != full_end && limit - filled() >= index_block_room) {
    const std::size_t fit = (limit - filled() - index_block_room) / block + 1;
    const std::size_t left = static_cast<std::size_t>(full_end - b) / block;
    const char* const stop = b + (fit < left ? fit : left) * block;
    for (; b != stop; b += block) {
      _mm_prefetch(reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(b) + prefetch_distance), _MM_HINT_T0);
      index_block(K::load(b));
    }
  }
  // The last partial block reads as if padded with spaces: no tokens, no errors.
  if (b == full_end && b != end_ && limit - filled() >= index_block_room) {
    index_block(K::load_tail(b, static_cast<std::size_t>(end_ - b)));
    b = end_;
  }
  write_pending();
  // A sequence left open by the input's last bytes needs no check: such an input ends in a
  // string (refused in finish) or in non-ASCII bytes outside one, which stage 2 rejects
  // where the byte decoder does.
  if (misplaced != 0 || !utf8.ok()) error_ = true;
  carry_ = c;
  next_ = b;
  return used;
}

template <class K>
bool indexer<K>::finish(std::uint32_t* entries, std::size_t& used) {
  if (error_ || carry_.in_string != 0 || carry_.escape_next != 0) return false;
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
    used = fill<false>(entries, used, out.capacity());
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
  used = fill<true>(out, used, index_window_size - 1);
  s.has_held = false;
  if (next_ == end_) {
    s.status = finish(out, used) ? index_window_state::last : index_window_state::refused;
  } else if (error_) {
    s.status = index_window_state::refused;
  } else {
    // A block ending inside a string or a scalar ends after that token's first entry (no
    // token lies inside either), which the next window takes.
    if (carry_.in_string != 0 || carry_.outside_before == 0) {
      s.held = out[--used];
      s.has_held = true;
    }
    out[used] = static_cast<std::uint32_t>(end_ - begin_);
    s.status = index_window_state::more;
  }
  s.next = next_;
  s.in_string = carry_.in_string;
  s.escape_next = carry_.escape_next;
  s.outside_before = carry_.outside_before;
  s.open_escaped = carry_.open_escaped;
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
