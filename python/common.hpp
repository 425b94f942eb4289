#pragma once
// Shared by the files of the `ultrajson` extension module: an owning PyObject reference,
// the per-module state, and the entry points each file defines.
//
// Nothing here releases the GIL: loads() reads the caller's str/bytes buffer in place and
// dumps() reads Python objects while walking them, so both need the GIL for their whole run.
//
// Free-threaded CPython (3.13t, Py_GIL_DISABLED): the state kept between calls (a decoder
// with its key cache, a writer) belongs to one call at a time through an in_use_flag
// taken by an atomic exchange, so a thread that finds it taken builds its own, as a
// re-entrant call does under the GIL; dumps() reads list items as new references and
// walks a dict inside a critical section on it (dumps.cpp). The README says what of
// this has been tested.

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <atomic>
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

  key_cache() noexcept = default;
  key_cache(const key_cache&) = delete;
  key_cache& operator=(const key_cache&) = delete;
  ~key_cache() { clear(); }  // with the GIL (or the thread state) held, as every caller has

  void clear() noexcept {
    for (entry& e : entries) Py_CLEAR(e.str);
  }
};

// Taken by one call at a time (the decoder and the writer kept between calls). Under the
// GIL a plain flag does: nothing runs between the test and the set. Without it
// (Py_GIL_DISABLED), an atomic exchange; acquire and release order the state's use.
class in_use_flag {
 public:
  // True when this call now holds it; false when another call (a re-entrant one, or under
  // free threading another thread) does.
  bool try_take() noexcept {
#ifdef Py_GIL_DISABLED
    return !taken_.exchange(true, std::memory_order_acquire);
#else
    if (taken_) return false;
    taken_ = true;
    return true;
#endif
  }
  void give_back() noexcept {
#ifdef Py_GIL_DISABLED
    taken_.store(false, std::memory_order_release);
#else
    taken_ = false;
#endif
  }

 private:
#ifdef Py_GIL_DISABLED
  std::atomic<bool> taken_{false};
#else
  bool taken_ = false;
#endif
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
  // One decoder (with its key cache) and one writer kept between calls (their buffers keep
  // their capacity). A call that finds one in use (a finalizer run by the garbage collector
  // in the middle of a call, calling loads/dumps again; another thread without the GIL)
  // builds its own.
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
void clear_loads_cache(module_state* st) noexcept;  // drops the cached keys
void free_loads_cache(module_state* st) noexcept;

// dumps.cpp
PyObject* dumps(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
PyObject* dump(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames);
bool init_dumps_cache(module_state* st) noexcept;
void free_dumps_cache(module_state* st) noexcept;
PyObject* cache_stats(PyObject* module, PyObject* unused);
bool init_dumps_names(module_state* st) noexcept;

}  // namespace ultrajson
