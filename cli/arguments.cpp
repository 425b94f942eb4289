#include "arguments.hpp"

#include <charconv>
#include <string_view>

namespace ujson::cli {
namespace {

bool refuse(usage_problem& problem, std::string_view argument, std::string message) {
  problem.argument.assign(argument);
  problem.message = std::move(message);
  return false;
}

bool parse_count(std::string_view text, long long low, long long high, long long& out) {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size() && out >= low && out <= high;
}

bool parse_data_format(std::string_view text, data_format& out) {
  if (text == "json") {
    out = data_format::json;
  } else if (text == "msgpack") {
    out = data_format::msgpack;
  } else if (text == "cbor") {
    out = data_format::cbor;
  } else {
    return false;
  }
  return true;
}

static_assert(pointer_selection::max_pointers == 64, "the --pointer message says 64");

bool parse_format(const std::vector<std::string>& args, invocation& out, usage_problem& problem) {
  encode_options& enc = out.encode;
  enc.ensure_ascii = false;  // canonical: only the escapes JSON requires
  enc.escape_forward_slashes = false;
  decode_options& dec = out.decode;
  std::string path;
  bool canonical = false;
  std::string layout_option;  // the first option that --canonical would override
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value_of = [&](long long low, long long high, long long& n) {
      if (i + 1 >= args.size()) return false;
      return parse_count(args[++i], low, high, n);
    };
    long long n = 0;
    if (layout_option.empty() && (a == "--indent" || a == "--sort-keys" || a == "--ensure-ascii" ||
                                  a == "--escape-slashes" || a == "--html-safe")) {
      layout_option = a;
    }
    if (a == "--canonical") {
      canonical = true;
    } else if (a == "--indent") {
      if (!value_of(0, max_indent, n)) return refuse(problem, a, "--indent needs a number from 0 to 1000");
      enc.indent = static_cast<int>(n);
    } else if (a == "--max-depth") {
      if (!value_of(1, max_cli_depth, n)) return refuse(problem, a, "--max-depth needs a number from 1 to 1000000");
      dec.max_depth = static_cast<std::size_t>(n);
      enc.max_depth = dec.max_depth;
    } else if (a == "--from" || a == "--to") {
      if (i + 1 >= args.size() || !parse_data_format(args[++i], a == "--from" ? out.from : out.to)) {
        return refuse(problem, a, a + " needs json, msgpack or cbor");
      }
    } else if (a == "--binary") {
      if (i + 1 >= args.size() || args[++i] != "base64") return refuse(problem, a, "--binary needs base64");
      dec.binary = binary_values::base64;
    } else if (a == "--pointer") {
      json_pointer p;
      if (i + 1 >= args.size()) return refuse(problem, a, "--pointer needs a JSON Pointer (RFC 6901), such as /a/0");
      if (const pointer_syntax_error e = json_pointer::parse(args[++i], p)) {
        return refuse(problem, a, "--pointer " + args[i] + ": " + std::string(e.reason) + " (at byte " +
                                      std::to_string(e.offset) + ")");
      }
      if (out.pointers.size() == pointer_selection::max_pointers) {
        return refuse(problem, a, "--pointer is given more than 64 times");
      }
      out.pointers.push_back(std::move(p));
    } else if (a == "--missing") {
      if (i + 1 >= args.size() || (args[i + 1] != "null" && args[i + 1] != "error")) {
        return refuse(problem, a, "--missing needs null or error");
      }
      out.missing_null = args[++i] == "null";
    } else if (a == "--sort-keys") {
      enc.sort_keys = true;
    } else if (a == "--ensure-ascii") {
      enc.ensure_ascii = true;
    } else if (a == "--escape-slashes") {
      enc.escape_forward_slashes = true;
    } else if (a == "--html-safe") {
      enc.encode_html_chars = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return refuse(problem, a, "unknown option " + a);
    } else if (!path.empty()) {
      return refuse(problem, a, "format takes at most one FILE");
    } else {
      path = a;
    }
  }
  if (!out.pointers.empty() && (out.from != data_format::json || out.to != data_format::json)) {
    return refuse(problem, "--pointer", "--pointer reads and writes JSON only (no --from or --to msgpack|cbor)");
  }
  if (canonical) {
    // RFC 8785 fixes the whole output form: an option that would change it is a mistake.
    if (!layout_option.empty()) return refuse(problem, "--canonical", "--canonical takes no " + layout_option);
    if (out.to != data_format::json) return refuse(problem, "--canonical", "--canonical writes JSON only");
    enc.canonical = true;
    // Its input is I-JSON, which has no duplicate keys.
    dec.duplicate_keys = duplicate_keys::reject;
  }
  out.files.assign(1, path.empty() ? std::string("-") : path);
  return true;
}

bool parse_validate(const std::vector<std::string>& args, invocation& out, usage_problem& problem) {
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--schema" || a == "--schema-dir") {
      if (i + 1 >= args.size() || args[i + 1].empty()) return refuse(problem, a, a + " needs a path");
      if (a == "--schema" && !out.schema.empty()) return refuse(problem, a, "--schema is given once");
      (a == "--schema" ? out.schema : out.schema_dirs.emplace_back()) = args[++i];
    } else if (a == "--assert-formats") {
      out.assert_formats = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return refuse(problem, a, "unknown option " + a);
    } else {
      out.files.push_back(a);
    }
  }
  if (out.schema.empty() && (!out.schema_dirs.empty() || out.assert_formats)) {
    return refuse(problem, out.schema_dirs.empty() ? "--assert-formats" : "--schema-dir",
                  (out.schema_dirs.empty() ? std::string("--assert-formats") : std::string("--schema-dir")) +
                      " needs --schema");
  }
  return true;
}

}  // namespace

bool parse_arguments(const std::vector<std::string>& args, invocation& out, usage_problem& problem) {
  out = invocation{};
  if (args.empty()) return refuse(problem, "", "missing command");
  const std::string& command = args.front();
  if (command == "--help" || command == "-h" || command == "help") {
    out.what = command::help;
    return true;
  }
  if (command == "validate") {
    out.what = command::validate;
    return parse_validate(args, out, problem);
  }
  if (command == "format") {
    out.what = command::format;
    return parse_format(args, out, problem);
  }
  return refuse(problem, command, "unknown command " + command);
}

}  // namespace ujson::cli
