#pragma once
// dom_builder: the decoder handler that builds a DOM. Values wait on one stack until
// their container ends; then exactly n of them move into an arena array of size n
// (Boost.JSON's value_stack). Duplicate keys are resolved when an object ends.

#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "../hints.hpp"
#include "arena.hpp"
#include "ujson/detail/scan.hpp"
#include "ujson/dom.hpp"
#include "ujson/handler.hpp"

namespace ujson::detail {

// The values of the containers still open. Every value of the input is pushed here, so a
// push is one compare and one store; growing is out of line.
class value_stack {
 public:
  UJSON_INLINE void push(const value& v) {
    if (top_ == end_) [[unlikely]] grow();
    *top_++ = v;
  }
  // Takes the last n values off; they stay readable until the next push.
  value* pop(std::size_t n) noexcept { return top_ -= n; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(top_ - storage_.data()); }
  bool empty() const noexcept { return size() == 0; }
  const value& back() const noexcept { return top_[-1]; }
  const value& operator[](std::size_t i) const noexcept { return storage_[i]; }
  void clear() noexcept { top_ = storage_.data(); }

 private:
  __attribute__((noinline)) void grow() {
    const std::size_t n = size();
    storage_.resize(storage_.empty() ? 256 : 2 * storage_.size());
    top_ = storage_.data() + n;
    end_ = storage_.data() + storage_.size();
  }

  std::vector<value> storage_;
  value* top_ = nullptr;
  value* end_ = nullptr;
};

class dom_builder {
 public:
  dom_builder(arena& a, const decode_options& options)
      : arena_(a),
        policy_(options.duplicate_keys),
        string_flags_(!options.allow_lone_surrogates && !options.allow_raw_surrogates ? value::valid_utf8_bit : 0) {}

  // `input` is what the values are parsed from: text that lies in it is kept in place.
  void reset(std::string_view input) {
    stack_.clear();
    object_starts_.clear();
    input_ = input;
  }
  value result() const { return stack_.empty() ? value() : stack_.back(); }

  // Literals inlined into the walk: GCC left on_bool a call (twitter.json has 0.9% fewer
  // instructions without it); forcing the number events too made every corpus file slower.
  UJSON_INLINE errc on_null() { return push(value::make_null()); }
  UJSON_INLINE errc on_bool(bool b) { return push(value::make_bool(b)); }
  errc on_int64(std::int64_t i) { return push(value::make_int64(i)); }
  errc on_uint64(std::uint64_t u) { return push(value::make_uint64(u)); }
  errc on_double(double d, std::string_view) { return push(value::make_double(d)); }
  // JSON's number text lies in the input; a CBOR bignum's digits are made by the reader.
  errc on_big_number(std::string_view text) {
    const auto at = reinterpret_cast<std::uintptr_t>(text.data());
    const auto begin = reinterpret_cast<std::uintptr_t>(input_.data());
    const bool in_input = at >= begin && at - begin <= input_.size();
    return push(value::make_big_number(in_input ? text : copy(text)));
  }
  // Every reader checks a string's UTF-8 before it gets here (surrogates aside, when the
  // options let them through), so the writer need not check it again.
  UJSON_INLINE errc on_string(std::string_view s, string_origin origin) {
    const std::string_view text = origin == string_origin::input ? s : copy(s);
    value v = value::make_string(text);
    v.tag_ |= string_flags_;
    return push(v);
  }
  UJSON_INLINE errc on_key(std::string_view s, string_origin origin) {
    if (policy_ == duplicate_keys::reject && repeats_earlier_key(s)) return errc::duplicate_key;
    return on_string(s, origin);
  }
  errc on_array_begin() { return errc::ok; }
  errc on_object_begin() {
    if (policy_ == duplicate_keys::reject) object_starts_.push_back(stack_.size());
    return errc::ok;
  }

  // Always inlined: when GCC once called it instead, a canada.json parse (an array per
  // coordinate pair) took 3% more instructions.
  UJSON_INLINE errc on_array_end(std::size_t n) {
    value* elements = allocate<value>(n);
    copy_values(elements, stack_.pop(n), n);
    return push(value::make_array(elements, n));
  }

  errc on_object_end(std::size_t n) {
    if (policy_ == duplicate_keys::reject) object_starts_.pop_back();
    member* members = allocate<member>(n);
    static_assert(sizeof(member) == 2 * sizeof(value));  // a member is its key and value, as stacked
    const value* const stacked = stack_.pop(2 * n);
    copy_values(reinterpret_cast<value*>(members), stacked, 2 * n);
    std::size_t kept = n;
    // Two keys of different lengths (most pairs) differ without a call.
    if (n > 2 || (n == 2 && stacked[0].size() == stacked[2].size())) {
      const errc e = resolve_duplicates(members, reinterpret_cast<const member*>(stacked), n, kept);
      if (e != errc::ok) return e;
    }
    return push(value::make_object(members, kept));
  }

 private:
  // Small containers dominate (coordinate pairs, short records): copy them inline rather
  // than through a memcpy call, and a word at a time. Their values were pushed a moment
  // ago, each as two 8-byte stores (tag, payload) still in the store buffer: a 16-byte load
  // across two such stores cannot be forwarded and waits for both to reach the cache
  // (7% of a canada.json parse), while an 8-byte load of each is forwarded.
  static void copy_values(value* to, const value* from, std::size_t n) {
    const auto word = [&](std::size_t i) {
      std::uint64_t w;
      std::memcpy(&w, reinterpret_cast<const char*>(from) + 8 * i, 8);
      asm("" : "+r"(w));  // keeps GCC from joining two words into one 16-byte move
      std::memcpy(reinterpret_cast<char*>(to) + 8 * i, &w, 8);
    };
    switch (n) {
      case 4: word(7); word(6); [[fallthrough]];
      case 3: word(5); word(4); [[fallthrough]];
      case 2: word(3); word(2); [[fallthrough]];
      case 1: word(1); word(0); [[fallthrough]];
      case 0: return;
      default: std::memcpy(static_cast<void*>(to), from, n * sizeof(value));
    }
  }

  UJSON_INLINE errc push(const value& v) {
    stack_.push(v);
    return errc::ok;
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

  // Leaves kept = n when every key differs (almost always, and checked first, in
  // distinct_small or distinct_large); otherwise settles by the policy (settle_duplicates).
  // `keys` are the members as they were stacked: the duplicate check reads them there, not
  // in `members`, which memcpy has just written with wide stores that a narrow load cannot
  // be forwarded from (it would wait for them to reach the cache).
  errc resolve_duplicates(member* members, const member* keys, std::size_t n, std::size_t& kept);
  static constexpr std::size_t small_object = 16;
  // Exact: true only if every key differs. False when unsure too (hashes colliding past a
  // budget), which costs the exact path's time, never a different result.
  static bool distinct_small(const member* members, std::size_t n);
  bool distinct_large(const member* members, std::size_t n);
  bool distinct_prints(const member* members, std::size_t n, bool& prints_differ);
  UJSON_NOINLINE errc settle_duplicates(member* members, std::size_t n, std::size_t& kept);
  enum class hash_result { done, rejected, over_budget };
  template <class Settle>
  hash_result hash_duplicates(member* members, std::size_t n, Settle& settle);

  // Under `reject`, a key is checked as it arrives, so the error points at the repeated
  // key. Past `scan_limit` members that check would cost O(n^2); the hash check at the
  // object's end catches the rest (reported at the closing brace).
  static constexpr std::size_t scan_limit = 64;
  bool repeats_earlier_key(std::string_view key) const {
    const std::size_t start = object_starts_.back();
    if ((stack_.size() - start) / 2 >= scan_limit) return false;
    for (std::size_t i = start; i < stack_.size(); i += 2) {
      if (stack_[i].as_string() == key) return true;
    }
    return false;
  }

  arena& arena_;
  std::string_view input_;
  duplicate_keys policy_;
  // What make_valid_string adds to a string's tag, unless the options let surrogates
  // through: set once, not tested for every string.
  std::uint64_t string_flags_;
  value_stack stack_;
  std::vector<std::size_t> object_starts_;  // stack_ index of each open object's first key (reject only)
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
