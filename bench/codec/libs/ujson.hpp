#pragma once
// ujson, as it is meant to be used: one document reused across parses (its arena keeps
// its capacity), one writer reused across serializations.

#include <string>
#include <string_view>

#include "../digest.hpp"
#include "ujson/dom.hpp"
#include "ujson/validate.hpp"
#include "ujson/writer.hpp"

namespace codec_bench::libs {

class ujson_lib {
 public:
  static constexpr const char* name = "ujson";
  static constexpr int double_ulps = 0;
  static constexpr bool has_sorted_serialize = true;

  static std::string version() {
#ifdef UJSON_BENCH_VERSION
    return UJSON_BENCH_VERSION;
#else
    return "dev";
#endif
  }

  // The peers write UTF-8 as is and leave '/' alone; so does ujson here (the canonical
  // form of `ujson format`), rather than UltraJSON's ensure_ascii/escape_forward_slashes
  // defaults, so that every column writes the same kind of text.
  static ujson::encode_options compact(bool sort_keys) {
    ujson::encode_options o;
    o.ensure_ascii = false;
    o.escape_forward_slashes = false;
    o.sort_keys = sort_keys;
    return o;
  }

  ujson_lib() : writer_(compact(false)), sorted_writer_(compact(true)) {}

  // Untimed: keeps the library's own copy of the input. The document's strings may point
  // into it, so it must not change while the document is used.
  void prepare(std::string_view json) { input_.assign(json); }

  bool parse() { return !doc_.parse(input_); }
  bool validate() const { return !ujson::validate(input_); }

  std::string_view serialize() { return write(writer_); }
  std::string_view serialize_sorted() { return write(sorted_writer_); }

  digest summarize() const {
    digest d;
    add(d, doc_.root());
    return d;
  }
  walk_totals walk() const {
    walk_totals t;
    add(t, doc_.root());
    return t;
  }

  const ujson::value& root() const noexcept { return doc_.root(); }

  template <class Sink>
  static void add(Sink& d, const ujson::value& v) {
    switch (v.type()) {
      case ujson::kind::null: d.add_null(); break;
      case ujson::kind::boolean: d.add_bool(v.as_bool()); break;
      case ujson::kind::int64: d.add_int64(v.as_int64()); break;
      case ujson::kind::uint64: d.add_uint64(v.as_uint64()); break;
      case ujson::kind::double_: d.add_double(v.as_double()); break;
      // The peers turn such a number into the nearest double (see digest.hpp).
      case ujson::kind::big_number: d.add_double(v.as_double()); break;
      case ujson::kind::string: d.add_string(v.as_string()); break;
      case ujson::kind::array:
        d.add_array(v.size());
        for (const ujson::value& e : v.elements()) add(d, e);
        break;
      case ujson::kind::object:
        d.add_object(v.size());
        for (const ujson::member& m : v.members()) {
          d.add_key(m.key.as_string());
          add(d, m.val);
        }
        break;
    }
  }

 private:
  std::string_view write(ujson::writer& w) {
    w.reset();
    if (ujson::write_value(w, doc_.root()) != ujson::errc::ok) return {};
    return w.output();
  }

  std::string input_;
  ujson::document doc_;
  ujson::writer writer_;
  ujson::writer sorted_writer_;
};

}  // namespace codec_bench::libs
