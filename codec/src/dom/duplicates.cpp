// Duplicate keys in the DOM builder. Almost no document has any, so an object is first
// checked for none at all (resolve_duplicates, distinct_large), and only an object that may have
// some takes the path that applies the policy (settle_duplicates, the check of old). The
// first check is exact too: it gives up on a repeated key, or past a collision budget.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "builder.hpp"
#include "ujson/detail/scan.hpp"

namespace ujson::detail {

namespace {

constexpr std::uint64_t golden = 0x9E3779B97F4A7C15ULL;

// A key's print in constant time, from its length and its first and last eight bytes
// (overlapping loads within the key: it may end its buffer). Equal keys have equal prints,
// so keys whose prints all differ all differ. Keys that differ only in their middle share
// one and are told apart by comparing them; keys made to share one cannot make the check
// quadratic (the budgets below).
inline std::uint64_t key_print(const char* p, std::size_t n) noexcept {
  if (n >= 8) {
    std::uint64_t first, last;
    std::memcpy(&first, p, 8);
    std::memcpy(&last, p + n - 8, 8);
    return first ^ (last << 1) ^ n;
  }
  if (n >= 4) {
    std::uint32_t first, last;
    std::memcpy(&first, p, 4);
    std::memcpy(&last, p + n - 4, 4);
    return (static_cast<std::uint64_t>(first) << 32 | last) ^ n;
  }
  if (n == 0) return 0;
  return static_cast<unsigned char>(p[0]) | static_cast<unsigned char>(p[n / 2]) << 8 |
         static_cast<unsigned char>(p[n - 1]) << 16 | n << 24;
}
// A hash table's slot is in the product's top bits, where every bit of the print counts.
inline std::uint64_t key_hash(std::string_view key) noexcept { return key_print(key.data(), key.size()) * golden; }

}  // namespace

// Keys that differ in length or in first byte differ: a bit per (length, first byte) pair,
// mixed into 64, finds the keys worth comparing with the earlier ones, mostly none. A bit
// per length alone sent records whose keys share lengths through the comparisons (twice
// in each 9-member object of workload 2, medium_object; "id"/"ok" and "name"/"tags" in
// {"id":1,"name":"x","tags":[],"ok":true,"v":1.5}): 3% more instructions per whole parse.
// The mix is first + 8 * length, one address computation: in the corpus files it sends
// as few objects to the comparisons as a multiplication by 29 did (citm_catalog.json's 186
// of 10,929 objects of up to 16 members share a length and a first byte however mixed),
// and fewer in twitter.json (10 of 572 against 21). The length comes from the tag shifted by
// 5, not 8: its flag bits add one constant, the same for every key of a builder. The first
// byte is read without a test for the empty key (a branch that GCC kept in the unrolled
// loop): the builder's keys all have a byte there (on_key).
inline std::uint64_t dom_builder::small_key_bit(const value& k) noexcept {
  return std::uint64_t{1} << (((k.tag_ >> 5) + static_cast<unsigned char>(k.payload_.s[0])) & 63);
}

// A leaf for the objects it passes: every other path is a tail call, so that it saves no
// registers.
std::size_t dom_builder::resolve_duplicates(member* members, std::size_t n) {
  if (n > small_object) return resolve_large(members, n);
  // Two keys a step, the second's bit tested against the first's too.
  std::uint64_t seen = 0;
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const std::uint64_t first = seen | small_key_bit(members[i].key);
    const std::uint64_t second = first | small_key_bit(members[i + 1].key);
    if (first == seen || second == first) [[unlikely]] return resolve_small_from(members, n, i, seen);
    seen = second;
  }
  if (i != n && (seen & small_key_bit(members[i].key))) [[unlikely]] return resolve_small_from(members, n, i, seen);
  return n;
}

std::size_t dom_builder::resolve_large(member* members, std::size_t n) {
  return distinct_large(members, n) ? n : settle_duplicates(members, n);
}

std::size_t dom_builder::resolve_small_from(member* members, std::size_t n, std::size_t i, std::uint64_t seen) {
  return distinct_small_from(members, n, i, seen) ? n : settle_duplicates(members, n);
}

bool dom_builder::distinct_small_from(const member* members, std::size_t n, std::size_t i, std::uint64_t seen) {
  for (; i < n; ++i) {
    const value& k = members[i].key;
    const std::uint64_t bit = small_key_bit(k);
    if (seen & bit) {
      for (std::size_t j = 0; j < i; ++j) {
        const value& other = members[j].key;
        if (same_text({other.payload_.s, other.tag_ >> 8}, {k.payload_.s, k.tag_ >> 8})) return false;
      }
    }
    seen |= bit;
  }
  return true;
}

// Objects of one shape follow each other (the records of an array): their keys' prints are
// kept (shapes_) when they all differ, and an object with the same prints in the same order
// needs nothing more. Other objects go through a hash table of prints.
bool dom_builder::distinct_large(const member* members, std::size_t n) {
  if (n > prints_.size()) prints_.resize(n);
  std::uint64_t* const print = prints_.data();
  const auto print_of = [&](std::size_t i) { return key_print(members[i].key.payload_.s, members[i].key.tag_ >> 8); };
  print[0] = print_of(0);
  std::uint64_t* shape = nullptr;  // n, then n prints
  if (n <= shape_keys) {
    if (shapes_.empty()) shapes_.resize(shape_count * (shape_keys + 1));
    shape = &shapes_[((print[0] ^ n) * golden >> (64 - std::countr_zero(shape_count))) * (shape_keys + 1)];
    // Compared as they are made (a slot holds room for shape_keys prints, whatever its n).
    std::uint64_t differ = (shape[0] ^ n) | (shape[1] ^ print[0]);
    for (std::size_t i = 1; i < n; ++i) {
      print[i] = print_of(i);
      differ |= shape[i + 1] ^ print[i];
    }
    if (differ == 0) return true;
  } else {
    for (std::size_t i = 1; i < n; ++i) print[i] = print_of(i);
  }
  bool prints_differ = true;
  if (!distinct_prints(members, n, prints_differ)) return false;
  if (shape != nullptr && prints_differ) {
    shape[0] = n;
    std::memcpy(shape + 1, print, n * sizeof *print);
  }
  return true;
}

// Open addressing into a table kept for the builder's life. A slot holds a stamp in its high
// half, new for every object and larger than every earlier one, so a slot of an earlier
// object reads as empty: no clearing, and no table the size of the object to fill.
bool dom_builder::distinct_prints(const member* members, std::size_t n, bool& prints_differ) {
  // An eighth full (a collision in about one key of 16) up to 1024 members; half full past
  // that, as settle_duplicates' table, so that one huge object does not keep a huge table.
  const std::size_t size = std::bit_ceil(n <= 1024 ? 8 * n : 2 * n);
  if (size > stamps_.size()) stamps_.resize(size);
  stamp_ += std::uint64_t{1} << 32;
  if (stamp_ == 0) [[unlikely]] {  // after 2^32 objects
    std::fill(stamps_.begin(), stamps_.end(), 0);
    stamp_ = std::uint64_t{1} << 32;
  }
  const int shift = 64 - std::countr_zero(size);
  const std::uint64_t* const print = prints_.data();
  std::size_t budget = 4 * n;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t s = print[i] * golden >> shift;; s = (s + 1) & (size - 1)) {
      const std::uint64_t slot = stamps_[s];
      if (slot < stamp_) {
        stamps_[s] = stamp_ | i;
        break;
      }
      if (budget-- == 0) return false;
      const auto j = static_cast<std::uint32_t>(slot);
      if (print[j] != print[i]) continue;
      prints_differ = false;
      const std::size_t length = members[i].key.tag_ >> 8;
      if (same_text({members[j].key.payload_.s, members[j].key.tag_ >> 8}, {members[i].key.payload_.s, length})) {
        return false;
      }
    }
  }
  return true;
}

// Open addressing over the members' indexes. Duplicates are settled only once every key
// is in: past the probe budget nothing has changed and the caller checks another way.
template <class Settle>
dom_builder::hash_result dom_builder::hash_duplicates(member* members, std::size_t n, Settle& settle) {
  const std::size_t size = std::bit_ceil(2 * n);
  const std::size_t mask = size - 1;
  const int shift = 64 - std::countr_zero(size);
  // A slot: the member's index in the low half, its key's hash's high half above it, so
  // that keys meeting in a slot are compared only when their hashes agree.
  constexpr std::uint64_t empty = UINT64_MAX;
  slots_.assign(size, empty);
  std::size_t budget = 8 * n;  // a table at most half full probes about 1.5 times per key
  pending_.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view k = members[i].key.as_string();
    const std::uint64_t h = key_hash(k);
    const std::uint64_t tag = h & 0xFFFFFFFF00000000ULL;  // overlaps the slot's bits: still a filter
    for (std::size_t s = h >> shift;; s = (s + 1) & mask) {
      if (budget-- == 0) return hash_result::over_budget;
      const std::uint64_t slot = slots_[s];
      if (slot == empty) {
        slots_[s] = tag | i;
        break;
      }
      const auto j = static_cast<std::uint32_t>(slot);
      if ((slot & 0xFFFFFFFF00000000ULL) == tag && members[j].key.as_string() == k) {
        pending_.emplace_back(static_cast<std::uint32_t>(i), j);
        break;
      }
    }
  }
  for (const auto& [i, j] : pending_) {
    if (!settle(i, j)) return hash_result::rejected;
  }
  return hash_result::done;
}

std::size_t dom_builder::settle_duplicates(member* members, std::size_t n) {
  bool removed_any = false;
  // Duplicate found: i repeats the key of the earlier member j.
  auto settle = [&](std::size_t i, std::size_t j) {
    if (policy_ == duplicate_keys::reject) return false;
    if (policy_ == duplicate_keys::keep_last) members[j].val = members[i].val;
    members[i].key = value();  // marks i as removed
    removed_any = true;
    return true;
  };
  if (n <= small_object) {
    for (std::size_t i = 1; i < n; ++i) {
      const std::string_view k = members[i].key.as_string();
      for (std::size_t j = 0; j < i; ++j) {
        if (members[j].key.is_string() && members[j].key.as_string() == k) {
          if (!settle(i, j)) return rejected;
          break;
        }
      }
    }
  } else if (const hash_result r = hash_duplicates(members, n, settle); r == hash_result::rejected) {
    return rejected;
  } else if (r == hash_result::over_budget) {
    // Keys made to collide (the hash has no secret) would make probing quadratic: past a
    // probe budget the members are checked by sorting instead, O(n log n) whatever the keys.
    order_.resize(n);
    for (std::size_t i = 0; i < n; ++i) order_[i] = static_cast<std::uint32_t>(i);
    std::stable_sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return members[a].key.as_string() < members[b].key.as_string();
    });
    for (std::size_t at = 1, first = 0; at < n; ++at) {
      const std::uint32_t i = order_[at], j = order_[first];
      if (members[i].key.as_string() != members[j].key.as_string()) {
        first = at;
      } else if (!settle(i, j)) {
        return rejected;
      }
    }
  }
  if (!removed_any) return n;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (members[i].key.is_string()) members[kept++] = members[i];
  }
  return kept;
}

}  // namespace ujson::detail
