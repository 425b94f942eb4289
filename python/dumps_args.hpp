#pragma once
// dumps()'s arguments: ujson's names, order and defaults, turned into the codec's options.

#include <cstddef>

#include "common.hpp"
#include "ujson/options.hpp"

namespace ultrajson {

// ujson: a value may sit inside at most 1025 containers (its encoder counts every value,
// scalars included, against its recursion limit). Also what stops a circular structure.
inline constexpr std::size_t dumps_max_depth = 1025;

struct call_options {
  ujson::encode_options encode;
  PyObject* default_fn = nullptr;  // borrowed from the call's arguments
  bool reject_bytes = true;
  bool sort_keys = false;          // done by dumps.cpp on the Python keys, as ujson and json sort them
  bool ascii_separators = true;
};

// dumps(obj, ensure_ascii, encode_html_chars, escape_forward_slashes, sort_keys, indent,
// allow_nan, reject_bytes, default, separators, double_precision, *, canonical) as vectorcall passes it:
// npos positional arguments at pos (obj first), then the values of the keywords named in
// kwnames. Sets obj (borrowed) and o; returns false with a Python exception set. May throw
// std::bad_alloc.
bool parse_dumps_args(module_state* st, const char* fn, PyObject* const* pos, Py_ssize_t npos,
                      PyObject* const* kwvalues, PyObject* kwnames, PyObject*& obj, call_options& o);

}  // namespace ultrajson
