#pragma once
// loads()'s and load()'s arguments: the document (or file) positionally, and json.loads'
// hooks by keyword.

#include "common.hpp"

namespace ultrajson {

// json.loads' hooks, borrowed from the call's arguments; null when not given. None counts
// as not given, and so do parse_float=float and parse_int=int (json's own defaults: the
// result is the same, without a call per number).
struct decode_hooks {
  PyObject* object_hook = nullptr;
  PyObject* object_pairs_hook = nullptr;  // wins over object_hook, as in json
  PyObject* parse_float = nullptr;        // called with the text of a number with . e or E
  PyObject* parse_int = nullptr;          // called with the text of any other number
  PyObject* parse_constant = nullptr;     // called with "NaN", "Infinity" or "-Infinity"

  bool any() const noexcept {
    return object_hook != nullptr || object_pairs_hook != nullptr || parse_float != nullptr ||
           parse_int != nullptr || parse_constant != nullptr;
  }
};

// fn(<npos positional arguments>, **hooks) as vectorcall passes it: exactly one positional
// argument, then the values of the keywords named in kwnames. Fills `hooks`; returns false
// with TypeError set for anything else.
bool parse_loads_args(const char* fn, PyObject* const* args, Py_ssize_t npos, PyObject* kwnames, decode_hooks& hooks);

}  // namespace ultrajson
