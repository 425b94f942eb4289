#pragma once
// Boost.JSON as its documentation recommends for speed: one boost::json::parser reused
// across parses (it keeps its value stack), each DOM on a fresh monotonic_resource (the
// previous DOM and its arena are freed by the next parse). Validation is basic_parser
// with a handler that accepts every event. Serialization reads the serializer into a
// buffer kept across calls. max_depth is raised from Boost's 32 to the 1024 of the others.

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parser.hpp>
#include <boost/json/serializer.hpp>
#include <boost/json/value.hpp>
#include <boost/version.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "../digest.hpp"

namespace codec_bench::libs {

namespace boostjson_detail {

inline boost::json::parse_options options() {
  boost::json::parse_options o;  // strict by default: no comments, trailing commas or bad UTF-8
  o.max_depth = 1024;
  return o;
}

struct accept_all {
  using error_code = boost::json::error_code;
  using string_view = boost::json::string_view;
  static constexpr std::size_t max_array_size = -1;
  static constexpr std::size_t max_object_size = -1;
  static constexpr std::size_t max_string_size = -1;
  static constexpr std::size_t max_key_size = -1;
  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_array_begin(error_code&) { return true; }
  bool on_array_end(std::size_t, error_code&) { return true; }
  bool on_object_begin(error_code&) { return true; }
  bool on_object_end(std::size_t, error_code&) { return true; }
  bool on_string_part(string_view, std::size_t, error_code&) { return true; }
  bool on_string(string_view, std::size_t, error_code&) { return true; }
  bool on_key_part(string_view, std::size_t, error_code&) { return true; }
  bool on_key(string_view, std::size_t, error_code&) { return true; }
  bool on_number_part(string_view, error_code&) { return true; }
  bool on_int64(std::int64_t, string_view, error_code&) { return true; }
  bool on_uint64(std::uint64_t, string_view, error_code&) { return true; }
  bool on_double(double, string_view, error_code&) { return true; }
  bool on_bool(bool, error_code&) { return true; }
  bool on_null(error_code&) { return true; }
  bool on_comment_part(string_view, error_code&) { return true; }
  bool on_comment(string_view, error_code&) { return true; }
};

}  // namespace boostjson_detail

class boostjson_lib {
 public:
  static constexpr const char* name = "boostjson";
  // Boost.JSON before 1.83 converts some decimals to a neighbour of the correctly rounded
  // double (1.83 added parse_options::numbers = number_precision::precise). On canada.json,
  // Debian's 1.81 gets about one double in nine one ulp off; allow that, and the harness
  // reports how many.
  static constexpr int double_ulps = 1;
  static constexpr bool has_sorted_serialize = false;

  static std::string version() {
    return std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) + "." +
           std::to_string(BOOST_VERSION % 100);
  }

  boostjson_lib() : parser_({}, boostjson_detail::options()), validator_(boostjson_detail::options()) {}

  void prepare(std::string_view json) {
    input_.assign(json);
    out_.resize(json.size() + 64);
  }

  bool parse() {
    root_.reset();
    arena_.reset();
    arena_.emplace();
    parser_.reset(&*arena_);
    boost::json::error_code ec;
    parser_.write(input_.data(), input_.size(), ec);
    if (ec) return false;
    root_.emplace(parser_.release());
    return true;
  }

  bool validate() {
    validator_.reset();
    boost::json::error_code ec;
    const std::size_t n = validator_.write_some(false, input_.data(), input_.size(), ec);
    return !ec && n == input_.size();
  }

  std::string_view serialize() {
    serializer_.reset(&*root_);
    std::size_t used = 0;
    while (!serializer_.done()) {
      if (used == out_.size()) out_.resize(out_.size() * 2 + 64);
      used += serializer_.read(out_.data() + used, out_.size() - used).size();
    }
    return {out_.data(), used};
  }
  std::string_view serialize_sorted() { return {}; }

  digest summarize() const {
    digest d;
    add(d, *root_);
    return d;
  }
  walk_totals walk() const {
    walk_totals t;
    add(t, *root_);
    return t;
  }

 private:
  template <class Sink>
  static void add(Sink& d, const boost::json::value& v) {
    switch (v.kind()) {
      case boost::json::kind::null: d.add_null(); break;
      case boost::json::kind::bool_: d.add_bool(v.get_bool()); break;
      case boost::json::kind::int64: d.add_int64(v.get_int64()); break;
      case boost::json::kind::uint64: d.add_uint64(v.get_uint64()); break;
      case boost::json::kind::double_: d.add_double(v.get_double()); break;
      case boost::json::kind::string: d.add_string({v.get_string().data(), v.get_string().size()}); break;
      case boost::json::kind::array:
        d.add_array(v.get_array().size());
        for (const boost::json::value& e : v.get_array()) add(d, e);
        break;
      case boost::json::kind::object:
        d.add_object(v.get_object().size());
        for (const boost::json::key_value_pair& m : v.get_object()) {
          d.add_key({m.key().data(), m.key().size()});
          add(d, m.value());
        }
        break;
    }
  }

  std::string input_;
  boost::json::parser parser_;
  std::optional<boost::json::monotonic_resource> arena_;
  std::optional<boost::json::value> root_;  // after arena_: destroyed before the memory it uses
  boost::json::basic_parser<boostjson_detail::accept_all> validator_;
  boost::json::serializer serializer_;
  std::string out_;
};

}  // namespace codec_bench::libs
