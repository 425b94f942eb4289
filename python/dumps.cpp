// dumps(): an encode adapter that walks Python objects straight into the codec's writer.
//
// Type dispatch in two tiers (orjson's obtype): exact type checks for str, int, float,
// bool, None, list, dict and tuple first, then a cold function for subclasses, bytes,
// Decimal, toDict()/__json__() and default(), in ujson's order. The walk recurses, but
// never deeper than dumps_max_depth (ujson's 1025 levels): that cap is also what turns a
// circular structure into OverflowError, with no set of visited ids. The writer's own
// max_depth is the same number.
//
// References: a scalar of an exact type (str, int, float, bool, None) is written without
// running Python code, so it is read borrowed from its list or dict (a list of True costs
// no chain of reference-count updates on one object); containers and everything the cold
// path handles are held while they are walked, since default(), toDict(), __json__, a
// key's __str__ or a collection started by an allocation may change what holds them. The
// two scalar paths that may raise (a str with a lone surrogate, an int beyond 64 bits)
// hold their object.

#include <atomic>
#include <charconv>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "common.hpp"
#include "dumps_args.hpp"
#include "unicode.hpp"
#include "ujson/writer.hpp"

namespace ultrajson {

namespace {

using ujson::errc;

// ujson: default() may be applied at most three times in a row to one value (its result
// being unknown again); then TypeError.
constexpr int max_default_chain = 3;
// A cached writer that wrote more than this is dropped, so that one large document does not
// keep its buffer alive for the life of the process.
constexpr std::size_t max_cached_output = 1 << 20;

}  // namespace

struct dumps_context {
  std::unique_ptr<ujson::writer> writer;
  in_use_flag in_use;
  // For ultrajson._cache_stats(), which may read it while another thread (free-threaded
  // build) counts.
  std::atomic<std::size_t> writers_built{0};

  // A writer for these (normalized) options, reusing the one kept from the last call when
  // they match: the writer's own options are normalized too.
  ujson::writer& writer_for(const ujson::encode_options& options) {
    if (!writer || writer->options() != options) {
      writer.reset();
      writer = std::make_unique<ujson::writer>(options);
      writers_built.fetch_add(1, std::memory_order_relaxed);
    } else {
      writer->reset();
    }
    return *writer;
  }
};

PyObject* cache_stats(PyObject* module, PyObject*) {
  const dumps_context* ctx = state_of(module)->dumps_cache;
  const std::size_t built = ctx == nullptr ? 0 : ctx->writers_built.load(std::memory_order_relaxed);
  return Py_BuildValue("{s:n}", "writers_built", static_cast<Py_ssize_t>(built));
}

bool init_dumps_cache(module_state* st) noexcept {
  st->dumps_cache = new (std::nothrow) dumps_context;
  return st->dumps_cache != nullptr;
}

void free_dumps_cache(module_state* st) noexcept {
  delete st->dumps_cache;
  st->dumps_cache = nullptr;
}

namespace {

// Why a walk stopped.
enum class stop : std::uint8_t {
  none,
  python_error,      // a Python exception is set
  writer_error,      // the writer's status() says why
  needs_surrogates,  // a str holds a lone surrogate: encode again with allow_lone_surrogates
};

class encoder {
 public:
  encoder(module_state* st, ujson::writer& w, const call_options& o) noexcept : st_(st), w_(w), o_(o) {}

  stop run(PyObject* obj) { return value(obj) ? stop::none : why_; }
  bool wrote_raw() const noexcept { return wrote_raw_; }
  // Whether every str written was ASCII (then, under the ASCII separators and without
  // __json__ text, so is the output).
  bool wrote_only_ascii() const noexcept { return !wrote_non_ascii_; }

 private:
  bool value(PyObject* obj, int default_chain = 0) {
    PyTypeObject* const type = Py_TYPE(obj);
    if (type == &PyUnicode_Type) return string(obj);
    if (type == &PyLong_Type) return integer(obj);
    if (type == &PyFloat_Type) return writer_ok(w_.number(PyFloat_AS_DOUBLE(obj)));
    if (obj == Py_True) return writer_ok(w_.boolean(true));
    if (obj == Py_False) return writer_ok(w_.boolean(false));
    if (obj == Py_None) return writer_ok(w_.null());
    if (type == &PyList_Type) return list(obj);
    if (type == &PyDict_Type) return dict(obj);
    if (type == &PyTuple_Type) return tuple(obj);
    return cold(obj, default_chain);
  }

  bool writer_ok(errc e) {
    if (e == errc::ok) [[likely]] return true;
    why_ = stop::writer_error;
    return false;
  }
  bool python_error() {
    why_ = stop::python_error;
    return false;
  }

  // ujson counts every value against its limit, scalars too: a container that holds
  // anything may not open beyond dumps_max_depth - 1 levels. Checked once per container,
  // after the writer opened it; true when it stopped the walk.
  bool items_too_deep() {
    if (w_.depth() < dumps_max_depth) [[likely]] return false;
    too_deep();
    return true;
  }

  [[gnu::cold]] bool too_deep() {
    PyErr_SetString(PyExc_OverflowError, "Maximum recursion level reached");
    return python_error();
  }

  // The UTF-8 of a str (exact or subclass), borrowed from the object, or held in `holder`
  // when it has lone surrogates (then as WTF-8, which the writer escapes).
  bool utf8_of(PyObject* str, std::string_view& out, py_ref& holder) {
    if (PyUnicode_IS_COMPACT_ASCII(str)) {
      out = std::string_view(static_cast<const char*>(PyUnicode_DATA(str)),
                             static_cast<std::size_t>(PyUnicode_GET_LENGTH(str)));
      return true;
    }
    wrote_non_ascii_ = true;
    // Held across the call: its error path (a lone surrogate) allocates an exception, and a
    // collection run by that may change what holds the str.
    const py_ref keep = py_ref::borrow(str);
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(str, &n);
    if (p != nullptr) [[likely]] {
      out = std::string_view(p, static_cast<std::size_t>(n));
      return true;
    }
    return surrogate_utf8(str, out, holder);
  }

  [[gnu::cold]] bool surrogate_utf8(PyObject* str, std::string_view& out, py_ref& holder) {
    if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return python_error();
    PyErr_Clear();
    // Canonical output refuses a lone surrogate: the writer says so (not_canonicalizable).
    if (!w_.options().allow_lone_surrogates && !w_.options().canonical) {
      why_ = stop::needs_surrogates;
      return false;
    }
    holder = py_ref(PyUnicode_AsEncodedString(str, "utf-8", "surrogatepass"));
    if (!holder) return python_error();
    out = std::string_view(PyBytes_AS_STRING(holder.get()), static_cast<std::size_t>(PyBytes_GET_SIZE(holder.get())));
    return true;
  }

  bool string(PyObject* str) {
    std::string_view text;
    py_ref holder;
    if (!utf8_of(str, text, holder)) return false;
    return writer_ok(w_.string(text));
  }

  bool integer(PyObject* obj) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (overflow == 0) [[likely]] {
      if (v == -1 && PyErr_Occurred()) return python_error();
      return writer_ok(w_.int64(v));
    }
    return big_integer(obj, overflow);
  }

  [[gnu::cold]] bool big_integer(PyObject* obj, int overflow) {
    const py_ref hold = py_ref::borrow(obj);  // the errors below allocate
    if (overflow > 0) {
      const unsigned long long u = PyLong_AsUnsignedLongLong(obj);
      if (!(u == static_cast<unsigned long long>(-1) && PyErr_Occurred())) return writer_ok(w_.uint64(u));
      if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return python_error();
      PyErr_Clear();
    }
    // Beyond 64 bits: the exact decimal text (int's own, even for a subclass with __str__).
    py_ref text(PyNumber_ToBase(obj, 10));
    if (!text) return python_error();
    Py_ssize_t n = 0;
    const char* p = PyUnicode_AsUTF8AndSize(text.get(), &n);
    if (p == nullptr) return python_error();
    return writer_ok(w_.raw_number(std::string_view(p, static_cast<std::size_t>(n))));
  }

  bool list(PyObject* list) {
    const py_ref hold = py_ref::borrow(list);
    if (!writer_ok(w_.begin_array())) return false;
    if (PyList_GET_SIZE(list) != 0 && items_too_deep()) return false;
    // Re-read the size each time: default() or toDict() may change the list.
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); ++i) {
#ifdef Py_GIL_DISABLED
      // Another thread may change the list meanwhile: each item as a new reference, and
      // the end where the list now ends.
      const py_ref item(PyList_GetItemRef(list, i));
      if (!item) {
        if (!PyErr_ExceptionMatches(PyExc_IndexError)) return python_error();
        PyErr_Clear();
        break;
      }
      if (!value(item.get())) return false;
#else
      if (!value(PyList_GET_ITEM(list, i))) return false;  // held by value() if need be
#endif
    }
    return writer_ok(w_.end_array());
  }

  bool tuple(PyObject* tuple) {
    const py_ref hold = py_ref::borrow(tuple);
    if (!writer_ok(w_.begin_array())) return false;
    const Py_ssize_t n = PyTuple_GET_SIZE(tuple);
    if (n != 0 && items_too_deep()) return false;
    for (Py_ssize_t i = 0; i < n; ++i) {
      if (!value(PyTuple_GET_ITEM(tuple, i))) return false;  // a tuple keeps its items
    }
    return writer_ok(w_.end_array());
  }

  bool dict(PyObject* dict) {
    const py_ref hold = py_ref::borrow(dict);
    if (!writer_ok(w_.begin_object())) return false;
    if (o_.sort_keys && PyDict_GET_SIZE(dict) > 1) {
      if (!sorted_members(dict)) return false;
    } else if (Py_TYPE(dict)->tp_iter == PyDict_Type.tp_iter) {
      if (!members(dict)) return false;
    } else if (!mapping_members(dict)) {
      return false;
    }
    return writer_ok(w_.end_object());
  }

  // A dict's members in its own order.
  bool members(PyObject* dict) {
    if (PyDict_GET_SIZE(dict) != 0 && items_too_deep()) return false;
    Py_ssize_t pos = 0;
    PyObject* k = nullptr;
    PyObject* v = nullptr;
#ifdef Py_GIL_DISABLED
    // Without the GIL, PyDict_Next wants the dict locked (a critical section, which Python
    // code run by default() may suspend), and its members held.
    bool ok = true;
    Py_BEGIN_CRITICAL_SECTION(dict);
    while (ok && PyDict_Next(dict, &pos, &k, &v)) {
      const py_ref key_ref = py_ref::borrow(k);
      const py_ref value_ref = py_ref::borrow(v);
      ok = key(k) && value(v);
    }
    Py_END_CRITICAL_SECTION();
    return ok;
#else
    while (PyDict_Next(dict, &pos, &k, &v)) {
      if (PyUnicode_Check(k) && PyUnicode_IS_COMPACT_ASCII(k)) [[likely]] {  // written without touching Python
        if (!string_key(k) || !value(v)) return false;
        continue;
      }
      // Converting the key may run Python code (or a collection) that changes the dict:
      // v is held.
      const py_ref value_ref = py_ref::borrow(v);
      if (!key(k) || !value(v)) return false;
    }
    return true;
#endif
  }

  // A dict subclass with its own iteration order (OrderedDict): its items(), in order.
  [[gnu::cold]] bool mapping_members(PyObject* dict) {
    py_ref items(PyMapping_Items(dict));
    if (!items) return python_error();
    if (PyList_GET_SIZE(items.get()) != 0 && items_too_deep()) return false;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items.get()); ++i) {
      PyObject* pair = PyList_GET_ITEM(items.get(), i);
      if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
        PyErr_SetString(PyExc_ValueError, "items must return 2-tuples");
        return python_error();
      }
      const py_ref hold = py_ref::borrow(pair);
      if (!key(PyTuple_GET_ITEM(pair, 0)) || !value(PyTuple_GET_ITEM(pair, 1))) return false;
    }
    return true;
  }

  // sort_keys: the Python keys are sorted as they are (ints numerically, as ujson and json
  // do), then converted; keys of types that cannot be compared raise the sort's TypeError,
  // as in ujson and json.
  bool sorted_members(PyObject* dict) {
    py_ref keys(PyDict_Keys(dict));
    if (!keys) return python_error();
    if (PyList_Sort(keys.get()) < 0) return python_error();
    if (items_too_deep()) return false;  // more than one key
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(keys.get()); ++i) {
      PyObject* k = PyList_GET_ITEM(keys.get(), i);
      if (!key(k)) return false;
#ifdef Py_GIL_DISABLED
      PyObject* v = nullptr;
      if (PyDict_GetItemRef(dict, k, &v) < 0) return python_error();
      const py_ref value_ref(v);  // a new reference: another thread may change the dict
#else
      PyObject* v = PyDict_GetItemWithError(dict, k);
      const py_ref value_ref = py_ref::borrow(v);
#endif
      if (v == nullptr) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "dictionary changed size during iteration");
        return python_error();
      }
      if (!value(v)) return false;
    }
    return true;
  }

  // Keys as ujson converts them: str as is, bytes as UTF-8, True/False/None as
  // "true"/"false"/"null", anything else by str() (1 -> "1", 1.5 -> "1.5").
  bool string_key(PyObject* k) {
    std::string_view text;
    py_ref holder;
    if (!utf8_of(k, text, holder)) return false;
    return writer_ok(w_.key(text));
  }

  bool key(PyObject* k) {
    if (PyUnicode_Check(k)) return string_key(k);
    if (k == Py_True) return writer_ok(w_.key("true"));
    if (k == Py_False) return writer_ok(w_.key("false"));
    if (k == Py_None) return writer_ok(w_.key("null"));
    if (PyLong_CheckExact(k)) {
      int overflow = 0;
      const long long v = PyLong_AsLongLongAndOverflow(k, &overflow);
      if (overflow == 0 && !(v == -1 && PyErr_Occurred())) {
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, v);
        return writer_ok(w_.key(std::string_view(buf, static_cast<std::size_t>(r.ptr - buf))));
      }
      PyErr_Clear();
    }
    return converted_key(k);
  }

  [[gnu::cold]] bool converted_key(PyObject* k) {
    const py_ref hold = py_ref::borrow(k);
    py_ref str(PyBytes_Check(k) ? PyUnicode_FromEncodedObject(k, "utf-8", "strict") : PyObject_Str(k));
    if (!str) return python_error();
    std::string_view text;
    py_ref holder;
    if (!utf8_of(str.get(), text, holder)) return false;
    return writer_ok(w_.key(text));
  }

  // Everything but the exact common types, in ujson's order.
  [[gnu::cold]] bool cold(PyObject* obj, int default_chain) {
    const py_ref hold = py_ref::borrow(obj);
    if (PyLong_Check(obj)) return integer(obj);  // int subclasses: IntEnum, ...
    if (PyBytes_Check(obj)) {
      if (o_.reject_bytes) {
        PyErr_Format(PyExc_TypeError, "reject_bytes is on and '%s' is bytes", PyBytes_AS_STRING(obj));
        return python_error();
      }
      py_ref str(PyUnicode_FromEncodedObject(obj, "utf-8", "strict"));
      if (!str) return python_error();
      return string(str.get());
    }
    if (PyUnicode_Check(obj)) return string(obj);
    if (PyFloat_Check(obj)) return writer_ok(w_.number(PyFloat_AS_DOUBLE(obj)));
    if (PyDict_Check(obj)) return dict(obj);
    if (PyList_Check(obj)) return list(obj);
    if (PyTuple_Check(obj)) return tuple(obj);
    py_ref decimal_type;
    if (!find_decimal_type(decimal_type)) return python_error();
    if (decimal_type) {
      const int is_decimal = PyObject_IsInstance(obj, decimal_type.get());
      if (is_decimal < 0) return python_error();
      if (is_decimal) return decimal(obj, decimal_type.get());
    }
    if (py_ref to_dict = optional_attr(obj, st_->str_to_dict)) {
      py_ref d(PyObject_CallNoArgs(to_dict.get()));
      if (!d) return python_error();
      if (!PyDict_Check(d.get())) {
        PyErr_Format(PyExc_TypeError, "toDict() should return a dict, got %s", Py_TYPE(d.get())->tp_name);
        return python_error();
      }
      return dict(d.get());
    }
    if (py_ref to_json = optional_attr(obj, st_->str_json)) return raw_json(to_json.get());
    if (o_.default_fn != nullptr) {
      if (default_chain >= max_default_chain) {
        PyErr_SetString(PyExc_TypeError, "maximum recursion depth exceeded");
        return python_error();
      }
      py_ref replacement(PyObject_CallOneArg(o_.default_fn, obj));
      if (!replacement) return python_error();
      return value(replacement.get(), default_chain + 1);
    }
    PyErr_Format(PyExc_TypeError, "%R is not JSON serializable", obj);
    return python_error();
  }

  // obj.name when obj has it (any error while looking counts as "no", as hasattr in C).
  py_ref optional_attr(PyObject* obj, PyObject* name) {
    py_ref attr(PyObject_GetAttr(obj, name));
    if (!attr) PyErr_Clear();
    return attr;
  }

  // decimal.Decimal, once its module is loaded (no Decimal can exist before); else null.
  bool find_decimal_type(py_ref& type) {
    py_ref module(PyImport_GetModule(st_->str_decimal));
    if (!module) return !PyErr_Occurred();
    type = py_ref(PyObject_GetAttrString(module.get(), "Decimal"));
    if (!type) PyErr_Clear();
    return true;
  }

  // A finite Decimal is written as its exact text (str(Decimal("1.10")) is "1.10", valid
  // JSON in every form str gives), where ujson goes through a double. NaN and Infinity go
  // through float() to the writer, so allow_nan treats them as a float's; a signalling NaN
  // is float()'s ValueError. Canonical output (RFC 8785: numbers are doubles) takes the
  // nearest double, as it would from the JSON text "1.10".
  [[gnu::cold]] bool decimal(PyObject* obj, PyObject* decimal_type) {
    if (!w_.options().canonical) {
      py_ref finite(PyObject_CallMethod(obj, "is_finite", nullptr));
      if (!finite) return python_error();
      if (finite.get() == Py_True) {
        // Decimal's own str, even for a subclass that overrides __str__.
        py_ref text(reinterpret_cast<PyTypeObject*>(decimal_type)->tp_str(obj));
        if (!text) return python_error();
        Py_ssize_t n = 0;
        const char* p = PyUnicode_AsUTF8AndSize(text.get(), &n);
        if (p == nullptr) return python_error();
        return writer_ok(w_.raw_number(std::string_view(p, static_cast<std::size_t>(n))));
      }
    }
    const double d = PyFloat_AsDouble(obj);
    if (d == -1.0 && PyErr_Occurred()) return python_error();
    return writer_ok(w_.number(d));
  }

  // __json__() returns JSON text that is written as it is (ujson does not check it).
  bool raw_json(PyObject* method) {
    py_ref text(PyObject_CallNoArgs(method));
    if (!text) return python_error();
    std::string_view raw;
    py_ref holder;
    if (PyBytes_Check(text.get())) {
      raw = std::string_view(PyBytes_AS_STRING(text.get()), static_cast<std::size_t>(PyBytes_GET_SIZE(text.get())));
    } else if (PyUnicode_Check(text.get())) {
      Py_ssize_t n = 0;
      const char* p = PyUnicode_AsUTF8AndSize(text.get(), &n);
      if (p == nullptr) {
        if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError)) return python_error();
        PyErr_Clear();
        holder = py_ref(PyUnicode_AsEncodedString(text.get(), "utf-8", "surrogatepass"));
        if (!holder) return python_error();
        p = PyBytes_AS_STRING(holder.get());
        n = PyBytes_GET_SIZE(holder.get());
      }
      raw = std::string_view(p, static_cast<std::size_t>(n));
    } else {
      PyErr_Format(PyExc_TypeError, "__json__() should return str or bytes, got %s", Py_TYPE(text.get())->tp_name);
      return python_error();
    }
    wrote_raw_ = true;
    return writer_ok(w_.raw_number(raw));
  }

  module_state* st_;
  ujson::writer& w_;
  const call_options& o_;
  stop why_ = stop::none;
  bool wrote_raw_ = false;
  bool wrote_non_ascii_ = false;
};

[[gnu::cold]] void raise_writer_error(errc code) {
  switch (code) {
    case errc::depth_exceeded:
      PyErr_SetString(PyExc_OverflowError, "Maximum recursion level reached");
      break;
    case errc::nan_or_infinity:
      PyErr_SetString(PyExc_OverflowError, "Invalid value when encoding double");
      break;
    case errc::out_of_memory:
      PyErr_NoMemory();
      break;
    default: {
      const std::string_view msg = ujson::message(code);
      PyErr_Format(PyExc_ValueError, "%.*s", static_cast<int>(msg.size()), msg.data());
    }
  }
}

// One walk of obj with the writer `w`. Returns the JSON text as a str, or null.
PyObject* encode_with(module_state* st, ujson::writer& w, PyObject* obj, const call_options& o, stop& why) {
  encoder enc(st, w, o);
  why = enc.run(obj);
  if (why == stop::needs_surrogates) return nullptr;
  if (why == stop::python_error) return nullptr;
  if (why == stop::writer_error) {
    raise_writer_error(w.status());
    return nullptr;
  }
  const std::string_view out = w.output();
  const auto n = static_cast<Py_ssize_t>(out.size());
  // Under ensure_ascii every string is escaped to ASCII, and without it only a non-ASCII
  // str writes other bytes; __json__ text and non-ASCII separators may too. ASCII output
  // is copied into the str as it is, unscanned.
  if ((o.encode.ensure_ascii || enc.wrote_only_ascii()) && o.ascii_separators && !enc.wrote_raw()) {
    PyObject* s = PyUnicode_New(n, 127);
    if (s != nullptr && n != 0) std::memcpy(PyUnicode_DATA(s), out.data(), out.size());
    return s;
  }
  // __json__ text is not checked by the writer: CPython's decoder checks it.
  if (enc.wrote_raw()) return PyUnicode_DecodeUTF8(out.data(), n, "surrogatepass");
  return str_from_valid_utf8(out.data(), out.size());
}

// The module's writer for one call, when no other call holds it (given back at the end of
// the scope).
class cached_writer {
 public:
  explicit cached_writer(dumps_context* ctx) noexcept : ctx_(ctx != nullptr && ctx->in_use.try_take() ? ctx : nullptr) {}
  cached_writer(const cached_writer&) = delete;
  cached_writer& operator=(const cached_writer&) = delete;
  ~cached_writer() {
    if (ctx_ != nullptr) ctx_->in_use.give_back();
  }
  dumps_context* get() const noexcept { return ctx_; }

 private:
  dumps_context* ctx_;
};

PyObject* encode(module_state* st, PyObject* obj, call_options& o) {
  for (;;) {
    stop why = stop::none;
    PyObject* result = nullptr;
    const cached_writer held(st->dumps_cache);
    dumps_context* ctx = held.get();
    try {
      if (ctx != nullptr) {
        ujson::writer& w = ctx->writer_for(o.encode);
        result = encode_with(st, w, obj, o, why);
        if (w.output().size() > max_cached_output) ctx->writer.reset();
        else w.reset();
      } else {
        // Re-entered (a finalizer run by the garbage collector during a call), or another
        // thread's (free-threaded build): a fresh writer.
        ujson::writer w(o.encode);
        result = encode_with(st, w, obj, o, why);
      }
    } catch (const std::bad_alloc&) {
      if (ctx != nullptr) ctx->writer.reset();  // only the writer this call holds
      Py_XDECREF(result);
      if (!PyErr_Occurred()) PyErr_NoMemory();
      return nullptr;
    }
    if (why != stop::needs_surrogates) return result;
    // A lone surrogate under ensure_ascii=False: the writer must accept WTF-8 for it (and
    // write it as it is), which costs the fast path for non-ASCII text, so only such
    // documents are encoded again.
    // (default(), toDict() and __json__ run again for them.)
    // As json (and ujson) do, the surrogate itself goes into the result str.
    o.encode.allow_lone_surrogates = true;
    o.encode.raw_lone_surrogates = true;
  }
}

PyObject* dumps_impl(module_state* st, const char* fn, PyObject* const* pos, Py_ssize_t npos,
                     PyObject* const* kwvalues, PyObject* kwnames) {
  PyObject* obj = nullptr;
  call_options o;
  try {
    if (!parse_dumps_args(st, fn, pos, npos, kwvalues, kwnames, obj, o)) return nullptr;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  }
  return encode(st, obj, o);
}

}  // namespace

PyObject* dumps(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  const Py_ssize_t npos = PyVectorcall_NARGS(nargs);
  return dumps_impl(state_of(module), "dumps", args, npos, args + npos, kwnames);
}

PyObject* dump(PyObject* module, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  module_state* st = state_of(module);
  const Py_ssize_t npos = PyVectorcall_NARGS(nargs);
  if (npos != 2) {
    PyErr_Format(PyExc_TypeError, "dump() takes exactly 2 positional arguments (%zd given)", npos);
    return nullptr;
  }
  PyObject* fp = args[1];
  py_ref write(PyObject_GetAttr(fp, st->str_write));
  if (!write || !PyCallable_Check(write.get())) {
    PyErr_Clear();
    PyErr_SetString(PyExc_TypeError, "expected file");
    return nullptr;
  }
  py_ref text(dumps_impl(st, "dump", args, 1, args + npos, kwnames));
  if (!text) return nullptr;
  py_ref r(PyObject_CallOneArg(write.get(), text.get()));
  if (!r) return nullptr;
  Py_RETURN_NONE;
}

}  // namespace ultrajson
