#pragma once
// nlohmann-json through its public API: json::parse (no exceptions: a failed parse gives
// a discarded value), json::accept, json::dump. Its API has no way to reuse an output
// buffer, so each serialize returns a fresh std::string. Objects are std::maps: members
// come out sorted by key, and a duplicate key keeps its last value.

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "../digest.hpp"

namespace codec_bench::libs {

class nlohmann_lib {
 public:
  static constexpr const char* name = "nlohmann";
  // Its objects are always sorted, so plain dump() is a sorted-keys encode.
  static constexpr int double_ulps = 0;
  static constexpr bool has_sorted_serialize = true;

  static std::string version() {
    return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "." +
           std::to_string(NLOHMANN_JSON_VERSION_PATCH);
  }

  void prepare(std::string_view json) { input_.assign(json); }

  bool parse() {
    root_ = nlohmann::json::parse(input_.begin(), input_.end(), nullptr, /*allow_exceptions=*/false);
    return !root_.is_discarded();
  }

  bool validate() const { return nlohmann::json::accept(input_.begin(), input_.end()); }

  std::string_view serialize() {
    out_ = root_.dump();
    return out_;
  }
  std::string_view serialize_sorted() { return serialize(); }

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
  static void add(Sink& d, const nlohmann::json& v) {
    using t = nlohmann::json::value_t;
    switch (v.type()) {
      case t::null: d.add_null(); break;
      case t::boolean: d.add_bool(v.get<bool>()); break;
      case t::number_integer: d.add_int64(v.get<std::int64_t>()); break;
      case t::number_unsigned: d.add_uint64(v.get<std::uint64_t>()); break;
      case t::number_float: d.add_double(v.get<double>()); break;
      case t::string: d.add_string(v.get_ref<const std::string&>()); break;
      case t::array:
        d.add_array(v.size());
        for (const nlohmann::json& e : v) add(d, e);
        break;
      case t::object:
        d.add_object(v.size());
        for (auto it = v.begin(); it != v.end(); ++it) {
          d.add_key(it.key());
          add(d, it.value());
        }
        break;
      case t::binary:
      case t::discarded: d.add_null(); d.add_null(); break;  // never from JSON text: makes the digest differ
    }
  }

  std::string input_;
  nlohmann::json root_;
  std::string out_;
};

}  // namespace codec_bench::libs
