// Writing a DOM. Compact, unsorted output (the common case: canonical form, the service's
// /decode) takes a direct path that skips the writer's per-call order checks; indentation
// and sort_keys go through the writer's calls. Both walk the tree without recursion.

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

#include "../hints.hpp"
#include "../string_escape.hpp"
#include "ujson/detail/number.hpp"
#include "ujson/dom.hpp"

namespace ujson {
namespace detail {

// The compact walk. One cursor into the writer's buffer stays in a register for the whole
// tree: each value first makes sure of room for its own worst case plus the comma or
// bracket after it (`room`, one compare), then writes without checks. Containers are
// walked by element pointers; the root is the one element of a frame with no brackets.
class dom_serializer {
 public:
  explicit dom_serializer(writer& w)
      : w_(w), out_(w.out_), depth_limit_(w.options().max_depth - std::min(w.depth(), w.options().max_depth)) {}

  errc write(const value& root) {
    if (errc e = w_.before_value(); e != errc::ok) return e;
    const bool shortest = w_.options_.double_precision < 0;
    char* o = out_.reserve_run(0, limit_);
    // The container being written: its next element (an object's next member, by the
    // address of its key) and its end.
    const value* p = &root;
    const value* end = p + 1;
    bool object = false;
    for (;;) {
      const value* v = p;
      if (object) {
        const member* m = reinterpret_cast<const member*>(p);
        const std::string_view key = m->key.as_string();  // checked: a key is a string
        o = room(o, 6 * key.size() + 3);
        char* const after = w_.put_string(o, key);
        if (UJSON_UNLIKELY(after == nullptr)) return stop(o, errc::invalid_utf8);
        o = after;
        *o++ = ':';
        v = &m->val;
        p = reinterpret_cast<const value*>(m + 1);
      } else {
        ++p;
      }
      switch (v->type()) {
        case kind::null:
          o = room(o, 5);
          std::memcpy(o, "null", 4);
          o += 4;
          break;
        case kind::boolean: {
          o = room(o, 6);
          const bool b = v->payload_.b;
          std::memcpy(o, b ? "true," : "false", 5);  // fixed width; the ',' is overwritten
          o += b ? 4 : 5;
          break;
        }
        case kind::int64:
          o = room(o, 21);
          o = format_int(v->payload_.i, o);
          break;
        case kind::uint64:
          o = room(o, 21);
          o = format_uint(v->payload_.u, o);
          break;
        case kind::double_: {
          const double d = v->payload_.d;
          if (UJSON_LIKELY(shortest && std::isfinite(d))) {
            o = room(o, max_double_chars + 1);
            o += format_shortest(d, o);
          } else {
            out_.commit(o);
            if (errc e = w_.write_double(d); e != errc::ok) return w_.fail(e);
            o = out_.reserve_run(1, limit_);  // the comma or bracket after it
          }
          break;
        }
        case kind::big_number: {
          const std::string_view text(v->payload_.s, v->size());
          o = room(o, text.size() + 1);
          std::memcpy(o, text.data(), text.size());
          o += text.size();
          break;
        }
        case kind::string: {
          const std::string_view s(v->payload_.s, v->size());
          o = room(o, 6 * s.size() + 3);
          char* const after = w_.put_string(o, s);
          if (UJSON_UNLIKELY(after == nullptr)) return stop(o, errc::invalid_utf8);
          o = after;
          break;
        }
        case kind::array:
        case kind::object: {
          if (UJSON_UNLIKELY(depth_ == depth_limit_)) return stop(o, errc::depth_exceeded);
          const bool is_object = v->is_object();
          o = room(o, 3);
          if (v->size() == 0) {
            std::memcpy(o, is_object ? "{}" : "[]", 2);
            o += 2;
            break;
          }
          *o++ = is_object ? '{' : '[';
          push(frame{p, end, object});
          if (is_object) {
            const member* first = v->payload_.m;
            p = reinterpret_cast<const value*>(first);
            end = reinterpret_cast<const value*>(first + v->size());
          } else {
            p = v->payload_.a;
            end = p + v->size();
          }
          object = is_object;
          continue;  // the first element: no comma
        }
      }
      while (p == end) {
        if (depth_ == 0) {
          out_.commit(o);
          w_.after_value();
          return errc::ok;
        }
        o = room(o, 2);  // the bracket and the comma or bracket after it
        *o++ = object ? '}' : ']';
        const frame& f = stack_[--depth_];
        p = f.next;
        end = f.end;
        object = f.object;
      }
      *o++ = ',';  // room: every value made room for one byte more than it writes
    }
  }

 private:
  struct frame {
    const value* next;
    const value* end;
    bool object;
  };

  // Room for n more bytes at o. With UJSON_TIGHT_SINK every value reserves (and so is
  // fenced at) exactly its own worst case.
  UJSON_INLINE char* room(char* o, std::size_t n) {
#ifndef UJSON_TIGHT_SINK
    if (UJSON_LIKELY(static_cast<std::size_t>(limit_ - o) >= n)) return o;
#endif
    return refill(o, n);
  }
  UJSON_NOINLINE char* refill(char* o, std::size_t n) {
    out_.commit(o);
    return out_.reserve_run(n, limit_);
  }
  errc stop(char* o, errc e) {
    out_.commit(o);
    return w_.fail(e);
  }

  writer& w_;
  buffer& out_;
  char* limit_ = nullptr;    // how far the cursor may go (buffer::reserve_run)
  std::size_t depth_limit_;  // containers this tree may still open
  // Open containers: the first levels inline, so small documents allocate nothing here.
  frame inline_[32];
  frame* stack_ = inline_;
  std::size_t capacity_ = 32;
  std::size_t depth_ = 0;
  std::vector<frame> deep_;

  void push(const frame& f) {
    if (UJSON_UNLIKELY(depth_ == capacity_)) grow();
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
  // A canonical writer's options() say sort_keys, so canonical output goes call by call.
  if (o.indent == 0 && !o.sort_keys && o.item_separator == "," && o.key_separator == ":") {
    detail::dom_serializer(w).write(root);
  } else {
    write_through_calls(w, root);
  }
}

}  // namespace ujson
