// ujson: the codec on the command line.
//   ujson validate [FILE...]   exit 0 when every file is valid JSON, else 1
//   ujson format [options] [FILE]
// Exit status: 0 success, 1 invalid JSON or unreadable input, 2 usage error.

#include <charconv>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "read_file.hpp"
#include "ujson/dom.hpp"
#include "ujson/validate.hpp"

namespace {

constexpr std::string_view usage_text =
    "usage: ujson validate [FILE...]\n"
    "       ujson format [--indent N] [--sort-keys] [--ensure-ascii] [--escape-slashes]\n"
    "                    [--html-safe] [--max-depth N] [FILE]\n"
    "\n"
    "validate  check that each FILE (standard input when none or '-') is one JSON text;\n"
    "          errors go to stderr as FILE:LINE:COLUMN: message\n"
    "format    write FILE (or standard input) to stdout; by default in canonical compact\n"
    "          form: UTF-8, no insignificant whitespace, only the escapes JSON requires\n"
    "  --indent N        N spaces per level (0-1000; 0 = compact)\n"
    "  --sort-keys       object members in code point order of their names\n"
    "  --ensure-ascii    write non-ASCII characters as \\uXXXX escapes\n"
    "  --escape-slashes  write / as \\/\n"
    "  --html-safe       write <, > and & as \\u003c, \\u003e, \\u0026\n"
    "  --max-depth N     reject nesting deeper than N (default 1024)\n"
    "exit status: 0 success, 1 invalid JSON or unreadable input, 2 usage error\n";

int usage_error(std::string_view problem) {
  std::fprintf(stderr, "ujson: %.*s\n%.*s", static_cast<int>(problem.size()), problem.data(),
               static_cast<int>(usage_text.size()), usage_text.data());
  return 2;
}

void report(const std::string& name, const ujson::error& e) {
  std::fprintf(stderr, "%s:%zu:%zu: %.*s\n", name.c_str(), e.line, e.column,
               static_cast<int>(e.message().size()), e.message().data());
}

bool load(const std::string& path, std::string& contents) {
  std::string problem;
  if (ujson::cli::read_file(path, contents, problem)) return true;
  std::fprintf(stderr, "ujson: cannot read %s: %s\n", path == "-" ? "standard input" : path.c_str(),
               problem.c_str());
  return false;
}

bool parse_count(std::string_view text, long long low, long long high, long long& out) {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size() && out >= low && out <= high;
}

int run_validate(const std::vector<std::string>& args) {
  std::vector<std::string> files = args;
  if (files.empty()) files.push_back("-");
  int status = 0;
  std::string contents;
  for (const std::string& path : files) {
    if (!load(path, contents)) {
      status = 1;
      continue;
    }
    if (const ujson::error e = ujson::validate(contents)) {
      report(path, e);
      status = 1;
    }
  }
  return status;
}

int run_format(const std::vector<std::string>& args) {
  ujson::encode_options enc;
  enc.ensure_ascii = false;  // canonical: only the escapes JSON requires
  enc.escape_forward_slashes = false;
  ujson::decode_options dec;
  std::string path;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value_of = [&](long long low, long long high, long long& out) {
      if (i + 1 >= args.size()) return false;
      return parse_count(args[++i], low, high, out);
    };
    long long n = 0;
    if (a == "--indent") {
      if (!value_of(0, ujson::max_indent, n)) return usage_error("--indent needs a number from 0 to 1000");
      enc.indent = static_cast<int>(n);
    } else if (a == "--max-depth") {
      if (!value_of(1, 1'000'000, n)) return usage_error("--max-depth needs a number from 1 to 1000000");
      dec.max_depth = static_cast<std::size_t>(n);
      enc.max_depth = dec.max_depth;
    } else if (a == "--sort-keys") {
      enc.sort_keys = true;
    } else if (a == "--ensure-ascii") {
      enc.ensure_ascii = true;
    } else if (a == "--escape-slashes") {
      enc.escape_forward_slashes = true;
    } else if (a == "--html-safe") {
      enc.encode_html_chars = true;
    } else if (a.size() > 1 && a[0] == '-') {
      return usage_error("unknown option " + a);
    } else if (!path.empty()) {
      return usage_error("format takes at most one FILE");
    } else {
      path = a;
    }
  }
  if (path.empty()) path = "-";

  std::string contents;
  if (!load(path, contents)) return 1;
  ujson::document doc(dec);
  if (const ujson::error e = doc.parse(contents)) {
    report(path, e);
    return 1;
  }
  ujson::writer w(enc);
  if (ujson::write_value(w, doc.root()) != ujson::errc::ok) {
    std::fprintf(stderr, "ujson: %s: %.*s\n", path.c_str(), static_cast<int>(ujson::message(w.status()).size()),
                 ujson::message(w.status()).data());
    return 1;
  }
  w.output_buffer().push_back('\n');
  const std::string_view out = w.output();
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size() || std::fflush(stdout) != 0) {
    std::perror("ujson: cannot write the output");
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage_error("missing command");
  const std::string command = args.front();
  args.erase(args.begin());
  if (command == "--help" || command == "-h" || command == "help") {
    std::fwrite(usage_text.data(), 1, usage_text.size(), stdout);
    return 0;
  }
  if (command == "validate") return run_validate(args);
  if (command == "format") return run_format(args);
  return usage_error("unknown command " + command);
}
