// Writing a DOM. Compact, unsorted output (the common case: canonical form, the service's
// /decode) takes a direct path that skips the writer's per-call order checks; indentation
// and sort_keys go through the writer's calls. Both walk the tree without recursion.

#include <algorithm>
#include <charconv>
#include <vector>

#include "ujson/dom.hpp"

namespace ujson {
namespace detail {

class dom_serializer {
 public:
  explicit dom_serializer(writer& w)
      : w_(w), out_(w.out_), depth_limit_(w.options().max_depth - std::min(w.depth(), w.options().max_depth)) {}

  errc write(const value& root) {
    if (errc e = w_.before_value(); e != errc::ok) return e;
    if (errc e = emit(root); e != errc::ok) return w_.fail(e);
    while (depth_ != 0) {
      frame& f = top();
      if (f.next == f.size) {
        out_.push_back(f.object ? '}' : ']');
        --depth_;
        continue;
      }
      if (f.next != 0) out_.push_back(',');
      const std::size_t i = f.next++;
      errc e;
      if (f.object) {
        const member& m = f.container->members()[i];
        e = w_.write_string(m.key.as_string());
        if (e == errc::ok) {
          out_.push_back(':');
          e = emit(m.val);
        }
      } else {
        e = emit(f.container->elements()[i]);
      }
      if (e != errc::ok) return w_.fail(e);
    }
    w_.after_value();
    return errc::ok;
  }

 private:
  struct frame {
    const value* container;
    std::size_t next;
    std::size_t size;
    bool object;
  };

  void integer(std::int64_t v) { out_.commit(format_int(v, out_.reserve(20))); }
  void integer(std::uint64_t v) { out_.commit(format_uint(v, out_.reserve(20))); }

  errc emit(const value& v) {
    switch (v.type()) {
      case kind::null: out_.append("null", 4); return errc::ok;
      case kind::boolean:
        if (v.as_bool()) {
          out_.append("true", 4);
        } else {
          out_.append("false", 5);
        }
        return errc::ok;
      case kind::int64: integer(v.as_int64()); return errc::ok;
      case kind::uint64: integer(v.as_uint64()); return errc::ok;
      case kind::double_: return w_.write_double(v.as_double());
      case kind::big_number: out_.append(v.as_string()); return errc::ok;
      case kind::string: return w_.write_string(v.as_string());
      case kind::array:
      case kind::object: {
        const bool object = v.is_object();
        if (depth_limit_ == depth_) return errc::depth_exceeded;
        if (v.size() == 0) {
          out_.append(object ? "{}" : "[]", 2);
          return errc::ok;
        }
        out_.push_back(object ? '{' : '[');
        push(frame{&v, 0, v.size(), object});
        return errc::ok;
      }
    }
    return errc::ok;
  }

  writer& w_;
  buffer& out_;
  std::size_t depth_limit_;  // containers this tree may still open
  // Open containers: the first levels inline, so small documents allocate nothing here.
  frame inline_[32];
  frame* stack_ = inline_;
  std::size_t capacity_ = 32;
  std::size_t depth_ = 0;
  std::vector<frame> deep_;

  frame& top() { return stack_[depth_ - 1]; }
  void push(const frame& f) {
    if (depth_ == capacity_) grow();
    stack_[depth_++] = f;
  }
  void grow() {
    deep_.resize(capacity_ * 2);  // keeps the frames when they already live in deep_
    if (stack_ == inline_) std::copy(inline_, inline_ + depth_, deep_.begin());
    stack_ = deep_.data();
    capacity_ = deep_.size();
  }
};

}  // namespace detail

namespace {

// Any options: every element goes through the writer's public calls, which indent and
// sort. Non-recursive: open containers live in an explicit stack.
void write_through_calls(writer& w, const value& root) {
  struct frame {
    const value* container;
    std::size_t next;
  };
  std::vector<frame> open;
  auto emit = [&](const value& v) {
    switch (v.type()) {
      case kind::null: w.null(); break;
      case kind::boolean: w.boolean(v.as_bool()); break;
      case kind::int64: w.int64(v.as_int64()); break;
      case kind::uint64: w.uint64(v.as_uint64()); break;
      case kind::double_: w.number(v.as_double()); break;
      case kind::big_number: w.raw_number(v.as_string()); break;
      case kind::string: w.string(v.as_string()); break;
      case kind::array:
        w.begin_array();
        open.push_back(frame{&v, 0});
        break;
      case kind::object:
        w.begin_object();
        open.push_back(frame{&v, 0});
        break;
    }
  };
  emit(root);
  while (!open.empty() && w.status() == errc::ok) {
    frame& f = open.back();
    if (f.next == f.container->size()) {
      if (f.container->is_array()) {
        w.end_array();
      } else {
        w.end_object();
      }
      open.pop_back();
      continue;
    }
    const std::size_t i = f.next++;
    if (f.container->is_array()) {
      emit(f.container->elements()[i]);
    } else {
      const member& m = f.container->members()[i];
      w.key(m.key.as_string());
      emit(m.val);
    }
  }
}

}  // namespace

void encode_adapter<value>::write(writer& w, const value& root) {
  const encode_options& o = w.options();
  if (o.indent == 0 && !o.sort_keys && o.item_separator == "," && o.key_separator == ":") {
    detail::dom_serializer(w).write(root);
  } else {
    write_through_calls(w, root);
  }
}

}  // namespace ujson
