#pragma once
// The handler loads() decodes with when json's hooks are given: the builder, with numbers
// and objects handed to the hooks as json.loads hands them.
//
// A separate type (the decoder is instantiated for each), so a call without hooks runs the
// plain builder and pays nothing for them. The hooks run in document order for numbers and
// as each object closes (innermost first), as json's recursive scanner calls them; a hook's
// exception ends the parse and reaches the caller as it is.

#include <charconv>
#include <cstdint>
#include <string_view>

#include "builder.hpp"
#include "loads_args.hpp"

namespace ultrajson {

class hooked_builder : public builder {
 public:
  // Every integer arrives as its text (on_big_number): parse_int must see "-0" as it is.
  static constexpr bool integers_as_text = true;

  hooked_builder(std::vector<PyObject*>& stack, key_cache& keys, const decode_hooks& hooks) noexcept
      : builder(stack, keys), hooks_(hooks) {}

  errc on_double(double v, std::string_view text) {
    if (is_constant(text)) {
      return push(hooks_.parse_constant != nullptr ? call_with_text(hooks_.parse_constant, text) : PyFloat_FromDouble(v));
    }
    return push(hooks_.parse_float != nullptr ? call_with_text(hooks_.parse_float, text) : PyFloat_FromDouble(v));
  }

  // Integers (all of them, see integers_as_text) and decimals beyond a double's range.
  errc on_big_number(std::string_view text) {
    const bool is_float = text.find_first_of(".eE") != std::string_view::npos;
    PyObject* hook = is_float ? hooks_.parse_float : hooks_.parse_int;
    if (hook != nullptr) return push(call_with_text(hook, text));
    return push(is_float ? make_big_number(text) : integer(text));
  }

  errc on_object_end(std::size_t n) {
    if (hooks_.object_pairs_hook != nullptr) return pairs_to_hook(n);
    if (errc e = builder::on_object_end(n); e != errc::ok || hooks_.object_hook == nullptr) return e;
    const py_ref dict(take_result());
    return push(PyObject_CallOneArg(hooks_.object_hook, dict.get()));
  }

 private:
  // NaN, Infinity and -Infinity reach on_double as that text (allow_nan_literals).
  static bool is_constant(std::string_view text) noexcept {
    const char c = text[0] == '-' ? text[1] : text[0];
    return c == 'N' || c == 'I';
  }

  static PyObject* call_with_text(PyObject* hook, std::string_view text) {
    const py_ref str(make_str(text));
    return str ? PyObject_CallOneArg(hook, str.get()) : nullptr;
  }

  static PyObject* integer(std::string_view text) {
    std::int64_t v = 0;
    if (text.size() <= 18) {  // always fits: no overflow to check
      std::from_chars(text.data(), text.data() + text.size(), v);
      return PyLong_FromLongLong(v);
    }
    return make_big_number(text);
  }

  // json: object_pairs_hook gets the members as a list of (key, value) tuples, in document
  // order, repeated keys included.
  errc pairs_to_hook(std::size_t n) {
    py_ref pairs(PyList_New(static_cast<Py_ssize_t>(n)));
    if (!pairs) return errc::out_of_memory;
    PyObject** items = stack_.data() + (stack_.size() - 2 * n);
    for (std::size_t i = 0; i < n; ++i) {
      PyObject* pair = PyTuple_Pack(2, items[2 * i], items[2 * i + 1]);
      if (pair == nullptr) return errc::out_of_memory;
      PyList_SET_ITEM(pairs.get(), static_cast<Py_ssize_t>(i), pair);
    }
    // The tuples hold their own references now: the stack's go.
    for (std::size_t i = 0; i < 2 * n; ++i) Py_DECREF(items[i]);
    stack_.resize(stack_.size() - 2 * n);
    return push(PyObject_CallOneArg(hooks_.object_pairs_hook, pairs.get()));
  }

  const decode_hooks& hooks_;
};

static_assert(ujson::handler<hooked_builder>);
static_assert(ujson::integers_as_text<hooked_builder>);

}  // namespace ultrajson
