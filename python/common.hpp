#pragma once
// Shared by the files of the `ultrajson` extension module: an owning PyObject reference,
// the per-module state, and the entry points each file defines.
//
// Nothing here releases the GIL: loads() reads the caller's str/bytes buffer in place and
// dumps() reads Python objects while walking them, so both need the GIL for their whole run.

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

namespace ultrajson {

// An owned (strong) reference, released when it goes out of scope: every error path of
// the module returns through destructors, so none can leak a reference.
class py_ref {
 public:
  py_ref() noexcept = default;
  // Takes over a new reference (may be null, e.g. a failed API call).
  explicit py_ref(PyObject* owned) noexcept : p_(owned) {}
  static py_ref borrow(PyObject* borrowed) noexcept {
    Py_XINCREF(borrowed);
    return py_ref(borrowed);
  }
  py_ref(const py_ref&) = delete;
  py_ref& operator=(const py_ref&) = delete;
  py_ref(py_ref&& other) noexcept : p_(std::exchange(other.p_, nullptr)) {}
  py_ref& operator=(py_ref&& other) noexcept {
    if (this != &other) reset(std::exchange(other.p_, nullptr));
    return *this;
  }
  ~py_ref() { Py_XDECREF(p_); }

  PyObject* get() const noexcept { return p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  // Hands the reference to the caller (e.g. as a function's return value).
  PyObject* release() noexcept { return std::exchange(p_, nullptr); }
  void reset(PyObject* owned = nullptr) noexcept {
    PyObject* old = std::exchange(p_, owned);
    Py_XDECREF(old);
  }

 private:
  PyObject* p_ = nullptr;
};

// A direct-mapped cache of recently decoded short ASCII object keys, so that the same key
// in many objects is one shared str (as orjson's key cache). Holds strong references; the
// module frees it.
struct key_cache {
  static constexpr std::size_t slots = 2048;
  static constexpr std::size_t max_length = 64;
  struct entry {
    std::uint64_t hash;
    PyObject* str;
  };
  entry entries[slots] = {};

  void clear() noexcept {
    for (entry& e : entries) Py_CLEAR(e.str);
  }
};

inline constexpr int dumps_arg_count = 12;  // obj, the ten options of ujson's dumps(), and canonical

struct loads_context;  // loads.cpp
struct dumps_context;  // dumps.cpp

struct module_state {
  PyObject* decode_error = nullptr;  // ultrajson.JSONDecodeError (a json.JSONDecodeError)
  PyObject* str_to_dict = nullptr;   // interned "toDict"
  PyObject* str_json = nullptr;      // interned "__json__"
  PyObject* str_read = nullptr;      // interned "read"
  PyObject* str_write = nullptr;     // interned "write"
  PyObject* str_decimal = nullptr;   // interned "decimal"
  PyObject* dumps_arg_names[dumps_arg_count] = {};  // interned, in dumps()'s order
  key_cache* keys = nullptr;
  // One decoder and one writer kept between calls (their buffers keep their capacity).
  // A call that finds one busy (a finalizer run by the garbage collector in the middle of
  // a call, calling loads/dumps again) builds its own.
  loads_context* loads_cache = nullptr;
  dumps_context* dumps_cache = nullptr;
};

inline module_state* state_of(PyObject* module) noexcept {
  return static_cast<module_state*>(PyModule_GetState(module));
}

// loads.cpp
PyObject* loads(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
PyObject* load(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
bool init_loads_cache(module_state* st) noexcept;
void free_loads_cache(module_state* st) noexcept;

// dumps.cpp
PyObject* dumps(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
PyObject* dump(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
bool init_dumps_cache(module_state* st) noexcept;
void free_dumps_cache(module_state* st) noexcept;
PyObject* cache_stats(PyObject* module, PyObject* unused);
bool init_dumps_names(module_state* st) noexcept;

}  // namespace ultrajson
