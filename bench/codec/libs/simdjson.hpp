#pragma once
// simdjson's DOM front end (simdjson::dom), the one that builds a whole document: one
// dom::parser reused across parses (it keeps its tape and string buffers), input held in
// a padded_string as simdjson requires (padded once, untimed). Validation is a parse: the
// DOM parser has no validate-only entry point, and every parse validates (UTF-8 included).
// Serialization uses the string_builder behind simdjson::to_string/minify, kept across
// calls so its buffer is reused; it lives in simdjson::internal (public header, not public
// API), to_string would add one copy into a fresh std::string per call.

#include <simdjson.h>

#include <string>
#include <string_view>

#include "../digest.hpp"

namespace codec_bench::libs {

class simdjson_lib {
 public:
  static constexpr const char* name = "simdjson";
  static constexpr int double_ulps = 0;
  static constexpr bool has_sorted_serialize = false;

  static std::string version() {
    return std::to_string(simdjson::SIMDJSON_VERSION_MAJOR) + "." + std::to_string(simdjson::SIMDJSON_VERSION_MINOR) +
           "." + std::to_string(simdjson::SIMDJSON_VERSION_REVISION) + " (" +
           simdjson::get_active_implementation()->name() + " kernel)";
  }

  void prepare(std::string_view json) { input_ = simdjson::padded_string(json); }

  bool parse() { return parser_.parse(input_).get(root_) == simdjson::SUCCESS; }

  bool validate() {
    simdjson::dom::element ignored;
    return parser_.parse(input_).get(ignored) == simdjson::SUCCESS;
  }

  std::string_view serialize() {
    builder_.clear();
    builder_.append(root_);
    return builder_.str();
  }
  std::string_view serialize_sorted() { return {}; }

  digest summarize() const {
    digest d;
    add(d, root_);
    return d;
  }
  walk_totals walk() const {
    walk_totals t;
    add(t, root_);
    return t;
  }

 private:
  template <class Sink>
  static void add(Sink& d, simdjson::dom::element e) {
    using simdjson::dom::element_type;
    switch (e.type()) {
      case element_type::NULL_VALUE: d.add_null(); break;
      case element_type::BOOL: d.add_bool(e.get_bool().value_unsafe()); break;
      case element_type::INT64: d.add_int64(e.get_int64().value_unsafe()); break;
      case element_type::UINT64: d.add_uint64(e.get_uint64().value_unsafe()); break;
      case element_type::DOUBLE: d.add_double(e.get_double().value_unsafe()); break;
      case element_type::STRING: d.add_string(e.get_string().value_unsafe()); break;
      case element_type::ARRAY: {
        const simdjson::dom::array a = e.get_array().value_unsafe();
        d.add_array(a.size());
        for (simdjson::dom::element x : a) add(d, x);
        break;
      }
      case element_type::OBJECT: {
        const simdjson::dom::object o = e.get_object().value_unsafe();
        d.add_object(o.size());
        for (simdjson::dom::key_value_pair kv : o) {
          d.add_key(kv.key);
          add(d, kv.value);
        }
        break;
      }
    }
  }

  simdjson::padded_string input_;
  simdjson::dom::parser parser_;
  simdjson::dom::element root_;
  simdjson::internal::string_builder<> builder_;
};

}  // namespace codec_bench::libs
