// dom: parse into a ujson::document, look values up, walk arrays and objects, and report
// errors with their position.
//
// A document owns an arena that holds its arrays, objects and any string that had to be
// unescaped; strings written without escapes are views into your input (in situ). So the
// input must outlive the document and stay unchanged while you use it. Values are
// immutable, 16 bytes each, and never throw: asking for the wrong kind gives a neutral
// value (false, 0, "", an empty span, a null).

#include <iostream>
#include <string>
#include <string_view>

#include "ujson/dom.hpp"

namespace {

std::string_view kind_name(ujson::kind k) {
  switch (k) {
    case ujson::kind::null: return "null";
    case ujson::kind::boolean: return "boolean";
    case ujson::kind::int64: return "int64";
    case ujson::kind::uint64: return "uint64";
    case ujson::kind::double_: return "double";
    case ujson::kind::big_number: return "big number";
    case ujson::kind::string: return "string";
    case ujson::kind::array: return "array";
    case ujson::kind::object: return "object";
  }
  return "?";
}

void print_error(const ujson::error& e) {
  std::cout << "error " << ujson::code_name(e.code) << " at line " << e.line << ", column " << e.column
            << " (offset " << e.offset << "): " << e.message() << '\n';
}

}  // namespace

int main() {
  // Keep the input alive as long as the document: unescaped strings point into it.
  const std::string input = R"({
  "name": "UltraJSON",
  "version": [1, 2, 3],
  "authors": [
    {"name": "Ada", "admin": true},
    {"name": "Grace", "admin": false}
  ],
  "pi": 3.14159,
  "huge": 1e400,
  "nothing": null
})";

  ujson::document doc;  // reusable: a second parse() keeps the arena's memory
  if (const ujson::error e = doc.parse(input)) {
    print_error(e);
    return 1;
  }
  // doc.parse(std::string("...")) does not compile: the strings would dangle.

  const ujson::value& root = doc.root();

  // Look up by key and by index. A missing key or index gives a null value, so lookups
  // chain safely; find() tells "absent" apart from an explicit null.
  std::cout << "name: " << root["name"].as_string() << '\n';
  std::cout << "second version number: " << root["version"][1].as_int64() << '\n';
  std::cout << "first author: " << root["authors"][0]["name"].as_string() << '\n';
  std::cout << "pi: " << root["pi"].as_double() << '\n';
  std::cout << "\"missing\" found: " << (root.find("missing") != nullptr ? "yes" : "no")
            << ", \"nothing\" found: " << (root.find("nothing") != nullptr ? "yes" : "no") << '\n';

  // 1e400 does not fit a double: it is kept as a big number, with its exact text.
  const ujson::value& huge = root["huge"];
  std::cout << "huge: " << kind_name(huge.type()) << ' ' << huge.as_string() << " (as_double: " << huge.as_double()
            << ")\n";

  // Iterate an array: elements() is a std::span<const ujson::value>.
  std::cout << "version:";
  for (const ujson::value& v : root["version"].elements()) std::cout << ' ' << v.as_int64();
  std::cout << '\n';

  std::cout << "authors:\n";
  for (const ujson::value& author : root["authors"].elements()) {
    std::cout << "  " << author["name"].as_string() << (author["admin"].as_bool() ? " (admin)" : "") << '\n';
  }

  // Iterate an object: members() is a std::span<const ujson::member>, in input order.
  std::cout << "members of the root:\n";
  for (const ujson::member& m : root.members()) {
    std::cout << "  " << m.key.as_string() << ": " << kind_name(m.val.type());
    if (m.val.is_array() || m.val.is_object()) std::cout << " of " << m.val.size();
    std::cout << '\n';
  }

  // A DOM value encodes straight back (see encode_options.cpp for the options).
  std::string compact;
  if (ujson::encode(root, compact) == ujson::errc::ok) std::cout << "compact: " << compact << '\n';

  // Errors: a code (stable name and sentence), the byte offset, and line and column.
  const std::string broken = "{\n  \"a\": [1, 2,]\n}";
  if (const ujson::error e = doc.parse(broken)) print_error(e);

  // Duplicate keys are resolved when the object ends, by decode_options::duplicate_keys:
  // keep_last (the default, as Python does), keep_first, or reject.
  const std::string twice = R"({"id": 1, "id": 2})";
  ujson::decode_options first;
  first.duplicate_keys = ujson::duplicate_keys::keep_first;
  ujson::decode_options reject;
  reject.duplicate_keys = ujson::duplicate_keys::reject;
  ujson::document keep_last_doc, keep_first_doc(first), reject_doc(reject);
  if (!keep_last_doc.parse(twice) && !keep_first_doc.parse(twice)) {
    std::cout << "duplicate \"id\": keep_last " << keep_last_doc.root()["id"].as_int64() << ", keep_first "
              << keep_first_doc.root()["id"].as_int64() << ", reject: "
              << ujson::code_name(reject_doc.parse(twice).code) << '\n';
  }
  return 0;
}
