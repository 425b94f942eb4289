// Where the DOM builder keeps values: one run of blocks per depth, each value written once
// where it stays, a block that fills up in the middle of a container moving that container's
// values so far to a larger one, and first blocks reused (and enlarged) from one document to
// the next. Random trees, written as text by the test, parsed through one document in an
// order that grows and shrinks every depth, and compared with the tree they were made from.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "support/printers.hpp"
#include "ujson/dom.hpp"
#include "ujson/options.hpp"

namespace {

using ujson::document;
using ujson::duplicate_keys;
using ujson::kind;
using ujson::value;

// A node of the model: an integer, or an array or object of children. Object members
// carry their key's number; keys may repeat within an object (keep_last resolves them).
struct node {
  kind type = kind::int64;
  std::int64_t number = 0;
  std::vector<node> children;
  std::vector<int> keys;  // objects: the key number of each child
};

struct tree_maker {
  std::mt19937_64 rng;
  std::int64_t next_number = 0;
  std::size_t nodes_left = 0;  // a budget, so that deep trees stay small

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng() % n); }

  // Sizes from 0 to 40, and now and then 300: past the first block of any depth.
  std::size_t container_size() { return pick(12) == 0 ? 300 : pick(41); }

  node make(int depth, int max_depth) {
    node n;
    if (nodes_left != 0) --nodes_left;
    if (depth == max_depth || nodes_left == 0 || pick(3) == 0) {
      n.number = next_number++;
      return n;
    }
    n.type = pick(2) == 0 ? kind::array : kind::object;
    const std::size_t size = depth == 0 ? 40 : container_size() / (depth + 1);
    for (std::size_t i = 0; i < size; ++i) {
      // Keys from a small range when the object is large enough to repeat some.
      const int key = static_cast<int>(size > 8 && pick(4) == 0 ? pick(size / 2) : i);
      n.keys.push_back(key);
      n.children.push_back(make(depth + 1, max_depth));
    }
    return n;
  }
};

void write(const node& n, std::string& out) {
  if (n.type == kind::int64) {
    out += std::to_string(n.number);
    return;
  }
  const bool object = n.type == kind::object;
  out += object ? '{' : '[';
  for (std::size_t i = 0; i < n.children.size(); ++i) {
    if (i != 0) out += ',';
    if (object) out += "\"k" + std::to_string(n.keys[i]) + "\":";
    write(n.children[i], out);
  }
  out += object ? '}' : ']';
}

// keep_last: each key where it first appears, with the value of its last appearance.
std::vector<std::pair<int, const node*>> kept_members(const node& n) {
  std::vector<std::pair<int, const node*>> kept;
  for (std::size_t i = 0; i < n.children.size(); ++i) {
    std::size_t at = 0;
    while (at < kept.size() && kept[at].first != n.keys[i]) ++at;
    if (at == kept.size()) kept.emplace_back(n.keys[i], &n.children[i]);
    else kept[at].second = &n.children[i];
  }
  return kept;
}

void expect_same(const node& want, const value& got, const std::string& path) {
  ASSERT_EQ(got.type(), want.type) << path;
  if (want.type == kind::int64) {
    ASSERT_EQ(got.as_int64(), want.number) << path;
  } else if (want.type == kind::array) {
    ASSERT_EQ(got.size(), want.children.size()) << path;
    for (std::size_t i = 0; i < want.children.size(); ++i) {
      expect_same(want.children[i], got.elements()[i], path + "/" + std::to_string(i));
    }
  } else {
    const auto kept = kept_members(want);
    ASSERT_EQ(got.size(), kept.size()) << path;
    for (std::size_t i = 0; i < kept.size(); ++i) {
      const std::string key = "k" + std::to_string(kept[i].first);
      ASSERT_EQ(got.members()[i].key.as_string(), key) << path;
      expect_same(*kept[i].second, got.members()[i].val, path + "/" + key);
    }
  }
}

TEST(DomStorage, TreesOfEveryShapeThroughOneDocument) {
  tree_maker maker{std::mt19937_64(20261203)};
  ujson::decode_options options;
  options.duplicate_keys = duplicate_keys::keep_last;
  document d(options);
  // Depths go up and down, so each depth meets documents both larger and smaller than the
  // last one it held.
  const int depths[] = {1, 3, 6, 2, 9, 4, 12, 1, 7, 3, 12, 5, 2, 8, 10, 3};
  for (int round = 0; round < 3; ++round) {
    for (const int max_depth : depths) {
      maker.nodes_left = 20000;
      const node tree = maker.make(0, max_depth);
      std::string text;
      write(tree, text);
      const ujson::error e = d.parse(text);
      ASSERT_FALSE(e) << ujson::code_name(e.code) << " at " << e.offset;
      SCOPED_TRACE("depth " + std::to_string(max_depth) + ", " + std::to_string(text.size()) + " bytes");
      expect_same(tree, d.root(), "");
    }
  }
}

// A block filling up inside an object moves its members; `reject` then still finds a key
// repeated across the move, and keep_first / keep_last still settle it.
TEST(DomStorage, RepeatedKeysAcrossABlockThatFilledUp) {
  for (const std::size_t members : {7u, 8u, 9u, 31u, 32u, 33u, 200u}) {
    std::string text = "[{\"pad\":[1,2,3]},{";
    for (std::size_t i = 0; i < members; ++i) text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
    text += "\"k0\":\"last\"}]";
    for (const duplicate_keys policy : {duplicate_keys::reject, duplicate_keys::keep_first, duplicate_keys::keep_last}) {
      ujson::decode_options options;
      options.duplicate_keys = policy;
      document d(options);
      const ujson::error e = d.parse(text);
      if (policy == duplicate_keys::reject) {
        EXPECT_EQ(e.code, ujson::errc::duplicate_key) << members;
        continue;
      }
      ASSERT_FALSE(e) << members;
      const value& object = d.root()[1];
      ASSERT_EQ(object.size(), members) << members;
      EXPECT_EQ(object.members()[0].key.as_string(), "k0");
      if (policy == duplicate_keys::keep_last) EXPECT_EQ(object["k0"].as_string(), "last");
      else EXPECT_EQ(object["k0"].as_int64(), 0);
      EXPECT_EQ(object.members()[members - 1].val.as_int64(), static_cast<std::int64_t>(members - 1));
      EXPECT_EQ(d.root()[0]["pad"][2].as_int64(), 3);
    }
  }
}

// Under `reject` each key is checked against the earlier keys of its own object only:
// siblings and parents sharing keys are no repeat, however the blocks were filled.
TEST(DomStorage, RejectLooksAtTheKeysOfOneObject) {
  ujson::decode_options options;
  options.duplicate_keys = duplicate_keys::reject;
  document d(options);
  for (const std::size_t siblings : {2u, 9u, 40u}) {
    std::string text = "{\"a\":[";
    for (std::size_t i = 0; i < siblings; ++i) text += std::string(i ? "," : "") + "{\"a\":" + std::to_string(i) + ",\"b\":{\"a\":0}}";
    text += "],\"b\":1}";
    const ujson::error e = d.parse(text);
    ASSERT_FALSE(e) << ujson::code_name(e.code) << " at " << e.offset << " in " << text;
    EXPECT_EQ(d.root()["a"][siblings - 1]["a"].as_int64(), static_cast<std::int64_t>(siblings - 1));
  }
}

// The indexed walk unescapes a string straight into the document's arena, in room it asks
// for before the string's size is known, and the string event takes what it used. Strings
// of every size (past the arena's first chunk too), as values and as keys, among plain
// strings and numbers, through one document in turn: each must read back as the text the
// test wrote, and keys spelt with and without escapes are one key.
TEST(DomStorage, EscapedTextWrittenWhereItStays) {
  struct piece {
    const char* json;
    const char* text;
  };
  const piece pieces[] = {{"abc", "abc"},          {"\\n", "\n"},  {"\\u00e9", "\xC3\xA9"},
                          {"\\ud83d\\ude00", "\xF0\x9F\x98\x80"}, {"\\\"", "\""},
                          {"\\\\", "\\"},      {"\\/", "/"},     {"\xE2\x82\xAC", "\xE2\x82\xAC"}};
  std::mt19937_64 rng(4711);
  ujson::decode_options options;
  options.duplicate_keys = duplicate_keys::keep_last;
  document d(options);
  for (int round = 0; round < 40; ++round) {
    std::string text = "[";
    std::vector<std::string> want;
    const std::size_t count = 1 + rng() % 60;
    for (std::size_t i = 0; i < count; ++i) {
      // Mostly short strings; now and then one of up to 30,000 pieces.
      const std::size_t length = rng() % 8 == 0 ? rng() % 30000 : rng() % 12;
      std::string json, expected;
      for (std::size_t k = 0; k < length; ++k) {
        const piece& p = pieces[rng() % std::size(pieces)];
        json += p.json;
        expected += p.text;
      }
      if (i != 0) text += ',';
      text += rng() % 2 == 0 ? "\"" + json + "\"" : "{\"" + json + "\":" + std::to_string(i) + "}";
      text += ",7";
      want.push_back(expected);
    }
    text += "]";
    const ujson::error e = d.parse(text);
    ASSERT_FALSE(e) << ujson::code_name(e.code) << " at " << e.offset;
    ASSERT_EQ(d.root().size(), 2 * count);
    for (std::size_t i = 0; i < count; ++i) {
      const value& v = d.root()[2 * i];
      const std::string got(v.is_object() ? v.members()[0].key.as_string() : v.as_string());
      ASSERT_EQ(got, want[i]) << "round " << round << ", string " << i;
      EXPECT_EQ(d.root()[2 * i + 1].as_int64(), 7);
    }
  }
  // One key written three ways: kept once, with the last value; refused under reject.
  const std::string keys = std::string("[") + std::string(64, ' ') + "{\"ab\":1,\"\\u0061b\":2,\"a\\u0062\":3}]";
  ASSERT_FALSE(d.parse(keys));
  ASSERT_EQ(d.root()[0].size(), 1u);
  EXPECT_EQ(d.root()[0]["ab"].as_int64(), 3);
  ujson::decode_options reject;
  reject.duplicate_keys = duplicate_keys::reject;
  document strict(reject);
  EXPECT_EQ(strict.parse(keys).code, ujson::errc::duplicate_key);
}

}  // namespace
