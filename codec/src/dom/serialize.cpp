// Writing a DOM. Compact, unsorted output (the common case: canonical form, the service's
// /decode) takes the writer's raw cursor, which skips the per-call order checks a tree cannot
// fail; indentation and sort_keys go through the writer's calls. Both walk the tree without
// recursion, and both use only the public API of writer and value.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <vector>

#include "../hints.hpp"
#include "../number/shortest.hpp"  // the double writer, to inline
#include "../string_escape.hpp"  // the string copy, to inline
#include "ujson/binary_writer.hpp"
#include "ujson/dom.hpp"

namespace ujson {
namespace {

// ",true" and ",false" as the 8 bytes of a little-endian word (the rest zeros).
constexpr std::uint64_t text_word(const char* t) {
  std::uint64_t w = 0;
  for (int i = 0; t[i] != 0; ++i) w |= static_cast<std::uint64_t>(static_cast<unsigned char>(t[i])) << (8 * i);
  return std::endian::native == std::endian::little ? w : __builtin_bswap64(w);
}
constexpr std::uint64_t comma_true = text_word(",true");
constexpr std::uint64_t comma_false = text_word(",false");

}  // namespace

namespace detail {

// The compact walk, over writer::raw_cursor: each value first makes sure of room for its
// own worst case plus the comma or bracket after it (one compare), then writes without
// checks. Containers are walked by element pointers; the root is the one element of a
// frame with no brackets.
class tree_writer {
 public:
  explicit tree_writer(writer& w) : w_(w), cursor_(w), depth_limit_(cursor_.depth_left()) {}

  errc write(const value& root) {
    if (errc e = cursor_.status(); e != errc::ok) return e;
    const bool shortest = cursor_.shortest_doubles();
    char* o = cursor_.begin();
    // The container being written: its next element (an object's next member, by the
    // address of its key) and its end.
    const value* p = &root;
    const value* end = p + 1;
    bool object = false;
    for (;;) {
      const value* v = p;
      if (object) {
        const member* m = reinterpret_cast<const member*>(p);
        const std::string_view key = m->key.as_string();
        o = cursor_.room(o, 6 * key.size() + 3);
        char* const after = string(o, m->key, key);
        if (UJSON_UNLIKELY(after == nullptr)) return cursor_.fail(o, errc::invalid_utf8);
        o = after;
        *o++ = ':';
        v = &m->val;
        p = reinterpret_cast<const value*>(m + 1);
      } else {
        ++p;
      }
      switch (v->type()) {
        case kind::null:
          o = cursor_.room(o, 5);
          std::memcpy(o, "null", 4);
          o += 4;
          break;
        case kind::boolean: {
          o = cursor_.room(o, 6);
          const bool b = v->as_bool();
          std::memcpy(o, b ? "true," : "false", 5);  // fixed width; the ',' is overwritten
          o += b ? 4 : 5;
          // A run of booleans in an array (flags, bitmaps) in a loop of its own: room for
          // the rest of the array as booleans made once, then one 8-byte store each, no
          // dispatch and no room check per element.
          if (!object && p != end && p->type() == kind::boolean) {
            o = cursor_.room(o, 6 * static_cast<std::size_t>(end - p) + 3);
            // The kind and the bool read as the DOM lays them out (a friend's access): as_bool()
            // would check the kind again after every store to o (a char store may alias it).
            while (p != end && (p->tag_ & value::kind_bits) == static_cast<std::uint64_t>(kind::boolean)) {
              const bool t = p->payload_.b;
              const std::uint64_t text = t ? comma_true : comma_false;
              std::memcpy(o, &text, 8);  // past its 5 or 6 bytes: within the room made
              o += t ? 5 : 6;
              ++p;
            }
          }
          break;
        }
        case kind::int64:
          o = writer::raw_cursor::int64(cursor_.room(o, 21), v->as_int64());
          break;
        case kind::uint64:
          o = writer::raw_cursor::uint64(cursor_.room(o, 21), v->as_uint64());
          break;
        case kind::double_: {
          const double d = v->as_double();
          if (UJSON_LIKELY(shortest && std::isfinite(d))) {
            char* const at = cursor_.room(o, detail::max_double_chars + 1);
            o = at + detail::shortest_impl::write_shortest(d, at);  // inline: no call per double
          } else {
            o = cursor_.number(o, d, 1);  // and the comma or bracket after it
            if (o == nullptr) return w_.status();
          }
          break;
        }
        case kind::big_number: {
          const std::string_view text = v->as_string();
          o = cursor_.room(o, text.size() + 1);
          std::memcpy(o, text.data(), text.size());
          o += text.size();
          break;
        }
        case kind::string: {
          const std::string_view s = v->as_string();
          o = cursor_.room(o, 6 * s.size() + 3);
          char* const after = string(o, *v, s);
          if (UJSON_UNLIKELY(after == nullptr)) return cursor_.fail(o, errc::invalid_utf8);
          o = after;
          // A run of strings in an array (a list of names) the same way.
          while (!object && p != end && p->type() == kind::string) {
            const std::string_view next = p->as_string();
            o = cursor_.room(o, 6 * next.size() + 4);
            *o++ = ',';
            char* const next_end = string(o, *p, next);
            if (UJSON_UNLIKELY(next_end == nullptr)) return cursor_.fail(o, errc::invalid_utf8);
            o = next_end;
            ++p;
          }
          break;
        }
        case kind::array:
        case kind::object: {
          if (UJSON_UNLIKELY(depth_ == depth_limit_)) return cursor_.fail(o, errc::depth_exceeded);
          const bool is_object = v->is_object();
          o = cursor_.room(o, 3);
          if (v->size() == 0) {
            std::memcpy(o, is_object ? "{}" : "[]", 2);
            o += 2;
            break;
          }
          *o++ = is_object ? '{' : '[';
          push(frame{p, end, object});
          if (is_object) {
            const std::span<const member> members = v->members();
            p = reinterpret_cast<const value*>(members.data());
            end = reinterpret_cast<const value*>(members.data() + members.size());
          } else {
            const std::span<const value> elements = v->elements();
            p = elements.data();
            end = p + elements.size();
          }
          object = is_object;
          continue;  // the first element: no comma
        }
      }
      while (p == end) {
        if (depth_ == 0) return cursor_.finish(o);
        o = cursor_.room(o, 2);  // the bracket and the comma or bracket after it
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
  char* string(char* o, const value& v, std::string_view s) const {
    return v.known_valid_utf8() ? cursor_.valid_string(o, s) : cursor_.string(o, s);
  }

  struct frame {
    const value* next;
    const value* end;
    bool object;
  };

  writer& w_;
  writer::raw_cursor cursor_;
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
// sort; and any writer with those calls (binary_writer). Non-recursive: open containers
// live in an explicit stack.
template <class Writer>
void write_through_calls(Writer& w, const value& root) {
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

errc write_value(binary_writer& w, const value& root) {
  write_through_calls(w, root);
  return w.status();
}

void encode_adapter<value>::write(writer& w, const value& root) {
  // A canonical writer's options() say sort_keys, so canonical output goes call by call.
  if (writer::raw_cursor::fits(w.options())) {
    detail::tree_writer(w).write(root);
  } else {
    write_through_calls(w, root);
  }
}

}  // namespace ujson
