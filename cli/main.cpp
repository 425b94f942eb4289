// ujson: the codec on the command line.
//   ujson validate [FILE...]   exit 0 when every file is valid JSON, else 1
//   ujson validate --schema S.json [--schema-dir DIR]... FILE...   (schema_check.cpp)
//   ujson format [options] [FILE]          (--canonical: RFC 8785)
// Exit status: 0 success, 1 invalid JSON (or not matching --schema) or unreadable input,
// 2 usage error or a schema that does not load.

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "read_file.hpp"
#include "ujson/binary_writer.hpp"
#include "schema_check.hpp"
#include "ujson/dom.hpp"
#include "ujson/pointer.hpp"
#include "ujson/validate.hpp"

namespace {

constexpr std::string_view usage_text =
    "usage: ujson validate [--schema SCHEMA.json [--schema-dir DIR]... [--assert-formats]] [FILE...]\n"
    "       ujson format [--indent N] [--sort-keys] [--ensure-ascii] [--escape-slashes]\n"
    "                    [--html-safe] [--max-depth N] [--from F] [--to F] [--binary base64]\n"
    "                    [--pointer P]... [--missing null] [FILE]\n"
    "       ujson format --canonical [--max-depth N] [--from F] [--pointer P]... [FILE]\n"
    "\n"
    "validate  check that each FILE (standard input when none or '-') is one JSON text;\n"
    "          errors go to stderr as FILE:LINE:COLUMN: message\n"
    "  --schema S.json   also check each FILE against the JSON Schema (2020-12, or draft-07\n"
    "                    by its $schema); failures go to stderr as\n"
    "                    FILE: instanceLocation: message (keywordLocation); exit 2 when the\n"
    "                    schema does not load\n"
    "  --schema-dir DIR  load DIR's *.json schemas too, for the $refs of S.json (by $id or\n"
    "                    file name); nothing is ever fetched\n"
    "  --assert-formats  check `format` (date-time, email, ipv4, uri...), not only annotate\n"
    "\n"
    "format    write FILE (or standard input) to stdout; by default in canonical compact\n"
    "          form: UTF-8, no insignificant whitespace, only the escapes JSON requires\n"
    "  --indent N        N spaces per level (0-1000; 0 = compact)\n"
    "  --sort-keys       object members in code point order of their names\n"
    "  --ensure-ascii    write non-ASCII characters as \\uXXXX escapes\n"
    "  --escape-slashes  write / as \\/\n"
    "  --html-safe       write <, > and & as \\u003c, \\u003e, \\u0026\n"
    "  --max-depth N     reject nesting deeper than N (default 1024)\n"
    "  --pointer P       write only the value at JSON Pointer P (RFC 6901: /a/0/b, with ~0\n"
    "                    for ~ and ~1 for /); repeated (up to 64), an array of the values in\n"
    "                    the order given; a pointer that names nothing is an error\n"
    "  --missing null    write null for a pointer that names nothing instead\n"
    "  --canonical       RFC 8785 (JSON Canonicalization Scheme): members sorted by UTF-16\n"
    "                    code units, numbers as JavaScript writes them; duplicate keys, NaN,\n"
    "                    integers that would come out as others and lone surrogates are errors\n"
    "  --from F, --to F  the input's and the output's format: json (default), msgpack or cbor;\n"
    "                    concatenated MessagePack or CBOR values are a sequence, written as one\n"
    "                    JSON line each (docs/binary-formats.md maps every value);\n"
    "                    not with --pointer, which reads and writes JSON only\n"
    "  --binary base64   read MessagePack bin and CBOR byte strings as base64 text (else an error)\n"
    "exit status: 0 success, 1 invalid JSON, a schema mismatch or unreadable input,\n"
    "             2 usage error or a schema that does not load\n";

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

// Writes one document in the output format; false (after saying why) when the writer refuses it.
bool write_document(const ujson::cli::invocation& how, const std::string& path, const ujson::value& root,
                    ujson::buffer& text, ujson::binary_writer& binary) {
  ujson::errc written;
  if (how.to == ujson::cli::data_format::json) {
    ujson::writer w(text, how.encode);  // gives the text back when it ends
    written = ujson::write_value(w, root);
  } else {
    written = ujson::write_value(binary, root);
  }
  if (written != ujson::errc::ok) {
    std::fprintf(stderr, "ujson: %s: %.*s\n", path.c_str(), static_cast<int>(ujson::message(written).size()),
                 ujson::message(written).data());
    return false;
  }
  return true;
}

// --pointer (JSON in, JSON out): the values at the pointers, one array when there are several.
int run_pointers(const ujson::cli::invocation& how, const std::string& path, const std::string& contents) {
  ujson::pointer_selection selection(how.decode);
  if (const ujson::error e = selection.select(contents, how.pointers)) {
    report(path, e);
    return 1;
  }
  for (std::size_t i = 0; i < how.pointers.size() && !how.missing_null; ++i) {
    if (selection.found(i) == nullptr) {
      const std::string_view p = how.pointers[i].text();
      std::fprintf(stderr, "ujson: %s: no value at pointer '%.*s'\n", path.c_str(), static_cast<int>(p.size()), p.data());
      return 1;
    }
  }
  ujson::buffer text;
  ujson::errc written;
  {
    ujson::writer w(text, how.encode);  // gives the text back when it ends
    written = selection.write(w);
  }
  if (written != ujson::errc::ok) {
    std::fprintf(stderr, "ujson: %s: %.*s\n", path.c_str(), static_cast<int>(ujson::message(written).size()),
                 ujson::message(written).data());
    return 1;
  }
  text.push_back('\n');
  const std::string_view out = text.view();
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size() || std::fflush(stdout) != 0) {
    std::perror("ujson: cannot write the output");
    return 1;
  }
  return 0;
}

int run_format(const ujson::cli::invocation& how) {
  const std::string& path = how.files.front();
  std::string contents;
  if (!load(path, contents)) return 1;
  if (!how.pointers.empty()) return run_pointers(how, path, contents);  // JSON only (arguments.cpp)
  ujson::document doc(how.decode);
  ujson::buffer text;
  ujson::binary_writer binary(how.to == ujson::cli::data_format::cbor ? ujson::binary_format::cbor
                                                                       : ujson::binary_format::msgpack,
                              how.encode);
  // One JSON text, or a sequence of MessagePack or CBOR values (one JSON line each).
  std::size_t offset = 0;
  std::size_t written = 0;  // the JSON text of the documents written whole
  int status = 0;
  do {
    ujson::error e;
    if (how.from == ujson::cli::data_format::json) {
      e = doc.parse(contents);
      offset = contents.size();
    } else {
      e = doc.parse(contents, offset,
                    how.from == ujson::cli::data_format::cbor ? ujson::binary_format::cbor : ujson::binary_format::msgpack);
    }
    if (e && how.from == ujson::cli::data_format::json) {
      report(path, e);
      status = 1;
      break;
    }
    if (e) {
      std::fprintf(stderr, "%s: offset %zu: %.*s (%.*s)\n", path.c_str(), e.offset,
                   static_cast<int>(e.message().size()), e.message().data(),
                   static_cast<int>(ujson::code_name(e.code).size()), ujson::code_name(e.code).data());
      status = 1;
      break;
    }
    if (!write_document(how, path, doc.root(), text, binary)) {
      status = 1;
      break;
    }
    if (how.to == ujson::cli::data_format::json) text.push_back('\n');
    written = text.view().size();
  } while (offset < contents.size());
  // A binary writer hands out whole values only; a JSON one may hold part of the failed one.
  const std::string_view out =
      how.to == ujson::cli::data_format::json ? text.view().substr(0, written) : binary.output();
  if (std::fwrite(out.data(), 1, out.size(), stdout) != out.size() || std::fflush(stdout) != 0) {
    std::perror("ujson: cannot write the output");
    return 1;
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  ujson::cli::invocation how;
  ujson::cli::usage_problem problem;
  if (!ujson::cli::parse_arguments(args, how, problem)) return usage_error(problem.message);
  switch (how.what) {
    case ujson::cli::command::validate:
      return how.schema.empty() ? run_validate(how.files) : ujson::cli::validate_against_schema(how);
    case ujson::cli::command::format: return run_format(how);
    default:
      std::fwrite(usage_text.data(), 1, usage_text.size(), stdout);
      return 0;
  }
}
