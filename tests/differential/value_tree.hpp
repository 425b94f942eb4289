#pragma once
// One representation for what three JSON libraries decoded, so that their answers compare:
// each library's DOM is walked into a `node` tree (peers.cpp), and `compare` finds the first
// place where two trees differ and says whether that difference is one of the documented
// kinds (docs/conformance.md, "Differential testing") or not.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ujson::differential {

enum class node_kind : std::uint8_t { null, boolean, integer, real, big, string, array, object };

struct node {
  node_kind kind = node_kind::null;
  bool flag = false;       // boolean: its value; integer: negative
  std::uint64_t bits = 0;  // integer: magnitude (int64 and uint64 alike); real: the double's bits
  std::string text;        // string: its bytes; big: the number's exact text
  std::string key;         // the member name, when this node is an object member
  std::vector<node> items; // array elements, object members in document order
};

// Python's keep_last (our default): a repeated key keeps its first position and takes the
// last value. The peers' DOMs keep every member; this is how they compare with ours.
void keep_last(node& object);

// What a value difference is, when the trees are not the same.
enum class value_difference : std::uint8_t {
  none,
  // Ours holds a number as its exact text (beyond 64 bits, or outside the range of a finite
  // non-zero double); the peer holds the double nearest to that text.
  big_number_as_double,
  unexplained,
};

struct comparison {
  value_difference kind = value_difference::none;
  std::string where;  // a path to the first difference ("[3].name")
  node_kind ours_kind = node_kind::null;  // the kinds of the two nodes there
  node_kind peer_kind = node_kind::null;
  std::string ours;   // both sides there, printed
  std::string peer;
};

// Walks both trees; stops at the first unexplained difference, else reports the first
// explained one (or none).
comparison compare(const node& ours, const node& peer);

// A short printable form of a node (for failure messages).
std::string describe(const node& n);

}  // namespace ujson::differential
