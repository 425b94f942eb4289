#include "value_tree.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

namespace ujson::differential {
namespace {

// strtod, glibc's correctly rounded conversion, is the reference for "nearest double".
double nearest_double(const std::string& text) { return std::strtod(text.c_str(), nullptr); }

std::string printable(std::string_view s, std::size_t limit = 40) {
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (s.size() > limit) out += "...";
  return out;
}

// The explained differences a pair of scalars may have.
value_difference scalar_difference(const node& ours, const node& peer) {
  if (ours.kind == node_kind::big && peer.kind == node_kind::real &&
      std::bit_cast<std::uint64_t>(nearest_double(ours.text)) == peer.bits) {
    return value_difference::big_number_as_double;
  }
  return value_difference::unexplained;
}

bool same_scalar(const node& a, const node& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case node_kind::null: return true;
    case node_kind::boolean: return a.flag == b.flag;
    case node_kind::integer: return a.flag == b.flag && a.bits == b.bits;
    case node_kind::real: return a.bits == b.bits;
    default: return a.text == b.text;  // big, string
  }
}

void walk(const node& ours, const node& peer, std::string& path, comparison& result) {
  if (result.kind == value_difference::unexplained) return;
  auto differ = [&](value_difference kind) {
    if (result.kind != value_difference::none && kind != value_difference::unexplained) return;
    result.kind = kind;
    result.where = path.empty() ? "(root)" : path;
    result.ours_kind = ours.kind;
    result.peer_kind = peer.kind;
    result.ours = describe(ours);
    result.peer = describe(peer);
  };
  const bool containers = (ours.kind == node_kind::array || ours.kind == node_kind::object);
  if (!containers) {
    if (!same_scalar(ours, peer)) differ(scalar_difference(ours, peer));
    return;
  }
  if (ours.kind != peer.kind || ours.items.size() != peer.items.size()) {
    differ(value_difference::unexplained);
    return;
  }
  const std::size_t mark = path.size();
  for (std::size_t i = 0; i < ours.items.size(); ++i) {
    const node& a = ours.items[i];
    const node& b = peer.items[i];
    if (ours.kind == node_kind::object) {
      path += "." + printable(a.key, 24);
      if (a.key != b.key) {
        result.kind = value_difference::unexplained;
        result.where = path;
        result.ours = "key " + printable(a.key);
        result.peer = "key " + printable(b.key);
        return;
      }
    } else {
      path += "[" + std::to_string(i) + "]";
    }
    walk(a, b, path, result);
    path.resize(mark);
    if (result.kind == value_difference::unexplained) return;
  }
}

}  // namespace

void keep_last(node& object) {
  std::unordered_map<std::string, std::size_t> first;
  std::vector<node> kept;
  kept.reserve(object.items.size());
  for (node& member : object.items) {
    const auto [at, inserted] = first.emplace(member.key, kept.size());
    if (inserted) {
      kept.push_back(std::move(member));
    } else {
      kept[at->second] = std::move(member);
    }
  }
  object.items = std::move(kept);
}

comparison compare(const node& ours, const node& peer) {
  comparison result;
  std::string path;
  walk(ours, peer, path, result);
  return result;
}

std::string describe(const node& n) {
  switch (n.kind) {
    case node_kind::null: return "null";
    case node_kind::boolean: return n.flag ? "true" : "false";
    case node_kind::integer: return std::string("integer ") + (n.flag ? "-" : "") + std::to_string(n.bits);
    case node_kind::real: {
      char buf[64];
      std::snprintf(buf, sizeof buf, "double %.17g (0x%016llx)", std::bit_cast<double>(n.bits),
                    static_cast<unsigned long long>(n.bits));
      return buf;
    }
    case node_kind::big: return "big number " + printable(n.text);
    case node_kind::string: return "string \"" + printable(n.text) + "\"";
    case node_kind::array: return "array of " + std::to_string(n.items.size());
    default: return "object of " + std::to_string(n.items.size());
  }
}

}  // namespace ujson::differential
