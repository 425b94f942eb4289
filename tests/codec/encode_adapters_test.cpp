// The adapters of encode.hpp: standard types (integers, floating point, strings, optional,
// vector, maps), user adapters for structs, and cycles in user data ending in depth_exceeded.
// Every expected string is written by hand from the encoder specification, never copied
// from output.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "support/printers.hpp"
#include "ujson/encode.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace {

using ujson::encode_options;
using ujson::errc;
using ujson::writer;

// ---- adapters of encode.hpp ------------------------------------------------------------------

template <class T>
std::string enc(const T& v, const encode_options& o = {}) {
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(v, out, o), errc::ok);
  return out;
}

TEST(Adapters, Integers) {
  EXPECT_EQ(enc(0), "0");
  EXPECT_EQ(enc(-42), "-42");
  EXPECT_EQ(enc(static_cast<std::int8_t>(-128)), "-128");
  EXPECT_EQ(enc(static_cast<std::uint8_t>(200)), "200");
  EXPECT_EQ(enc(static_cast<std::int16_t>(-32768)), "-32768");
  EXPECT_EQ(enc(static_cast<std::uint16_t>(65535)), "65535");
  EXPECT_EQ(enc(std::numeric_limits<std::int32_t>::min()), "-2147483648");
  EXPECT_EQ(enc(std::numeric_limits<std::uint32_t>::max()), "4294967295");
  EXPECT_EQ(enc(std::numeric_limits<long long>::min()), "-9223372036854775808");
  EXPECT_EQ(enc(std::numeric_limits<std::int64_t>::max()), "9223372036854775807");
  EXPECT_EQ(enc(std::numeric_limits<unsigned long long>::max()), "18446744073709551615");
  EXPECT_EQ(enc(std::numeric_limits<std::size_t>::max()), "18446744073709551615");
}

TEST(Adapters, BoolNullFloating) {
  EXPECT_EQ(enc(true), "true");
  EXPECT_EQ(enc(false), "false");
  EXPECT_EQ(enc(nullptr), "null");
  EXPECT_EQ(enc(0.5), "0.5");
  EXPECT_EQ(enc(0.5f), "0.5");
  EXPECT_EQ(enc(2.0), "2.0");
  EXPECT_EQ(enc(0.1f), "0.10000000149011612");
}

TEST(Adapters, Strings) {
  EXPECT_EQ(enc(std::string("hi/there")), R"("hi\/there")");
  EXPECT_EQ(enc(std::string_view("tab\there")), R"("tab\there")");
  const char* p = "caf\xc3\xa9";
  EXPECT_EQ(enc(p), R"("caf\u00e9")");
  const char* null_p = nullptr;
  EXPECT_EQ(enc(null_p), "null");
  EXPECT_EQ(enc(std::string()), R"("")");
  EXPECT_EQ(enc(std::string("a\0b", 3)), R"("a\u0000b")");
}

TEST(Adapters, Optional) {
  EXPECT_EQ(enc(std::optional<int>()), "null");
  EXPECT_EQ(enc(std::optional<int>(5)), "5");
  EXPECT_EQ(enc(std::optional<std::string>("x")), R"("x")");
  EXPECT_EQ(enc(std::optional<std::vector<int>>(std::vector<int>{1})), "[1]");
}

TEST(Adapters, Vector) {
  EXPECT_EQ(enc(std::vector<int>{}), "[]");
  EXPECT_EQ(enc(std::vector<int>{1, 2, 3}), "[1,2,3]");
  EXPECT_EQ(enc(std::vector<std::optional<std::string>>{std::string("a"), std::nullopt}), R"(["a",null])");
  EXPECT_EQ(enc(std::vector<std::vector<int>>{{}, {1}, {2, 3}}), "[[],[1],[2,3]]");
  EXPECT_EQ(enc(std::vector<double>{1.0, -0.0, 0.25}), "[1.0,-0.0,0.25]");
}

TEST(Adapters, Maps) {
  EXPECT_EQ(enc(std::map<std::string, int>{}), "{}");
  EXPECT_EQ(enc(std::map<std::string, int>{{"b", 1}, {"a", 2}}), R"({"a":2,"b":1})");
  EXPECT_EQ(enc(std::map<std::string, std::vector<int>>{{"k", {1, 2}}}), R"({"k":[1,2]})");
  EXPECT_EQ(enc(std::unordered_map<std::string, int>{{"only", 1}}), R"({"only":1})");
  encode_options sorted;
  sorted.sort_keys = true;
  std::unordered_map<std::string, std::optional<int>> u;
  for (int i = 9; i >= 0; --i) u["key" + std::to_string(i)] = i % 2 ? std::optional<int>(i) : std::nullopt;
  EXPECT_EQ(enc(u, sorted),
            R"({"key0":null,"key1":1,"key2":null,"key3":3,"key4":null,"key5":5,"key6":null,"key7":7,"key8":null,"key9":9})");
}

TEST(Adapters, NestedWithOptions) {
  std::map<std::string, std::vector<std::map<std::string, std::string>>> m;
  m["list"] = {{{"url", "a/b"}}, {}};
  encode_options o;
  o.indent = 2;
  EXPECT_EQ(enc(m, o),
            "{\n"
            "  \"list\": [\n"
            "    {\n"
            "      \"url\": \"a\\/b\"\n"
            "    },\n"
            "    {}\n"
            "  ]\n"
            "}");
}

TEST(Adapters, EncodeFailureLeavesOutputEmpty) {
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(std::vector<std::string>{"ok", "\xff"}, out), errc::invalid_utf8);
  EXPECT_EQ(out, "");
  out = "stale";
  EXPECT_EQ(ujson::encode(std::map<std::string, int>{{"\xc0\x80", 1}}, out), errc::invalid_utf8);
  EXPECT_EQ(out, "");
}

TEST(Adapters, WriteValueReportsStatus) {
  writer w;
  EXPECT_EQ(ujson::write_value(w, std::vector<int>{1, 2}), errc::ok);
  EXPECT_EQ(w.output(), "[1,2]");
  EXPECT_EQ(ujson::write_value(w, 3), errc::invalid_writer_call);  // a second top-level value
}

struct not_adapted {};
static_assert(!ujson::encodable<not_adapted>);
static_assert(!ujson::encodable<std::vector<not_adapted>>);
static_assert(ujson::encodable<std::vector<std::map<std::string, std::optional<int>>>>);
static_assert(ujson::encodable<const char*>);
static_assert(ujson::encodable<std::nullptr_t>);

}  // namespace

// ---- user adapters ------------------------------------------------------------------------------

namespace test_model {

struct point {
  int x = 0;
  int y = 0;
  std::string label;
  std::vector<double> tags;
};

// A linked structure that can form a cycle.
struct node {
  int id = 0;
  const node* next = nullptr;
};

// A tree whose children are pointers, so a child can point back to an ancestor.
struct tree {
  std::string name;
  std::vector<const tree*> children;
};

}  // namespace test_model

template <>
struct ujson::encode_adapter<test_model::point> {
  static void write(ujson::writer& w, const test_model::point& p) {
    w.begin_object();
    w.key("x");
    ujson::encode_adapter<int>::write(w, p.x);
    w.key("y");
    ujson::encode_adapter<int>::write(w, p.y);
    w.key("label");
    w.string(p.label);
    w.key("tags");
    ujson::encode_adapter<std::vector<double>>::write(w, p.tags);
    w.end_object();
  }
};

template <>
struct ujson::encode_adapter<test_model::node> {
  static void write(ujson::writer& w, const test_model::node& n) {
    // A recursive adapter stops as soon as the writer reports an error (depth_exceeded on
    // a cycle), which is what ends the recursion.
    if (w.begin_object() != ujson::errc::ok) return;
    w.key("id");
    w.int64(n.id);
    w.key("next");
    if (n.next != nullptr) {
      write(w, *n.next);
    } else {
      w.null();
    }
    w.end_object();
  }
};

template <>
struct ujson::encode_adapter<test_model::tree> {
  static void write(ujson::writer& w, const test_model::tree& t) {
    if (w.begin_object() != ujson::errc::ok) return;
    w.key("name");
    w.string(t.name);
    w.key("children");
    if (w.begin_array() != ujson::errc::ok) return;
    for (const test_model::tree* c : t.children) {
      write(w, *c);
      if (w.status() != ujson::errc::ok) return;
    }
    w.end_array();
    w.end_object();
  }
};

namespace {

TEST(UserAdapters, Struct) {
  const test_model::point p{1, -2, "p/q", {0.5, 1.0}};
  EXPECT_EQ(enc(p), R"({"x":1,"y":-2,"label":"p\/q","tags":[0.5,1.0]})");
  encode_options o;
  o.sort_keys = true;
  EXPECT_EQ(enc(p, o), R"({"label":"p\/q","tags":[0.5,1.0],"x":1,"y":-2})");
  EXPECT_EQ(enc(std::vector<test_model::point>{p, test_model::point{}}),
            R"([{"x":1,"y":-2,"label":"p\/q","tags":[0.5,1.0]},{"x":0,"y":0,"label":"","tags":[]}])");
  EXPECT_EQ(enc(std::optional<test_model::point>()), "null");
  static_assert(ujson::encodable<std::map<std::string, test_model::point>>);
}

TEST(UserAdapters, RecursiveStructWithoutCycle) {
  test_model::node c{3, nullptr};
  test_model::node b{2, &c};
  test_model::node a{1, &b};
  EXPECT_EQ(enc(a), R"({"id":1,"next":{"id":2,"next":{"id":3,"next":null}}})");
}

TEST(UserAdapters, CycleGivesDepthExceededNotACrash) {
  test_model::node a{1, nullptr};
  test_model::node b{2, &a};
  a.next = &b;
  std::string out = "stale";
  EXPECT_EQ(ujson::encode(a, out), errc::depth_exceeded);
  EXPECT_EQ(out, "");

  test_model::node self{7, nullptr};
  self.next = &self;
  out = "stale";
  EXPECT_EQ(ujson::encode(self, out), errc::depth_exceeded);
  EXPECT_EQ(out, "");

  // A cycle through a tree's children, with a small limit.
  test_model::tree root{"root", {}};
  test_model::tree child{"child", {&root}};
  root.children.push_back(&child);
  encode_options o;
  o.max_depth = 10;
  out = "stale";
  EXPECT_EQ(ujson::encode(root, out, o), errc::depth_exceeded);
  EXPECT_EQ(out, "");
}

TEST(UserAdapters, MaxDepthIsExactForAChain) {
  // A chain of 5 nodes nests 5 objects.
  std::vector<test_model::node> chain(5);
  for (int i = 0; i < 5; ++i) {
    chain[i].id = i;
    chain[i].next = i + 1 < 5 ? &chain[i + 1] : nullptr;
  }
  encode_options o;
  o.max_depth = 5;
  EXPECT_EQ(enc(chain[0], o),
            R"({"id":0,"next":{"id":1,"next":{"id":2,"next":{"id":3,"next":{"id":4,"next":null}}}}})");
  o.max_depth = 4;
  std::string out;
  EXPECT_EQ(ujson::encode(chain[0], out, o), errc::depth_exceeded);
}

}  // namespace
