// The `ultrajson` module: ujson's Python API over the codec. Multi-phase initialisation
// (PEP 489) with all state in the module object, so each interpreter has its own.

#include <new>

#include "common.hpp"
#include "ujson/version.hpp"

namespace ultrajson {
namespace {

PyDoc_STRVAR(dumps_doc,
             "dumps(obj, ensure_ascii=True, encode_html_chars=False, escape_forward_slashes=True, sort_keys=False,\n"
             "      indent=0, allow_nan=True, reject_bytes=True, default=None, separators=None, double_precision=None,\n"
             "      *, canonical=False)\n"
             "--\n\n"
             "Converts arbitrary object recursively into JSON. Use ensure_ascii=False to output UTF-8. "
             "Set encode_html_chars=True to encode < > & as unicode escape sequences. Set "
             "escape_forward_slashes=False to prevent escaping / characters. Set allow_nan=False to raise an "
             "exception when NaN or Infinity would be serialized. Set reject_bytes=True to raise TypeError on "
             "bytes. double_precision=N writes at most N digits after the decimal point (shortest round trip "
             "when absent). canonical=True writes RFC 8785 (JSON Canonicalization Scheme) and takes none of "
             "the formatting options; NaN, Infinity, an int that would come out as another number, a lone surrogate "
             "and two keys that convert to one string raise ValueError.");
PyDoc_STRVAR(dump_doc,
             "dump(obj, fp, /, **options)\n--\n\n"
             "Converts arbitrary object recursively into JSON and writes it to fp (fp.write(str)); the options "
             "are those of dumps().");
#define ULTRAJSON_HOOKS \
  "object_hook=None, parse_float=None, parse_int=None, parse_constant=None, object_pairs_hook=None"
PyDoc_STRVAR(loads_doc,
             "loads(obj, /, *, " ULTRAJSON_HOOKS ")\n--\n\n"
             "Converts JSON as str, bytes, bytearray or any C-contiguous buffer to Python objects. Raises "
             "JSONDecodeError (a ValueError) on invalid JSON. The hooks are json.loads': object_pairs_hook "
             "gets each object as a list of (key, value) pairs, else object_hook gets it as a dict, and what "
             "they return replaces it; parse_float, parse_int and parse_constant get a number's text "
             "(parse_float=decimal.Decimal gives exact decimals) or 'NaN', 'Infinity', '-Infinity'.");
PyDoc_STRVAR(load_doc,
             "load(fp, /, *, " ULTRAJSON_HOOKS ")\n--\n\n"
             "Converts JSON read from fp (fp.read()) to Python objects; the hooks are those of loads().");

#define UJSON_FASTCALL(fn) reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>(fn))

PyMethodDef methods[] = {
    {"dumps", UJSON_FASTCALL(dumps), METH_FASTCALL | METH_KEYWORDS, dumps_doc},
    {"encode", UJSON_FASTCALL(dumps), METH_FASTCALL | METH_KEYWORDS, dumps_doc},
    {"dump", UJSON_FASTCALL(dump), METH_FASTCALL | METH_KEYWORDS, dump_doc},
    {"loads", UJSON_FASTCALL(loads), METH_FASTCALL | METH_KEYWORDS, loads_doc},
    {"decode", UJSON_FASTCALL(loads), METH_FASTCALL | METH_KEYWORDS, loads_doc},
    {"load", UJSON_FASTCALL(load), METH_FASTCALL | METH_KEYWORDS, load_doc},
    {"_cache_stats", cache_stats, METH_NOARGS,
     "_cache_stats()\n--\n\nInternal: counters of the state kept between calls (for the tests)."},
    {nullptr, nullptr, 0, nullptr},
};

PyObject* intern(const char* s) { return PyUnicode_InternFromString(s); }

int module_exec(PyObject* m) {
  module_state* st = state_of(m);
  // ultrajson.JSONDecodeError is a json.JSONDecodeError: it has msg, doc, pos, lineno and
  // colno, and `except ValueError` and `except json.JSONDecodeError` both catch it.
  py_ref json(PyImport_ImportModule("json"));
  if (!json) return -1;
  py_ref base(PyObject_GetAttrString(json.get(), "JSONDecodeError"));
  if (!base) return -1;
  st->decode_error = PyErr_NewExceptionWithDoc("ultrajson.JSONDecodeError",
                                               "Invalid JSON: the message ends with line, column and "
                                               "character position, as json.JSONDecodeError's.",
                                               base.get(), nullptr);
  if (st->decode_error == nullptr) return -1;
  if (PyModule_AddObjectRef(m, "JSONDecodeError", st->decode_error) < 0) return -1;
  if (PyModule_AddStringConstant(m, "__version__", UJSON_VERSION_STRING) < 0) return -1;

  st->str_to_dict = intern("toDict");
  st->str_json = intern("__json__");
  st->str_read = intern("read");
  st->str_write = intern("write");
  st->str_decimal = intern("decimal");
  if (!st->str_to_dict || !st->str_json || !st->str_read || !st->str_write || !st->str_decimal) return -1;
  if (!init_dumps_names(st)) return -1;

  if (!init_loads_cache(st) || !init_dumps_cache(st)) {
    PyErr_NoMemory();
    return -1;
  }
  return 0;
}

int module_traverse(PyObject* m, visitproc visit, void* arg) {
  module_state* st = state_of(m);
  if (st != nullptr) Py_VISIT(st->decode_error);
  return 0;
}

int module_clear(PyObject* m) {
  module_state* st = state_of(m);
  if (st == nullptr) return 0;
  Py_CLEAR(st->decode_error);
  Py_CLEAR(st->str_to_dict);
  Py_CLEAR(st->str_json);
  Py_CLEAR(st->str_read);
  Py_CLEAR(st->str_write);
  Py_CLEAR(st->str_decimal);
  for (PyObject*& name : st->dumps_arg_names) Py_CLEAR(name);
  clear_loads_cache(st);
  return 0;
}

void module_free(void* m) {
  module_clear(static_cast<PyObject*>(m));
  module_state* st = state_of(static_cast<PyObject*>(m));
  if (st == nullptr) return;
  free_loads_cache(st);
  free_dumps_cache(st);
}

PyModuleDef_Slot slots[] = {
    {Py_mod_exec, reinterpret_cast<void*>(module_exec)},
#if PY_VERSION_HEX >= 0x030C0000
    {Py_mod_multiple_interpreters, Py_MOD_PER_INTERPRETER_GIL_SUPPORTED},
#endif
#if PY_VERSION_HEX >= 0x030D0000
    // Free-threaded builds may run it without the GIL: see common.hpp for what guards the
    // state kept between calls, and the README for what has been tested.
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
#endif
    {0, nullptr},
};

PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "ultrajson",
    "UltraJSON (C++): ujson's API (dumps, loads, dump, load, encode, decode) over the ujson codec.",
    sizeof(module_state),
    methods,
    slots,
    module_traverse,
    module_clear,
    module_free,
};

}  // namespace
}  // namespace ultrajson

PyMODINIT_FUNC PyInit_ultrajson(void) { return PyModuleDef_Init(&ultrajson::module_def); }
