#pragma once
// digest: a summary of a parsed document that every library can compute from its own
// DOM, so the harness can check each library's parse (and, by re-parsing with ujson,
// each library's serialize output) against ujson's reference, the way simdjson's
// benchmark runner diffs every library's result. A fast wrong answer fails the run.
//
// Every field is order-independent (counts and wrapping sums), because nlohmann-json
// keeps object members sorted by key while the others keep input order.
//
// Numbers: an integer is summed as its two's-complement uint64 bits, whether the library
// calls it int64 or uint64 (they disagree on where non-negative integers go). Doubles
// compare exactly: their IEEE-754 bit patterns are summed, and each one is also kept (as
// its position on the number line, in ulps) so that a library that is known not to round
// correctly can be held to "within N ulps of every value" instead; see compare() and each
// library's `double_ulps`. A ujson big number (an integer beyond 64 bits, or a decimal
// outside double range) counts as the double it rounds to, which is what RapidJSON,
// Boost.JSON and nlohmann produce for it (simdjson rejects big integers); none of the
// benchmark documents contains one.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace codec_bench {

struct digest {
  std::uint64_t nulls = 0;
  std::uint64_t trues = 0;
  std::uint64_t falses = 0;
  std::uint64_t integers = 0;
  std::uint64_t doubles = 0;
  std::uint64_t strings = 0;
  std::uint64_t arrays = 0;
  std::uint64_t objects = 0;
  std::uint64_t elements = 0;  // array elements, over all arrays
  std::uint64_t members = 0;   // object members, over all objects
  std::uint64_t string_bytes = 0;
  std::uint64_t key_bytes = 0;
  std::uint64_t string_hash = 0;  // sum of FNV-1a hashes of string values
  std::uint64_t key_hash = 0;     // sum of FNV-1a hashes of keys
  std::uint64_t integer_sum = 0;
  std::uint64_t double_bits_sum = 0;
  std::vector<std::int64_t> double_ulps;  // each double's ulp position, in document order

  bool operator==(const digest&) const = default;

  // Consecutive doubles get consecutive positions (+0 and -0 share 0).
  static std::int64_t ulp_position(double d) noexcept {
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(d);
    const auto magnitude = static_cast<std::int64_t>(bits & 0x7fffffffffffffffULL);
    return (bits >> 63) != 0 ? -magnitude : magnitude;
  }

  static std::uint64_t hash(std::string_view s) noexcept {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ULL;
    }
    return h;
  }

  void add_null() noexcept { ++nulls; }
  void add_bool(bool b) noexcept { b ? ++trues : ++falses; }
  void add_int64(std::int64_t i) noexcept { add_uint64(static_cast<std::uint64_t>(i)); }
  void add_uint64(std::uint64_t u) noexcept {
    ++integers;
    integer_sum += u;
  }
  void add_double(double d) noexcept {
    ++doubles;
    double_bits_sum += std::bit_cast<std::uint64_t>(d);
    double_ulps.push_back(ulp_position(d));
  }
  void add_string(std::string_view s) noexcept {
    ++strings;
    string_bytes += s.size();
    string_hash += hash(s);
  }
  void add_key(std::string_view s) noexcept {
    key_bytes += s.size();
    key_hash += hash(s);
  }
  void add_array(std::uint64_t n) noexcept {
    ++arrays;
    elements += n;
  }
  void add_object(std::uint64_t n) noexcept {
    ++objects;
    members += n;
  }

  struct comparison {
    bool equal = false;             // within the tolerance
    std::string difference;         // one line per field that differs
    std::uint64_t off_doubles = 0;  // doubles that are not bit-identical
    std::int64_t max_ulps = 0;      // the largest distance among them
  };

  // Compares `got` with this reference. Every count, sum and hash must be equal. Doubles
  // are compared as sorted lists of ulp positions (sorted because nlohmann's objects
  // reorder members; on a line, pairing in sorted order is the best pairing, so this is
  // exactly "some one-to-one pairing is within the tolerance"): with ulps == 0 they must
  // be bit-identical, with ulps > 0 each may be up to that many ulps away.
  comparison compare(const digest& got, std::int64_t ulps) const {
    comparison c;
    std::string& out = c.difference;
    auto field = [&](const char* name, std::uint64_t want, std::uint64_t have) {
      if (want == have) return;
      char line[160];
      std::snprintf(line, sizeof line, "  %s: expected %llu, got %llu\n", name,
                    static_cast<unsigned long long>(want), static_cast<unsigned long long>(have));
      out += line;
    };
    field("nulls", nulls, got.nulls);
    field("trues", trues, got.trues);
    field("falses", falses, got.falses);
    field("integers", integers, got.integers);
    field("doubles", doubles, got.doubles);
    field("strings", strings, got.strings);
    field("arrays", arrays, got.arrays);
    field("objects", objects, got.objects);
    field("elements", elements, got.elements);
    field("members", members, got.members);
    field("string_bytes", string_bytes, got.string_bytes);
    field("key_bytes", key_bytes, got.key_bytes);
    field("string_hash", string_hash, got.string_hash);
    field("key_hash", key_hash, got.key_hash);
    field("integer_sum", integer_sum, got.integer_sum);
    if (double_ulps.size() == got.double_ulps.size()) {
      std::vector<std::int64_t> want_sorted = double_ulps, got_sorted = got.double_ulps;
      std::sort(want_sorted.begin(), want_sorted.end());
      std::sort(got_sorted.begin(), got_sorted.end());
      for (std::size_t i = 0; i < want_sorted.size(); ++i) {
        const std::int64_t d = want_sorted[i] > got_sorted[i] ? want_sorted[i] - got_sorted[i]
                                                              : got_sorted[i] - want_sorted[i];
        if (d != 0) ++c.off_doubles;
        if (d > c.max_ulps) c.max_ulps = d;
      }
      // +0.0 and -0.0 share a position; the bit sum tells them apart.
      const bool ok = ulps == 0 ? c.off_doubles == 0 && double_bits_sum == got.double_bits_sum : c.max_ulps <= ulps;
      if (!ok) {
        char line[200];
        std::snprintf(line, sizeof line, "  doubles: %llu of %zu differ, by up to %lld ulps (allowed: %lld)\n",
                      static_cast<unsigned long long>(c.off_doubles), double_ulps.size(),
                      static_cast<long long>(c.max_ulps), static_cast<long long>(ulps));
        out += line;
      }
    }
    c.equal = out.empty();
    return c;
  }
};

// walk_totals: what the parse+walk rows make every library compute from its DOM, so that
// a DOM that defers work until a value is read (a lazy one) pays for it inside the timing.
// Every string and key byte is read and summed, every number is read as the library hands
// it over, every value is counted: the cheapest complete traversal, the same for all.
struct walk_totals {
  std::uint64_t values = 0;
  std::uint64_t trues = 0;
  std::uint64_t numbers = 0;
  std::uint64_t number_bits = 0;  // integers as uint64 bits, doubles as their IEEE bits
  std::uint64_t byte_sum = 0;     // of every string and key byte
  std::uint64_t string_bytes = 0;

  bool operator==(const walk_totals&) const = default;

  void add_null() noexcept { ++values; }
  void add_bool(bool b) noexcept {
    ++values;
    trues += b ? 1 : 0;
  }
  void add_int64(std::int64_t i) noexcept { add_uint64(static_cast<std::uint64_t>(i)); }
  void add_uint64(std::uint64_t u) noexcept {
    ++values;
    ++numbers;
    number_bits += u;
  }
  void add_double(double d) noexcept {
    ++values;
    ++numbers;
    number_bits += std::bit_cast<std::uint64_t>(d);
  }
  void add_string(std::string_view s) noexcept {
    ++values;
    add_key(s);
  }
  // Summed in a local: summed into the member, the bytes (chars, which alias everything)
  // would have to be read one at a time after each store, or not, as each library's
  // inlining lets the compiler prove; the rows would time that instead of the DOMs.
  void add_key(std::string_view s) noexcept {
    string_bytes += s.size();
    std::uint64_t sum = 0;
    for (const char c : s) sum += static_cast<unsigned char>(c);
    byte_sum += sum;
  }
  void add_array(std::uint64_t) noexcept { ++values; }
  void add_object(std::uint64_t) noexcept { ++values; }
};

}  // namespace codec_bench
