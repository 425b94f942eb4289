// loads() and load(): the codec's decoder drives a handler that builds Python objects
// (builder.hpp; hooked_builder.hpp when json's hooks are given). This file gets the input's
// bytes, picks the handler, and turns a failure into JSONDecodeError (decode_error.cpp).

#include <new>
#include <string_view>
#include <vector>

#include "builder.hpp"
#include "common.hpp"
#include "decode_error.hpp"
#include "hooked_builder.hpp"
#include "loads_args.hpp"
#include "ujson/decoder.hpp"

namespace ultrajson {

namespace {

ujson::decode_options python_decode_options() {
  ujson::decode_options o;
  o.allow_nan_literals = true;     // NaN, Infinity, -Infinity: json and ujson accept them
  o.allow_lone_surrogates = true;  // "\ud800" decodes to that code point, as json and ujson
  // A str's own surrogates, and bytes holding them in three bytes each, read as json reads
  // them (it decodes bytes with "surrogatepass"): one character each, pairs too.
  o.allow_raw_surrogates = true;
  return o;
}

}  // namespace

// What one call decodes with; the module keeps one between calls (the key cache in it
// shares the str objects of repeated keys across calls).
struct loads_context {
  ujson::decoder decoder{python_decode_options()};
  std::vector<PyObject*> stack;
  key_cache keys;
  in_use_flag in_use;
};

bool init_loads_cache(module_state* st) noexcept {
  st->loads_cache = new (std::nothrow) loads_context;
  return st->loads_cache != nullptr;
}

void clear_loads_cache(module_state* st) noexcept {
  if (st->loads_cache != nullptr) st->loads_cache->keys.clear();
}

void free_loads_cache(module_state* st) noexcept {
  delete st->loads_cache;
  st->loads_cache = nullptr;
}

namespace {

// Holds a buffer-protocol view for the duration of a call.
class buffer_view {
 public:
  buffer_view() noexcept = default;
  buffer_view(const buffer_view&) = delete;
  buffer_view& operator=(const buffer_view&) = delete;
  ~buffer_view() {
    if (held_) PyBuffer_Release(&view_);
  }
  bool acquire(PyObject* obj) noexcept {
    held_ = PyObject_GetBuffer(obj, &view_, PyBUF_C_CONTIGUOUS) == 0;
    return held_;
  }
  std::string_view bytes() const noexcept {
    return {static_cast<const char*>(view_.buf), static_cast<std::size_t>(view_.len)};
  }

 private:
  Py_buffer view_{};
  bool held_ = false;
};

template <class Builder>
PyObject* decode(module_state* st, loads_context& ctx, std::string_view input, PyObject* arg, Builder& b) {
  ujson::error e;
  try {
    e = ctx.decoder.decode(input, b);
  } catch (const std::bad_alloc&) {
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return nullptr;
  }
  if (!e) return b.take_result();
  // A Python exception set by the handler (a memory error, int() over its digit limit, a
  // hook's own) is reported as it is.
  if (PyErr_Occurred()) return nullptr;
  raise_decode_error(st, e, input, arg);
  return nullptr;
}

PyObject* decode(module_state* st, loads_context& ctx, std::string_view input, PyObject* arg,
                 const decode_hooks& hooks) {
  if (!hooks.any()) [[likely]] {
    builder b(ctx.stack, ctx.keys);
    return decode(st, ctx, input, arg, b);
  }
  hooked_builder b(ctx.stack, ctx.keys, hooks);
  return decode(st, ctx, input, arg, b);
}

PyObject* loads_impl(module_state* st, PyObject* arg, const decode_hooks& hooks) {
  std::string_view input;
  buffer_view view;
  py_ref wtf8;
  if (PyUnicode_Check(arg)) {
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(arg, &n);
    if (p == nullptr) {
      // Lone surrogates: the str has no UTF-8 form. Its generalized UTF-8 (each surrogate
      // in three bytes) is what the decoder reads (allow_raw_surrogates). Cold.
      if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return nullptr;
      PyErr_Clear();
      wtf8 = py_ref(PyUnicode_AsEncodedString(arg, "utf-8", "surrogatepass"));
      if (!wtf8) return nullptr;
      p = PyBytes_AS_STRING(wtf8.get());
      n = PyBytes_GET_SIZE(wtf8.get());
    }
    input = std::string_view(p, static_cast<std::size_t>(n));
  } else if (PyBytes_Check(arg)) {
    input = std::string_view(PyBytes_AS_STRING(arg), static_cast<std::size_t>(PyBytes_GET_SIZE(arg)));
  } else if (view.acquire(arg)) {  // bytearray, memoryview, any C-contiguous buffer
    input = view.bytes();
  } else {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "Expected string or C-contiguous bytes-like object");
    return nullptr;
  }

  loads_context* ctx = st->loads_cache;
  if (ctx != nullptr && ctx->in_use.try_take()) {
    PyObject* r = decode(st, *ctx, input, arg, hooks);
    ctx->in_use.give_back();
    return r;
  }
  // Re-entered (a hook, or a finalizer run by the garbage collector, calling loads during
  // a call), or another thread's (free-threaded build): a fresh context.
  loads_context* local = new (std::nothrow) loads_context;
  if (local == nullptr) return PyErr_NoMemory();
  PyObject* r = decode(st, *local, input, arg, hooks);
  delete local;
  return r;
}

[[gnu::cold, gnu::noinline]] PyObject* loads_with_hooks(PyObject* module, PyObject* const* args, Py_ssize_t nargs,
                                                        PyObject* kwnames) {
  decode_hooks hooks;
  if (!parse_loads_args("loads", args, PyVectorcall_NARGS(nargs), kwnames, hooks)) return nullptr;
  return loads_impl(state_of(module), args[0], hooks);
}

}  // namespace

PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static constexpr decode_hooks no_hooks{};
  if (PyVectorcall_NARGS(nargs) == 1 && kwnames == nullptr) [[likely]] {
    return loads_impl(state_of(module), args[0], no_hooks);
  }
  return loads_with_hooks(module, args, nargs, kwnames);
}

PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  module_state* st = state_of(module);
  decode_hooks hooks;
  if (!parse_loads_args("load", args, PyVectorcall_NARGS(nargs), kwnames, hooks)) return nullptr;
  PyObject* fp = args[0];
  py_ref read(PyObject_GetAttr(fp, st->str_read));
  if (!read || !PyCallable_Check(read.get())) {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "expected file");
    return nullptr;
  }
  py_ref text(PyObject_CallNoArgs(read.get()));
  if (!text) return nullptr;
  return loads_impl(st, text.get(), hooks);
}

}  // namespace ultrajson
