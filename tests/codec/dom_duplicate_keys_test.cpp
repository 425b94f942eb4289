// Duplicate keys in the DOM against a model of the policies, on the objects that the
// builder's quick checks (key prints, the shapes it remembers, the table that is never
// cleared) could get wrong: keys sharing a print, repeats at the first and last members,
// the sizes around each path's limits, escaped spellings, shapes seen before with a repeat
// added, and keys that end their buffer. The basic cases are in dom_options_test.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/guarded_buffer.hpp"
#include "support/printers.hpp"
#include "support/test_share.hpp"
#include "ujson/dom.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"

namespace {

using ujson::decode_options;
using ujson::document;
using ujson::duplicate_keys;
using ujson::errc;

constexpr duplicate_keys policies[] = {duplicate_keys::keep_last, duplicate_keys::keep_first, duplicate_keys::reject};

struct member_text {
  std::string key;       // the key's text
  std::string spelling;  // as written in JSON, quotes included
};

// The JSON object of these members, whose values are their indexes.
std::string object_text(const std::vector<member_text>& members) {
  std::string s = "{";
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (i != 0) s += ',';
    s += members[i].spelling + ':' + std::to_string(i);
  }
  return s + '}';
}

member_text raw(std::string key) { return {key, '"' + key + '"'}; }

// The same text with its first byte escaped (\u00XX): compared after unescaping.
member_text escaped(std::string key) {
  if (key.empty()) return raw(key);
  static const char hex[] = "0123456789abcdef";
  const auto c = static_cast<unsigned char>(key[0]);
  std::string spelling = "\"\\u00";
  spelling += hex[c >> 4];
  spelling += hex[c & 15];
  return {key, spelling + key.substr(1) + '"'};
}

// Checks the parsed object against the policy: keep_last keeps each key where it first
// appears with the value of its last, keep_first its first, reject fails on any repeat.
void expect_policy(const std::vector<member_text>& members, duplicate_keys policy) {
  std::vector<std::pair<std::string, std::size_t>> want;  // key, value
  bool repeated = false;
  for (std::size_t i = 0; i < members.size(); ++i) {
    std::size_t at = 0;
    while (at < want.size() && want[at].first != members[i].key) ++at;
    if (at == want.size()) {
      want.emplace_back(members[i].key, i);
    } else {
      repeated = true;
      if (policy == duplicate_keys::keep_last) want[at].second = i;
    }
  }
  decode_options o;
  o.duplicate_keys = policy;
  document d(o);
  const std::string input = object_text(members);
  const ujson::error e = d.parse(input);
  if (policy == duplicate_keys::reject) {
    ASSERT_EQ(e.code, repeated ? errc::duplicate_key : errc::ok) << input;
    if (repeated) return;
  }
  ASSERT_FALSE(e) << input;
  const auto got = d.root().members();
  ASSERT_EQ(got.size(), want.size()) << input;
  for (std::size_t i = 0; i < want.size(); ++i) {
    ASSERT_EQ(got[i].key.as_string(), want[i].first) << input;
    ASSERT_EQ(got[i].val.as_int64(), static_cast<std::int64_t>(want[i].second)) << input;
  }
}

void expect_every_policy(const std::vector<member_text>& members) {
  for (duplicate_keys p : policies) {
    SCOPED_TRACE("policy " + std::to_string(static_cast<int>(p)));
    expect_policy(members, p);
  }
}

constexpr std::size_t sizes[] = {2, 3, 7, 8, 9, 16, 63, 64, 65, 100, 1000};

// n keys that share their length and their first and last eight bytes (so a print and a
// hash bucket), differing in one middle byte: "<8 bytes>" + a digit run + "<8 bytes>".
std::string middle_key(std::size_t i) {
  std::string digits = std::to_string(i);
  return "abcdefgh" + std::string(6 - digits.size(), '0') + digits + "stuvwxyz";
}

TEST(DomDuplicateKeysModel, KeysSharingAPrintWithARepeatAnywhere) {
  for (std::size_t n : sizes) {
    SCOPED_TRACE("members " + std::to_string(n));
    std::vector<member_text> members;
    for (std::size_t i = 0; i < n; ++i) members.push_back(raw(middle_key(i)));
    expect_every_policy(members);                  // all distinct
    members.push_back(raw(middle_key(0)));         // the last repeats the first
    expect_every_policy(members);
    members.back() = raw(middle_key(n - 1));       // the last repeats the one before it
    expect_every_policy(members);
    members.back() = raw(middle_key(n / 2));
    members.insert(members.begin(), raw(middle_key(n / 2)));  // the first repeats one in the middle
    expect_every_policy(members);
  }
}

// Keys of every length 0-20 that differ in one byte only, at each position in turn: each
// pair is distinct, and each key once more is a repeat.
TEST(DomDuplicateKeysModel, KeysOfEachLengthDifferingInOneByte) {
  for (std::size_t length = 0; length <= 20; ++length) {
    SCOPED_TRACE("length " + std::to_string(length));
    std::vector<member_text> members;
    const std::string base(length, 'k');
    members.push_back(raw(base));
    for (std::size_t at = 0; at < length; ++at) {
      std::string k = base;
      k[at] = 'q';
      members.push_back(raw(k));
    }
    expect_every_policy(members);  // length + 1 keys: the small path up to 16, then the table
    for (std::size_t at = 0; at < members.size(); ++at) {
      std::vector<member_text> with_repeat = members;
      with_repeat.push_back(members[at]);
      expect_every_policy(with_repeat);
    }
    // The same keys in objects of two to eight members.
    for (std::size_t n = 2; n <= 8 && n <= members.size(); ++n) {
      std::vector<member_text> small(members.end() - static_cast<std::ptrdiff_t>(n), members.end());
      expect_every_policy(small);
      small.back() = small.front();
      expect_every_policy(small);
    }
  }
}

// Small objects find the pairs worth comparing by their keys' lengths and first bytes (one
// bit of 64 for each pair): keys of different lengths, of equal lengths, of lengths past 63,
// with first bytes that differ and with one first byte for all, each with and without a
// repeat at every position.
TEST(DomDuplicateKeysModel, SmallObjectsOfEveryLengthMix) {
  const std::vector<std::vector<std::size_t>> mixes = {
      {1, 2}, {3, 3}, {0, 1}, {0, 0}, {5, 6, 5}, {62, 63}, {63, 64}, {64, 100}, {63, 64, 65, 100}, {100, 100},
      {1, 2, 3, 4, 5, 6, 7, 8}, {4, 4, 4, 4, 8, 8, 8, 8}, {70, 70, 71, 71, 72, 72, 73, 73}};
  for (const bool one_first_byte : {false, true}) {
    for (const auto& lengths : mixes) {
      std::vector<member_text> members;
      for (std::size_t i = 0; i < lengths.size(); ++i) {
        std::string k(lengths[i], static_cast<char>('a' + i));  // distinct whatever the lengths
        if (k.size() > 2 && one_first_byte) k[0] = 'k';
        if (!k.empty()) k[k.size() / 2] = 'z';
        members.push_back(raw(k));
      }
      if (lengths.size() > 1 && lengths[0] == 0 && lengths[1] == 0) members.pop_back();  // one empty key
      expect_every_policy(members);
      for (std::size_t from = 0; from < members.size(); ++from) {
        for (std::size_t to = 0; to < members.size(); ++to) {
          if (from == to || members.size() < 2) continue;
          std::vector<member_text> with_repeat = members;
          with_repeat[to] = members[from];
          expect_every_policy(with_repeat);
        }
      }
    }
  }
}

TEST(DomDuplicateKeysModel, EscapedAndRawSpellingsOfOneKey) {
  for (std::size_t n : sizes) {
    SCOPED_TRACE("members " + std::to_string(n));
    std::vector<member_text> members;
    for (std::size_t i = 0; i < n; ++i) members.push_back(raw("key" + std::to_string(i) + "_of_some_length"));
    members.push_back(escaped(members[n - 1].key));  // escaped keys lie in the arena, not the input
    expect_every_policy(members);
    members.back() = escaped(members[0].key);
    members.front() = escaped(members[0].key);
    expect_every_policy(members);
  }
}

TEST(DomDuplicateKeysModel, ThreeTimesUnderEachPolicy) {
  for (std::size_t n : sizes) {
    SCOPED_TRACE("members " + std::to_string(n));
    std::vector<member_text> members;
    for (std::size_t i = 0; i < n; ++i) members.push_back(raw("m" + std::to_string(i)));
    members[n / 2] = members[0];
    members.push_back(raw("m0"));
    expect_every_policy(members);  // m0 at 0, n / 2 and n
    members.push_back(members[1]);
    members.push_back(members[1]);
    expect_every_policy(members);  // and m1 three times
  }
}

// Records of one shape, then the same shape with one key changed into a repeat of another:
// an object that matches a remembered shape in its size and first key must still be checked.
TEST(DomDuplicateKeysModel, RepeatInAShapeSeenBefore) {
  for (std::size_t n : {9, 20, 40, 64, 65})
  for (bool shared_print : {false, true}) {  // keys whose prints all differ, or all the same
    SCOPED_TRACE("members " + std::to_string(n) + (shared_print ? ", one print" : ""));
    std::vector<member_text> shape;
    for (std::size_t i = 0; i < n; ++i) shape.push_back(raw(shared_print ? middle_key(i) : "field_" + std::to_string(i)));
    for (std::size_t changed : {std::size_t{1}, n / 2, n - 1}) {
      std::vector<member_text> repeat = shape;
      repeat[changed] = shape[changed - 1];
      std::string records = "[";
      for (int r = 0; r < 3; ++r) records += object_text(shape) + ',';
      records += object_text(repeat) + ',' + object_text(shape) + ']';
      for (duplicate_keys p : policies) {
        decode_options o;
        o.duplicate_keys = p;
        document d(o);
        const ujson::error e = d.parse(records);
        if (p == duplicate_keys::reject) {
          EXPECT_EQ(e.code, errc::duplicate_key);
          continue;
        }
        ASSERT_FALSE(e);
        ASSERT_EQ(d.root()[0].size(), n);
        ASSERT_EQ(d.root()[3].size(), n - 1);
        ASSERT_EQ(d.root()[4].size(), n);
        const std::size_t kept_value = p == duplicate_keys::keep_last ? changed : changed - 1;
        EXPECT_EQ(d.root()[3][shape[changed - 1].key].as_int64(), static_cast<std::int64_t>(kept_value));
      }
      // The same records, each parsed alone after the others in one document.
      document d;
      const std::string alone = object_text(shape), with_repeat = object_text(repeat);
      for (int r = 0; r < 3; ++r) ASSERT_FALSE(d.parse(alone));
      ASSERT_FALSE(d.parse(with_repeat));
      EXPECT_EQ(d.root().size(), n - 1);
    }
  }
}

// Random objects over a small pool of similar keys (prefixes, one byte changed, escaped
// spellings), so that repeats are common, against the model.
TEST(DomDuplicateKeysModel, RandomObjects) {
  std::vector<std::string> pool = {"", "a", "b", "ab", "ba", "abc", "abcd", "abce", "abcdefg", "abcdefgh",
                                   "abcdefgi", "bbcdefgh"};
  for (std::size_t i = 0; i < 6; ++i) pool.push_back(middle_key(i));
  std::mt19937_64 rng(15);
  const std::size_t cases = ujson::test::share_of(3000);
  for (std::size_t c = 0; c < cases; ++c) {
    const std::size_t n = 2 + rng() % (c % 3 == 0 ? 70 : 12);
    const std::size_t distinct = 1 + rng() % pool.size();
    std::vector<member_text> members;
    for (std::size_t i = 0; i < n; ++i) {
      const std::string& k = pool[rng() % distinct];
      members.push_back(rng() % 4 == 0 ? escaped(k) : raw(k));
    }
    SCOPED_TRACE(object_text(members));
    expect_every_policy(members);
  }
}

// The checks read keys only within their bytes: a MessagePack map whose keys (each followed
// by a one-byte value) end the input, placed just before a page without access.
TEST(DomDuplicateKeysModel, KeysAtTheEndOfTheInput) {
  ujson::test::guarded_buffer buffer(1 << 12);
  for (std::size_t n : {1, 2, 9}) {
    for (std::size_t length = 0; length <= 9; ++length) {
      std::string input(1, static_cast<char>(0x80 | n));  // fixmap
      for (std::size_t i = 0; i < n; ++i) {
        std::string key(length, 'k');
        if (length > 0) key[0] = static_cast<char>('a' + i);
        if (length == 0 && i > 0) key = std::string(i, 'z');
        input += static_cast<char>(0xa0 | key.size());  // fixstr
        input += key;
        input += static_cast<char>(i);  // positive fixint
      }
      const std::string_view placed = buffer.place(input);
      document d;
      std::size_t offset = 0;
      ASSERT_FALSE(d.parse(placed, offset, ujson::binary_format::msgpack)) << n << " " << length;
      EXPECT_EQ(d.root().size(), n);
    }
  }
}

}  // namespace
