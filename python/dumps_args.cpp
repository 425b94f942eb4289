#include "dumps_args.hpp"

#include <algorithm>
#include <new>
#include <string>

namespace ultrajson {
namespace {

// ujson rejects a larger indent (the codec's limit is the same).
constexpr long max_python_indent = 1000;
static_assert(max_python_indent == ujson::max_indent);

enum arg_index : int {
  arg_obj,
  arg_ensure_ascii,
  arg_encode_html_chars,
  arg_escape_forward_slashes,
  arg_sort_keys,
  arg_indent,
  arg_allow_nan,
  arg_reject_bytes,
  arg_default,
  arg_separators,
  arg_double_precision,
  arg_canonical,  // ours, keyword only: the positional ones are ujson's
  arg_count,
};

constexpr const char* arg_names[arg_count] = {
    "obj",    "ensure_ascii", "encode_html_chars", "escape_forward_slashes", "sort_keys",       "indent",
    "allow_nan", "reject_bytes", "default",        "separators",             "double_precision", "canonical",
};

static_assert(arg_count == dumps_arg_count);

int find_arg(module_state* st, PyObject* name) {
  // Keyword names at call sites are interned, like ours: a pointer comparison finds them.
  for (int i = 0; i < arg_count; ++i) {
    if (st->dumps_arg_names[i] == name) return i;
  }
  for (int i = 0; i < arg_count; ++i) {
    if (PyUnicode_CompareWithASCIIString(name, arg_names[i]) == 0) return i;
  }
  return -1;
}

// Fills values[] from the positional arguments (obj first) and the keywords.
bool collect_args(module_state* st, const char* fn, PyObject* const* pos, Py_ssize_t npos, PyObject* const* kwvalues,
                  PyObject* kwnames, PyObject* (&values)[arg_count]) {
  if (npos > arg_canonical) {
    PyErr_Format(PyExc_TypeError, "%s() takes at most %d positional arguments (%zd given)", fn,
                 static_cast<int>(arg_canonical), npos);
    return false;
  }
  for (Py_ssize_t i = 0; i < npos; ++i) values[i] = pos[i];
  const Py_ssize_t nkw = kwnames != nullptr ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; i < nkw; ++i) {
    PyObject* name = PyTuple_GET_ITEM(kwnames, i);
    const int k = find_arg(st, name);
    if (k < 0) {
      PyErr_Format(PyExc_TypeError, "'%U' is an invalid keyword argument for %s()", name, fn);
      return false;
    }
    if (values[k] != nullptr) {
      PyErr_Format(PyExc_TypeError, "argument for %s() given by name ('%U') and position (%d)", fn, name, k + 1);
      return false;
    }
    values[k] = kwvalues[i];
  }
  if (values[arg_obj] == nullptr) {
    PyErr_Format(PyExc_TypeError, "%s() missing required argument 'obj' (pos 1)", fn);
    return false;
  }
  return true;
}

bool flag(PyObject* v, bool fallback, bool& out) {
  if (v == nullptr) {
    out = fallback;
    return true;
  }
  const int t = PyObject_IsTrue(v);
  if (t < 0) return false;
  out = t != 0;
  return true;
}

bool int_arg(PyObject* v, long& out) {
  py_ref index(PyNumber_Index(v));
  if (!index) return false;
  out = PyLong_AsLong(index.get());
  return !(out == -1 && PyErr_Occurred());
}

bool separator(PyObject* v, const char* which, std::string& out, bool& ascii) {
  if (!PyUnicode_Check(v)) {
    PyErr_Format(PyExc_TypeError, "expected str as %s separator", which);
    return false;
  }
  Py_ssize_t n = 0;
  const char* p = PyUnicode_AsUTF8AndSize(v, &n);
  if (p == nullptr) return false;
  try {
    out.assign(p, static_cast<std::size_t>(n));
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return false;
  }
  ascii = ascii && PyUnicode_IS_ASCII(v);
  return true;
}

// canonical=True: RFC 8785 fixes the output form, so an argument that would change it is a
// mistake (ValueError), as a bad_option is on the service. None counts as not given where
// it means the default; default= and reject_bytes= choose values, not form, and stay.
bool parse_canonical(PyObject* const (&v)[arg_count], call_options& o) {
  for (int i : {arg_ensure_ascii, arg_encode_html_chars, arg_escape_forward_slashes, arg_sort_keys, arg_indent,
                arg_allow_nan, arg_separators, arg_double_precision}) {
    if (v[i] != nullptr && v[i] != Py_None) {
      PyErr_Format(PyExc_ValueError, "canonical=True takes no %s: RFC 8785 fixes the output form", arg_names[i]);
      return false;
    }
  }
  if (!flag(v[arg_reject_bytes], true, o.reject_bytes)) return false;
  if (PyObject* d = v[arg_default]; d != nullptr && d != Py_None) o.default_fn = d;
  o.encode = ujson::encode_options{};
  o.encode.canonical = true;
  o.encode.ensure_ascii = false;  // what the writer does; encode_with() builds the str by it
  o.encode.max_depth = dumps_max_depth;
  o.encode.normalize();
  return true;
}

bool parse_options(PyObject* const (&v)[arg_count], call_options& o) {
  bool canonical = false;
  if (!flag(v[arg_canonical], false, canonical)) return false;
  if (canonical) return parse_canonical(v, o);
  ujson::encode_options& e = o.encode;
  if (!flag(v[arg_ensure_ascii], true, e.ensure_ascii) || !flag(v[arg_encode_html_chars], false, e.encode_html_chars) ||
      !flag(v[arg_escape_forward_slashes], true, e.escape_forward_slashes) ||
      !flag(v[arg_sort_keys], false, o.sort_keys) || !flag(v[arg_allow_nan], true, e.allow_nan) ||
      !flag(v[arg_reject_bytes], true, o.reject_bytes)) {
    return false;
  }
  // Lone surrogates cost nothing extra when every non-ASCII character is escaped anyway.
  e.allow_lone_surrogates = e.ensure_ascii;
  e.sort_keys = false;
  e.max_depth = dumps_max_depth;
  e.trusted_utf8 = true;  // every str's UTF-8 comes from CPython (lone surrogates aside: see dumps.cpp)

  long indent = 0;
  if (v[arg_indent] != nullptr && v[arg_indent] != Py_None && !int_arg(v[arg_indent], indent)) return false;
  if (indent > max_python_indent) {
    PyErr_SetString(PyExc_ValueError, "Maximum allowed indentation is 1000");
    return false;
  }
  e.indent = static_cast<int>(std::clamp(indent, 0L, static_cast<long>(ujson::max_indent)));

  if (PyObject* s = v[arg_separators]; s != nullptr && s != Py_None) {
    if (!PyTuple_Check(s)) {
      PyErr_SetString(PyExc_TypeError, "expected tuple or None as separator");
      return false;
    }
    if (PyTuple_GET_SIZE(s) != 2) {
      PyErr_SetString(PyExc_ValueError, "expected tuple of size 2 as separator");
      return false;
    }
    if (!separator(PyTuple_GET_ITEM(s, 0), "item", e.item_separator, o.ascii_separators) ||
        !separator(PyTuple_GET_ITEM(s, 1), "key", e.key_separator, o.ascii_separators)) {
      return false;
    }
  } else if (indent < 0) {
    e.key_separator = ": ";  // ujson: a negative indent is compact, but with ": " after keys
  }

  if (PyObject* d = v[arg_double_precision]; d != nullptr && d != Py_None) {
    long precision = 0;
    if (!int_arg(d, precision)) return false;
    // 0..17 digits after the point; a negative value means the shortest round trip.
    e.double_precision = precision < 0 ? ujson::shortest_round_trip
                                       : static_cast<int>(std::min<long>(precision, ujson::max_double_precision));
  }

  if (PyObject* d = v[arg_default]; d != nullptr && d != Py_None) o.default_fn = d;
  e.normalize();  // so that the writer kept between calls is recognised (dumps.cpp)
  return true;
}

}  // namespace

bool parse_dumps_args(module_state* st, const char* fn, PyObject* const* pos, Py_ssize_t npos,
                      PyObject* const* kwvalues, PyObject* kwnames, PyObject*& obj, call_options& o) {
  PyObject* values[arg_count] = {};
  if (!collect_args(st, fn, pos, npos, kwvalues, kwnames, values) || !parse_options(values, o)) return false;
  obj = values[arg_obj];
  return true;
}

bool init_dumps_names(module_state* st) noexcept {
  for (int i = 0; i < arg_count; ++i) {
    st->dumps_arg_names[i] = PyUnicode_InternFromString(arg_names[i]);
    if (st->dumps_arg_names[i] == nullptr) return false;
  }
  return true;
}

}  // namespace ultrajson
