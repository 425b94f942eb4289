// encode_options: writing JSON with ujson::writer and with ujson::encode(), and what each
// of UltraJSON's encoder options does.
//
// ujson::writer is the one output path: begin/end array/object, key, and value calls.
// Calls are checked for order; the first error sticks and later calls do nothing, so you
// may write a whole value and check status() once. ujson::encode(value, out, options)
// runs a writer over anything that has an encode_adapter: the standard types (bool,
// numbers, strings, std::optional, std::vector, std::map/unordered_map with string keys),
// the DOM's ujson::value, and your own types (see struct_adapter.cpp).

#include <iostream>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "ujson/decoder.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/writer.hpp"

namespace {

void show(std::string_view title, const ujson::value& v, const ujson::encode_options& options) {
  std::string out;
  const ujson::errc e = ujson::encode(v, out, options);
  std::cout << title << ":\n" << (e == ujson::errc::ok ? out : ujson::code_name(e)) << "\n\n";
}

}  // namespace

int main() {
  // 1. The writer, call by call. Defaults: ensure_ascii, escape_forward_slashes, compact.
  ujson::writer w;
  w.begin_object();
  w.key("id");
  w.int64(42);
  w.key("path");
  w.string("/tmp/x");
  w.key("tags");
  w.begin_array();
  w.string("a");
  w.string("b");
  w.end_array();
  w.key("score");
  w.number(0.5);
  w.key("owner");
  w.null();
  w.end_object();
  // complete(): one whole top-level value was written and no call failed.
  if (w.status() != ujson::errc::ok || !w.complete()) return 1;
  std::cout << "writer:\n" << w.output() << "\n\n";

  // Calls out of order fail, and the failure sticks.
  ujson::writer misuse;
  misuse.begin_array();
  misuse.key("not in an object");  // fails
  misuse.end_array();              // does nothing: the writer has failed
  std::cout << "writer misuse: " << ujson::code_name(misuse.status()) << " (" << ujson::message(misuse.status())
            << ")\n\n";

  // 2. ujson::encode() with options, here over a parsed document.
  const std::string input =
      R"({"url":"https://example.com/?q=<b>&x=1","name":"Zoë ☃","pi":3.141592653589793,)"
      R"("list":[1,{"z":0,"a":[]}],"empty":{}})";
  ujson::document doc;
  if (doc.parse(input)) return 1;

  show("defaults (ensure_ascii, escape_forward_slashes)", doc.root(), {});

  ujson::encode_options pretty;
  pretty.indent = 2;         // spaces per level, 0..64; 0 is compact
  pretty.sort_keys = true;   // members in code point order of their keys, at every level
  show("indent=2, sort_keys", doc.root(), pretty);

  ujson::encode_options web;
  web.ensure_ascii = false;            // write UTF-8 as is
  web.escape_forward_slashes = false;  // write / as is
  web.encode_html_chars = true;        // write <, > and & as \u003c, \u003e, \u0026
  show("ensure_ascii=false, escape_forward_slashes=false, encode_html_chars", doc.root(), web);

  // 3. Doubles: shortest round-trip text by default; double_precision = digits after
  //    the point (0..17), trailing zeros dropped. A double always keeps a '.' or an
  //    exponent, so it reads back as a double.
  const std::vector<double> numbers{3.141592653589793, 2.5, 100.0, 1e-7};
  std::string out;
  if (ujson::encode(numbers, out) != ujson::errc::ok) return 1;
  std::cout << "doubles, shortest: " << out << '\n';
  ujson::encode_options three;
  three.double_precision = 3;
  if (ujson::encode(numbers, out, three) != ujson::errc::ok) return 1;
  std::cout << "doubles, double_precision=3: " << out << "\n\n";

  // 4. NaN and Infinity are not JSON. allow_nan (on by default, as in UltraJSON) writes
  //    them as JavaScript does; with it off they are an error and the output is empty.
  const std::vector<double> special{1.0, std::numeric_limits<double>::quiet_NaN(),
                                    -std::numeric_limits<double>::infinity()};
  if (ujson::encode(special, out) != ujson::errc::ok) return 1;
  std::cout << "allow_nan=true: " << out << '\n';
  ujson::encode_options strict;
  strict.allow_nan = false;
  const ujson::errc e = ujson::encode(special, out, strict);
  std::cout << "allow_nan=false: " << ujson::code_name(e) << " (" << ujson::message(e) << "), output \"" << out
            << "\"\n\n";

  // 5. The writer is also a decoder handler: decoding into it re-encodes the input, with
  //    no DOM in between. (The event stream reports every key, so duplicate keys pass
  //    through; parse into a ujson::document first to apply decode_options::duplicate_keys.)
  ujson::encode_options canonical;
  canonical.ensure_ascii = false;
  canonical.escape_forward_slashes = false;
  ujson::writer canon(canonical);
  if (ujson::decode(R"( [ 1 , {"a" : "\u00e9\/"} , 2.50 ] )", canon)) return 1;
  std::cout << "decoded into a writer: " << canon.output() << '\n';
  return 0;
}
