#include "loads_args.hpp"

namespace ultrajson {
namespace {

// json's default, given explicitly: the same result as no hook.
bool is_default(PyObject* hook, PyTypeObject* type) noexcept {
  return hook == Py_None || hook == reinterpret_cast<PyObject*>(type);
}

bool set_hook(const char* fn, PyObject* name, PyObject* value, decode_hooks& hooks) {
  struct slot {
    const char* name;
    PyObject* decode_hooks::*member;
    PyTypeObject* same_as_none;  // a value that means "not given" beside None
  };
  static const slot slots[] = {
      {"object_hook", &decode_hooks::object_hook, nullptr},
      {"object_pairs_hook", &decode_hooks::object_pairs_hook, nullptr},
      {"parse_float", &decode_hooks::parse_float, &PyFloat_Type},
      {"parse_int", &decode_hooks::parse_int, &PyLong_Type},
      {"parse_constant", &decode_hooks::parse_constant, nullptr},
  };
  for (const slot& s : slots) {
    if (PyUnicode_CompareWithASCIIString(name, s.name) != 0) continue;
    // Not checked for being callable: json calls a hook only when its kind of value
    // occurs, so json.loads('"x"', parse_int=5) succeeds, and so does this.
    if (!is_default(value, s.same_as_none)) hooks.*s.member = value;
    return true;
  }
  PyErr_Format(PyExc_TypeError, "'%U' is an invalid keyword argument for %s()", name, fn);
  return false;
}

}  // namespace

bool parse_loads_args(const char* fn, PyObject* const* args, Py_ssize_t npos, PyObject* kwnames, decode_hooks& hooks) {
  if (npos != 1) {
    PyErr_Format(PyExc_TypeError, "%s() takes exactly 1 positional argument (%zd given)", fn, npos);
    return false;
  }
  if (kwnames == nullptr) return true;
  const Py_ssize_t nkw = PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t i = 0; i < nkw; ++i) {
    if (!set_hook(fn, PyTuple_GET_ITEM(kwnames, i), args[npos + i], hooks)) return false;
  }
  return true;
}

}  // namespace ultrajson
