#pragma once
// pointer_selector: the decoder handler behind pointer_selection. It follows the path of
// the value the decoder is in only as far as some pointer could still match it, skips
// every other container by counting its brackets, and forwards the events of a selected
// value to the DOM builder, so that only selected values are built.

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "../dom/builder.hpp"
#include "ujson/handler.hpp"
#include "ujson/pointer.hpp"

namespace ujson::detail {

class pointer_selector {
 public:
  using mask = std::uint64_t;  // bit i: pointers[i]
  static_assert(pointer_selection::max_pointers == 64, "one bit per pointer in a mask");

  pointer_selector(dom_builder& builder, duplicate_keys policy) : builder_(builder), policy_(policy) {}

  // `input`: the text the values are parsed from (the builder keeps text that lies in it in place).
  void reset(std::span<const json_pointer> pointers, std::string_view input = {}) {
    pointers_ = pointers;
    input_ = input;
    all_ = pointers.size() == 64 ? ~mask{0} : (mask{1} << pointers.size()) - 1;
    results_.assign(pointers.size(), value());
    found_ = 0;
    frames_.clear();
    skip_depth_ = 0;
    select_depth_ = 0;
    builder_.reset(input_);
  }
  std::size_t size() const noexcept { return results_.size(); }
  const value* found(std::size_t i) const noexcept {
    return i < results_.size() && (found_ >> i & 1) ? &results_[i] : nullptr;
  }

  errc on_null() { return scalar([&] { return builder_.on_null(); }); }
  errc on_bool(bool b) { return scalar([&] { return builder_.on_bool(b); }); }
  errc on_int64(std::int64_t i) { return scalar([&] { return builder_.on_int64(i); }); }
  errc on_uint64(std::uint64_t u) { return scalar([&] { return builder_.on_uint64(u); }); }
  errc on_double(double d, std::string_view text) { return scalar([&] { return builder_.on_double(d, text); }); }
  errc on_big_number(std::string_view text) { return scalar([&] { return builder_.on_big_number(text); }); }
  errc on_string(std::string_view s, string_origin o) { return scalar([&] { return builder_.on_string(s, o); }); }

  errc on_key(std::string_view key, string_origin origin) {
    if (skip_depth_ != 0) return errc::ok;
    if (select_depth_ != 0) return builder_.on_key(key, origin);
    frame& f = frames_.back();
    const std::size_t token = frames_.size() - 1;
    mask m = 0;
    for (mask rest = f.alive; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      if (pointers_[i].names_member(token, key)) m |= mask{1} << i;
    }
    if (const mask repeated = m & f.entered; repeated != 0) {
      switch (policy_) {
        case duplicate_keys::reject: return errc::duplicate_key;
        case duplicate_keys::keep_first: m &= ~repeated; break;
        case duplicate_keys::keep_last: found_ &= ~repeated; break;  // the later member replaces the earlier
      }
    }
    f.entered |= m;
    f.current = m;
    return errc::ok;
  }

  errc on_array_begin() { return begin(false, [&] { return builder_.on_array_begin(); }); }
  errc on_object_begin() { return begin(true, [&] { return builder_.on_object_begin(); }); }
  errc on_array_end(std::size_t n) { return end([&] { return builder_.on_array_end(n); }); }
  errc on_object_end(std::size_t n) { return end([&] { return builder_.on_object_end(n); }); }

 private:
  // A container on some pointer's path.
  struct frame {
    mask alive = 0;    // pointers whose tokens so far name this container
    mask entered = 0;  // objects: pointers that have met their member here already
    mask current = 0;  // objects: pointers whose token the last key matched
    std::size_t next_index = 0;  // arrays: the index of the next element
    bool object = false;
  };

  // The pointers that name the value starting now (arrays: the next element).
  mask here() {
    if (frames_.empty()) return all_;
    frame& f = frames_.back();
    if (f.object) return f.current;
    const std::size_t token = frames_.size() - 1, element = f.next_index++;
    mask m = 0;
    for (mask rest = f.alive; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      if (pointers_[i].names_element(token, element)) m |= mask{1} << i;
    }
    return m;
  }
  // Those of m that end at this depth (the others go deeper).
  mask ending(mask m) const {
    mask out = 0;
    for (mask rest = m; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      if (pointers_[i].size() == frames_.size()) out |= mask{1} << i;
    }
    return out;
  }

  template <class Forward>
  errc scalar(Forward forward) {
    if (skip_depth_ != 0) return errc::ok;
    if (select_depth_ != 0) return forward();
    const mask m = here();
    const mask selected = ending(m);
    if (selected == 0) return errc::ok;  // a scalar holds nothing deeper pointers could name
    if (const errc e = forward(); e != errc::ok) return e;
    keep(selected, 0);
    return errc::ok;
  }

  template <class Forward>
  errc begin(bool object, Forward forward) {
    if (skip_depth_ != 0) {
      ++skip_depth_;
      return errc::ok;
    }
    if (select_depth_ != 0) {
      ++select_depth_;
      return forward();
    }
    const mask m = here();
    if (m == 0) {
      skip_depth_ = 1;
      return errc::ok;
    }
    if (const mask ends = ending(m); ends != 0) {
      // Built whole; pointers that go deeper are looked up in it when it ends.
      selected_ = ends;
      inside_ = m & ~ends;
      select_depth_ = 1;
      return forward();
    }
    frames_.push_back(frame{m, 0, 0, 0, object});
    return errc::ok;
  }

  template <class Forward>
  errc end(Forward forward) {
    if (skip_depth_ != 0) {
      --skip_depth_;
      return errc::ok;
    }
    if (select_depth_ != 0) {
      if (const errc e = forward(); e != errc::ok) return e;
      if (--select_depth_ == 0) keep(selected_, inside_);
      return errc::ok;
    }
    frames_.pop_back();
    return errc::ok;
  }

  // The builder holds one finished value: it is the result of `selected`; the pointers of
  // `inside` continue into it.
  void keep(mask selected, mask inside) {
    const value v = builder_.take_result();
    for (mask rest = selected; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      results_[i] = v;
      found_ |= mask{1} << i;
    }
    for (mask rest = inside; rest != 0; rest &= rest - 1) {
      const int i = std::countr_zero(rest);
      if (const value* r = find(v, pointers_[i], frames_.size())) {
        results_[i] = *r;
        found_ |= mask{1} << i;
      }
    }
  }

  std::string_view input_;
  dom_builder& builder_;
  duplicate_keys policy_;
  std::span<const json_pointer> pointers_;
  mask all_ = 0;
  std::vector<value> results_;
  mask found_ = 0;
  std::vector<frame> frames_;
  std::size_t skip_depth_ = 0;    // containers open inside a skipped one, itself included
  std::size_t select_depth_ = 0;  // containers open inside the value being built, itself included
  mask selected_ = 0, inside_ = 0;
};

}  // namespace ujson::detail
