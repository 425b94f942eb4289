#include "equality.hpp"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "numbers.hpp"

namespace ujson::schema::detail {
namespace {

bool scalar_equal(const value& a, const value& b) {
  if (a.is_number() && b.is_number()) return compare_numbers(a, b) == 0;
  if (a.type() != b.type()) return false;
  switch (a.type()) {
    case kind::null: return true;
    case kind::boolean: return a.as_bool() == b.as_bool();
    case kind::string: return a.as_string() == b.as_string();
    default: return false;
  }
}

std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb93fe1a85ec5ULL;
  h ^= h >> 33;
  return h;
}

std::uint64_t hash_bytes(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : s) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

}  // namespace

bool json_equal(const value& a, const value& b) {
  // Most comparisons (enum, const) are of scalars: no stack for them.
  const bool containers = (a.is_array() || a.is_object()) && a.type() == b.type();
  if (!containers) return scalar_equal(a, b);
  std::vector<std::pair<const value*, const value*>> pending{{&a, &b}};
  while (!pending.empty()) {
    const auto [x, y] = pending.back();
    pending.pop_back();
    if (x->is_array() && y->is_array()) {
      if (x->size() != y->size()) return false;
      for (std::size_t i = 0; i < x->size(); ++i) pending.emplace_back(&x->elements()[i], &y->elements()[i]);
    } else if (x->is_object() && y->is_object()) {
      if (x->size() != y->size()) return false;
      for (const member& m : x->members()) {
        const value* other = y->find(m.key.as_string());
        if (!other) return false;
        pending.emplace_back(&m.val, other);
      }
    } else if (!scalar_equal(*x, *y)) {
      return false;
    }
  }
  return true;
}

std::uint64_t json_hash(const value& v) {
  // Post-order with an explicit stack: each container's hash combines its children's.
  struct frame {
    const value* v;
    std::size_t next;
    std::uint64_t acc;
  };
  std::vector<frame> stack{{&v, 0, 0}};
  std::uint64_t done = 0;
  while (true) {
    frame& f = stack.back();
    const value& x = *f.v;
    std::uint64_t h;
    if (x.is_array() || x.is_object()) {
      if (f.next > 0) {
        // The child just finished: arrays by position, objects by key, order-free.
        if (x.is_array()) {
          f.acc = mix(f.acc * 31 + done);
        } else {
          f.acc += mix(hash_bytes(x.members()[f.next - 1].key.as_string()) ^ done);
        }
      }
      if (f.next < x.size()) {
        const value* child = x.is_array() ? &x.elements()[f.next] : &x.members()[f.next].val;
        ++f.next;
        stack.push_back({child, 0, 0});
        continue;
      }
      h = mix(f.acc ^ (x.is_array() ? 0xA11A7ULL : 0x0B1EC7ULL) ^ x.size());
    } else if (x.is_number()) {
      h = mix(number_hash(x));
    } else if (x.is_string()) {
      h = mix(hash_bytes(x.as_string()) ^ 0x57);
    } else {
      h = mix(static_cast<std::uint64_t>(x.type()) * 7 + (x.as_bool() ? 1 : 0));
    }
    stack.pop_back();
    done = h;
    if (stack.empty()) return h;
  }
}

bool all_unique(std::span<const value> items, std::size_t& first, std::size_t& second) {
  const std::size_t n = items.size();
  if (n < 2) return true;
  if (n <= 8) {
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        if (json_equal(items[i], items[j])) {
          first = i, second = j;
          return false;
        }
      }
    }
    return true;
  }
  std::vector<std::pair<std::uint64_t, std::size_t>> hashed(n);
  for (std::size_t i = 0; i < n; ++i) hashed[i] = {json_hash(items[i]), i};
  std::sort(hashed.begin(), hashed.end());
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && hashed[j].first == hashed[i].first) ++j;
    for (std::size_t a = i; a < j; ++a) {
      for (std::size_t b = a + 1; b < j; ++b) {
        if (json_equal(items[hashed[a].second], items[hashed[b].second])) {
          first = std::min(hashed[a].second, hashed[b].second);
          second = std::max(hashed[a].second, hashed[b].second);
          return false;
        }
      }
    }
    i = j;
  }
  return true;
}

}  // namespace ujson::schema::detail
