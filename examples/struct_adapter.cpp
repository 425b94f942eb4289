// struct_adapter: encoding your own types without converting them first.
//
// Specialise ujson::encode_adapter<T> with one static member,
//     static void write(ujson::writer&, const T&);
// and T works everywhere an encodable type does: ujson::encode(), ujson::write_value(),
// and inside the standard adapters (std::vector<T>, std::optional<T>, std::map<std::string, T>).
// The writer checks the order of calls and remembers the first error, so write() need not
// check each call: encode() reports the writer's status at the end.

#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/encode.hpp"

// The user's types: nothing JSON-specific in them.
struct track {
  std::string title;
  int seconds = 0;
  std::optional<double> rating;  // not rated yet: written as null
};

struct album {
  std::string artist;
  std::string title;
  int year = 0;
  std::vector<track> tracks;
  std::optional<std::string> label;  // unknown: the member is left out
};

namespace ujson {

template <>
struct encode_adapter<track> {
  static void write(writer& w, const track& t) {
    w.begin_object();
    w.key("title");
    w.string(t.title);
    w.key("seconds");
    w.int64(t.seconds);
    w.key("rating");
    write_value(w, t.rating);  // std::optional<double>: the number, or null
    w.end_object();
  }
};

template <>
struct encode_adapter<album> {
  static void write(writer& w, const album& a) {
    // Once a call fails (say depth_exceeded past encode_options::max_depth) the writer
    // ignores the rest, so checking is optional -- except before recursing into data that
    // could be cyclic or arbitrarily deep: return early, or the recursion never ends.
    if (w.begin_object() != errc::ok) return;
    w.key("artist");
    w.string(a.artist);
    w.key("title");
    w.string(a.title);
    w.key("year");
    w.int64(a.year);
    w.key("tracks");
    write_value(w, a.tracks);  // std::vector<track>: uses encode_adapter<track> above
    if (a.label) {
      w.key("label");
      w.string(*a.label);
    }
    w.end_object();
  }
};

}  // namespace ujson

static_assert(ujson::encodable<album>);

int main() {
  album a{"Björk", "Homogenic", 1997, {{"Hunter", 255, 4.5}, {"Jóga", 305, std::nullopt}, {"Bachelorette", 312, 5.0}}, {}};

  // Straight from the structs to JSON text: no DOM, no intermediate tree.
  std::string out;
  if (ujson::encode(a, out) != ujson::errc::ok) return 1;
  std::cout << out << "\n\n";

  // The same adapters with other options, and inside a standard container.
  a.label = "One Little Indian";
  ujson::encode_options options;
  options.indent = 2;
  options.ensure_ascii = false;
  const std::vector<album> albums{a};
  if (ujson::encode(albums, out, options) != ujson::errc::ok) return 1;
  std::cout << out << "\n\n";

  // Round trip: decode(encode(x)) gives back what was written.
  ujson::document doc;
  if (const ujson::error e = doc.parse(out)) {
    std::cout << "error: " << e.message() << '\n';
    return 1;
  }
  const ujson::value& second = doc.root()[0]["tracks"][1];
  std::cout << "read back: " << second["title"].as_string() << ", " << second["seconds"].as_int64()
            << " s, rating " << (second["rating"].is_null() ? "null" : "set") << '\n';
  return 0;
}
