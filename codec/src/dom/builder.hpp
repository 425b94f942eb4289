#pragma once
// dom_builder: the decoder handler that builds a DOM. Every value is written once, into
// the place it keeps: the values at depth d of the document go to blocks of their own (one
// growing run of blocks per depth), where those of one container sit next to each other,
// because the values between them (deeper ones) went to deeper blocks. When a container
// ends, its children are already its array. Duplicate keys are resolved when an object ends.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include "../hints.hpp"
#include "arena.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/dom.hpp"
#include "ujson/handler.hpp"

namespace ujson::detail {

class dom_builder {
 public:
  dom_builder(arena& a, const decode_options& options)
      : arena_(a),
        policy_(options.duplicate_keys),
        string_flags_(!options.allow_lone_surrogates && !options.allow_raw_surrogates ? value::valid_utf8_bit : 0),
        levels_(1) {}
  dom_builder(const dom_builder&) = delete;  // cur_ points into levels_
  dom_builder& operator=(const dom_builder&) = delete;

  ~dom_builder() {
    for (level& l : levels_) std::free(l.first);
  }

  // `input` is what the values are parsed from: text that lies in it is kept in place.
  // Each depth starts again at its first block when the document first reaches it.
  void reset(std::string_view input) {
    input_ = input;
    room_ = nullptr;
    cur_ = levels_.data();
    ready_end_ = cur_ + 1;
    level& root = *cur_;
    root.start = top_ = root_block_;
    root.end = end_ = root_block_ + root_block_size;
    root.capacity = root_block_size;
  }
  // The document's value, once the handler has seen one whole.
  value result() const { return top_ == cur_->start ? value() : top_[-1]; }
  // The same, making room for the next value (a pointer selection builds one per match).
  value take_result() {
    const value v = result();
    if (top_ != cur_->start) --top_;
    return v;
  }

  // The place the next value goes, which the indexed walk holds in its registers for the
  // events it raises itself (detail::cursor_handler in ujson/detail/index_walk.hpp): in
  // the builder, each value's push loaded the top that the last push had just stored, a
  // store-to-load wait from one value to the next. The events without a cursor load it
  // and store it back: the byte-at-a-time decoder's, the binary readers' and the pointer
  // selection's.
  struct cursor {
    value* top;
    value* end;
  };
  UJSON_INLINE cursor load_cursor() const { return {top_, end_}; }
  UJSON_INLINE void store_cursor(cursor c) {
    top_ = c.top;
    end_ = c.end;
  }

  UJSON_INLINE errc on_null(cursor& c) { return push(c, value::make_null()); }
  UJSON_INLINE errc on_bool(cursor& c, bool b) { return push(c, value::make_bool(b)); }
  UJSON_INLINE errc on_int64(cursor& c, std::int64_t i) { return push(c, value::make_int64(i)); }
  UJSON_INLINE errc on_uint64(cursor& c, std::uint64_t u) { return push(c, value::make_uint64(u)); }
  UJSON_INLINE errc on_double(cursor& c, double d, std::string_view) { return push(c, value::make_double(d)); }
  UJSON_INLINE errc on_big_number(cursor& c, std::string_view text) {
    return push(c, value::make_big_number(big_number_text(text)));
  }
  // Every reader checks a string's UTF-8 before it gets here (surrogates aside, when the
  // options let them through), so the writer need not check it again.
  UJSON_INLINE errc on_string(cursor& c, std::string_view s, string_origin origin) {
    const std::string_view text = origin == string_origin::input ? s : s.data() == room_ ? take_room(s) : copy(s);
    value v = value::make_string(text);
    v.tag_ |= string_flags_;
    return push(c, v);
  }
  UJSON_INLINE errc on_key(cursor& c, std::string_view s, string_origin origin) {
    if (policy_ == duplicate_keys::reject && repeats_earlier_key(c.top, s)) return errc::duplicate_key;
    return on_string(c, s, origin);
  }
  UJSON_INLINE errc on_array_begin(cursor& c) {
    descend(c);
    return errc::ok;
  }
  UJSON_INLINE errc on_object_begin(cursor& c) {
    descend(c);
    return errc::ok;
  }

  // Always inlined: when GCC once called it instead, a canada.json parse (an array per
  // coordinate pair) took 3% more instructions.
  UJSON_INLINE errc on_array_end(cursor& c, std::size_t n) {
    const value* elements = c.top - n;
    ascend(c);
    return push(c, value::make_array(elements, n));
  }

  // Inlined, so that the cursor stays in registers; resolving duplicates is a call.
  UJSON_INLINE errc on_object_end(cursor& c, std::size_t n) {
    member* members = reinterpret_cast<member*>(c.top - 2 * n);
    static_assert(sizeof(member) == 2 * sizeof(value));  // a member is its key and value, side by side
    std::size_t kept = n;
    // Two keys of different lengths (most pairs) differ without a call.
    if (n > 2 || (n == 2 && members[0].key.size() == members[1].key.size())) {
      kept = resolve_duplicates(members, n);
      if (kept == rejected) return errc::duplicate_key;
      c.top = &members[kept].key;  // members removed as duplicates leave their room
    }
    ascend(c);
    return push(c, value::make_object(members, kept));
  }

  // The indexed walk unescapes a string straight into the arena (detail::string_room_handler),
  // which its event then takes: no copy from the decoder's scratch.
  char* room_for(std::size_t n) {
    char* const room = arena_.room(n);
    room_ = room;
    return room;
  }

  // The same events for the readers that hold no cursor. Written out: GCC kept the
  // lambdas of a shared wrapper as calls, with the cursor in memory. Literals inlined, as
  // when the indexed walk raised these (GCC left on_bool a call there); the number events
  // left to GCC, as forcing them made every corpus file slower then.
  UJSON_INLINE errc on_null() { return push(value::make_null()); }
  UJSON_INLINE errc on_bool(bool b) { return push(value::make_bool(b)); }
  errc on_int64(std::int64_t i) { return push(value::make_int64(i)); }
  errc on_uint64(std::uint64_t u) { return push(value::make_uint64(u)); }
  errc on_double(double d, std::string_view) { return push(value::make_double(d)); }
  errc on_big_number(std::string_view text) { return push(value::make_big_number(big_number_text(text))); }
  UJSON_INLINE errc on_string(std::string_view s, string_origin origin) {
    cursor c = load_cursor();
    const errc e = on_string(c, s, origin);
    store_cursor(c);
    return e;
  }
  // Any reader's keys. An empty one points at a byte that can be read (small_key_bit reads
  // every key's first byte): the walk's do (at their closing quote), other readers' may not.
  UJSON_INLINE errc on_key(std::string_view s, string_origin origin) {
    cursor c = load_cursor();
    if (s.empty()) s = std::string_view(empty_key_text, 0);
    const errc e = on_key(c, s, origin);
    store_cursor(c);
    return e;
  }
  UJSON_INLINE errc on_array_begin() {
    cursor c = load_cursor();
    descend(c);
    store_cursor(c);
    return errc::ok;
  }
  UJSON_INLINE errc on_object_begin() { return on_array_begin(); }
  UJSON_INLINE errc on_array_end(std::size_t n) {
    cursor c = load_cursor();
    const errc e = on_array_end(c, n);
    store_cursor(c);
    return e;
  }
  errc on_object_end(std::size_t n) {
    cursor c = load_cursor();
    const errc e = on_object_end(c, n);
    store_cursor(c);
    return e;
  }

 private:
  // The values of one depth: a first block of the builder's own, then, if a document
  // needs more, larger blocks on the arena (freed with it); the last is being filled. The
  // current depth's top and end are held in the builder, not here.
  struct level {
    // top and end apart: GCC would read the two with one 16-byte load, which waits for
    // the two 8-byte stores that wrote them to reach the cache (+40% on a small document).
    value* top = nullptr;
    value* start = nullptr;  // the first value of the open container
    value* end = nullptr;
    value* first = nullptr;  // malloc'd, kept from one document to the next
    std::size_t first_capacity = 0;
    std::size_t capacity = 0;  // of the block being filled, in values
  };

  UJSON_INLINE errc push(const value& v) {
    cursor c = load_cursor();
    push(c, v);
    store_cursor(c);
    return errc::ok;
  }
  UJSON_INLINE errc push(cursor& c, const value& v) {
    if (c.top == c.end) [[unlikely]] c = grow(c);
    *c.top++ = v;
    return errc::ok;
  }

  UJSON_INLINE void descend(cursor& c) {
    cur_->top = c.top;
    if (++cur_ == ready_end_) [[unlikely]] prepare_level();
    c.top = cur_->top;
    c.end = cur_->end;
    cur_->start = c.top;
  }
  UJSON_INLINE void ascend(cursor& c) {
    cur_->top = c.top;
    --cur_;
    c.top = cur_->top;
    c.end = cur_->end;
  }

  // A new block for the current depth, to which the open container's values so far move
  // (no value points at them yet). Blocks double, so a value moves O(1) times on average.
  // The cursor by value both ways: a reference would keep the walk's cursor in memory.
  UJSON_NOINLINE cursor grow(cursor c) {
    level& l = *cur_;
    const std::size_t used = static_cast<std::size_t>(c.top - l.start);
    const std::size_t capacity = std::max<std::size_t>(2 * l.capacity, 8);
    value* block = allocate<value>(capacity);
    if (used != 0) std::memcpy(static_cast<void*>(block), l.start, used * sizeof(value));
    l.start = block;
    l.capacity = capacity;
    l.end = block + capacity;
    return {block + used, l.end};
  }
  // Readies *cur_, the first depth the document has not reached before, for its values:
  // its first block, made as large as the depth grew to last time (the values of the last
  // document are no longer used), so that a document like the last one fills it without
  // growing.
  UJSON_NOINLINE void prepare_level() {
    if (cur_ == levels_.data() + levels_.size()) [[unlikely]] add_level();
    level& l = *cur_;
    if (l.capacity > l.first_capacity) [[unlikely]] enlarge_first_block(l);
    l.top = l.start = l.first;
    l.end = l.first + l.first_capacity;
    l.capacity = l.first_capacity;
    ready_end_ = cur_ + 1;
  }
  UJSON_NOINLINE void add_level() {
    const std::size_t depth = levels_.size();
    levels_.emplace_back();
    cur_ = levels_.data() + depth;
  }
  UJSON_NOINLINE static void enlarge_first_block(level& l) {
    void* block = std::malloc(l.capacity * sizeof(value));
    if (block == nullptr) throw std::bad_alloc();
    std::free(l.first);
    l.first = static_cast<value*>(block);
    l.first_capacity = l.capacity;
  }

  // JSON's number text lies in the input; a CBOR bignum's digits are made by the reader.
  UJSON_NOINLINE std::string_view big_number_text(std::string_view text) {
    const auto at = reinterpret_cast<std::uintptr_t>(text.data());
    const auto begin = reinterpret_cast<std::uintptr_t>(input_.data());
    const bool in_input = at >= begin && at - begin <= input_.size();
    return in_input ? text : copy(text);
  }

  std::string_view take_room(std::string_view s) {
    arena_.take(s.size());
    room_ = nullptr;
    return s;
  }

  std::string_view copy(std::string_view s) {
    char* p = static_cast<char*>(arena_.allocate(s.size(), 1));
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    return std::string_view(p, s.size());
  }

  template <class T>
  T* allocate(std::size_t n) {
    return static_cast<T*>(arena_.allocate(n * sizeof(T), alignof(T)));
  }

  // Returns n when every key differs (almost always, and checked first: small objects below,
  // large ones in distinct_large); otherwise settles by the policy (settle_duplicates) and
  // returns the number of members kept, or `rejected` (the policy's duplicate_key error).
  // One register back: an errc and a count through memory cost the walk a store, a load and
  // a test at every object's end.
  static constexpr std::size_t rejected = ~std::size_t{0};
  std::size_t resolve_duplicates(member* members, std::size_t n);
  static constexpr std::size_t small_object = 16;
  // Exact: true only if every key differs. False when unsure too (hashes colliding past a
  // budget), which costs the exact path's time, never a different result.
  // Small objects are checked in resolve_duplicates itself: a bit per key (small_key_bit),
  // and only past a bit seen twice (from member i on; `seen` holds the bits of the members
  // before i) a comparison of keys (distinct_small_from).
  static std::uint64_t small_key_bit(const value& key) noexcept;
  UJSON_NOINLINE std::size_t resolve_small_from(member* members, std::size_t n, std::size_t i, std::uint64_t seen);
  static bool distinct_small_from(const member* members, std::size_t n, std::size_t i, std::uint64_t seen);
  UJSON_NOINLINE std::size_t resolve_large(member* members, std::size_t n);
  bool distinct_large(const member* members, std::size_t n);
  bool distinct_prints(const member* members, std::size_t n, bool& prints_differ);
  // The members kept once the policy has settled every duplicate, or `rejected`.
  UJSON_NOINLINE std::size_t settle_duplicates(member* members, std::size_t n);
  enum class hash_result { done, rejected, over_budget };
  template <class Settle>
  hash_result hash_duplicates(member* members, std::size_t n, Settle& settle);

  // Under `reject`, a key is checked as it arrives, so the error points at the repeated
  // key. Past `scan_limit` members that check would cost O(n^2); the hash check at the
  // object's end catches the rest (reported at the closing brace).
  static constexpr std::size_t scan_limit = 64;
  bool repeats_earlier_key(const value* top, std::string_view key) const {
    const value* const first = cur_->start;
    if (static_cast<std::size_t>(top - first) / 2 >= scan_limit) return false;
    for (const value* k = first; k != top; k += 2) {
      if (k->as_string() == key) return true;
    }
    return false;
  }

  arena& arena_;
  std::string_view input_;
  const char* room_ = nullptr;  // given by room_for, not yet taken
  duplicate_keys policy_;
  // What make_valid_string adds to a string's tag, unless the options let surrogates
  // through: set once, not tested for every string.
  std::uint64_t string_flags_;
  static constexpr char empty_key_text[] = "\"";
  // levels_ has one more entry than the deepest container so far had. Depth 0 holds the
  // document's value (or a pointer selection's, one at a time) in a block of its own.
  // top_ and end_ are the current depth's (cur_'s).
  std::vector<level> levels_;
  static constexpr std::size_t root_block_size = 2;
  value root_block_[root_block_size];
  // top_ and end_ apart, as in level: a cursor loaded in one 16-byte read would wait for
  // the two 8-byte stores that wrote it.
  value* top_ = nullptr;
  level* cur_ = nullptr;
  value* end_ = nullptr;
  level* ready_end_ = nullptr;  // past the depths readied for this document
  static constexpr std::size_t shape_keys = 64, shape_count = 32;
  std::vector<std::uint64_t> prints_;  // of the object's keys, in distinct_large
  std::vector<std::uint64_t> shapes_;  // shape_count times: n, then the prints of n keys
  std::vector<std::uint64_t> stamps_;  // distinct_prints' table: stamp_ | member index
  std::uint64_t stamp_ = 0;            // in the high half of a slot, new for every object
  std::vector<std::uint64_t> slots_;  // open-addressing table for large objects, reused
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pending_;  // (duplicate, first) found by hashing
  std::vector<std::uint32_t> order_;  // members by key, when hashing went over its budget
};

}  // namespace ujson::detail
