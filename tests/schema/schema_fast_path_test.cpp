// is_valid takes shortcuts validate() does not (schema/src/fast_paths.cpp): $ref-only
// schemas skipped, type and bounds checked at once, properties with its siblings in one
// pass. The two must give one verdict everywhere, the limits included: each schema here is
// run on instances around max_evaluation_depth and against the fused keywords' edges.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

ujson::schema::validator compiled(const std::string& text) {
  ujson::schema::load_error problem;
  auto v = ujson::schema::compile(text, problem);
  EXPECT_TRUE(v) << problem.what();
  return *v;
}

// Both verdicts of `v` on `text`, which must agree; returns the verdict.
bool verdict(const ujson::schema::validator& v, const std::string& text) {
  ujson::document doc;
  EXPECT_FALSE(doc.parse(text)) << text.substr(0, 80);
  const bool quick = v.is_valid(doc.root());
  EXPECT_EQ(quick, v.validate(doc.root()).valid) << "is_valid and validate disagree on " << text.substr(0, 80);
  return quick;
}

std::string nested(std::size_t depth, const std::string& inside) {
  return std::string(depth, '[') + inside + std::string(depth, ']');
}

TEST(SchemaFastPath, VerdictsAgreeAroundTheDepthLimit) {
  const std::vector<std::string> schemas = {
      R"({"items": {"$ref": "#"}})",
      R"({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#"}}, "items": {"$ref": "#/$defs/a"}})",
      R"({"$defs": {"leaf": {"type": "number", "minimum": 0}}, "items": {"anyOf": [{"$ref": "#/$defs/leaf"}, {"$ref": "#"}]}})",
      R"({"type": "array", "maxItems": 1, "items": {"$ref": "#/$defs/again"}, "$defs": {"again": {"$ref": "#"}}})",
  };
  for (const std::string& s : schemas) {
    SCOPED_TRACE(s);
    const auto v = compiled(s);
    bool some_valid = false, some_invalid = false;
    // Two to four schema levels per array level: the limit falls near 250, 333 or 500 arrays.
    std::vector<std::size_t> depths;
    for (const auto& [from, to] : {std::pair{245, 255}, {328, 338}, {495, 505}, {998, 1001}}) {
      for (int d = from; d <= to; ++d) depths.push_back(static_cast<std::size_t>(d));
    }
    for (const std::size_t depth : depths) {
      for (const char* inside : {"", "1", "-1"}) {
        const bool ok = verdict(v, nested(depth, inside));
        (ok ? some_valid : some_invalid) = true;
      }
    }
    EXPECT_TRUE(some_valid);
    EXPECT_TRUE(some_invalid);  // the limit is reached somewhere in the range
  }
}

TEST(SchemaFastPath, FusedObjectKeywordsKeepTheirMeaning) {
  const auto v = compiled(R"({
    "type": "object",
    "required": ["a", "b"],
    "properties": {"a": {"type": "integer", "maximum": 9}, "b": {"type": "string", "pattern": "^[a-z]+$"},
                   "c": true, "d": true, "e": true, "f": true, "g": true, "h": true, "i": true, "j": {"$ref": "#"}},
    "additionalProperties": {"type": "boolean"}
  })");
  EXPECT_TRUE(verdict(v, R"({"a": 1, "b": "x"})"));
  EXPECT_TRUE(verdict(v, R"({"b": "x", "a": 1, "z": true, "c": null})"));
  EXPECT_FALSE(verdict(v, R"({"a": 1})"));                    // b is required
  EXPECT_FALSE(verdict(v, R"({"a": 1, "a": 2})"));            // twice a is still not b
  EXPECT_FALSE(verdict(v, R"({"a": 10, "b": "x"})"));          // maximum
  EXPECT_FALSE(verdict(v, R"({"a": 1, "b": "X"})"));           // pattern
  EXPECT_FALSE(verdict(v, R"({"a": 1, "b": "x", "z": 1})"));  // additionalProperties
  EXPECT_TRUE(verdict(v, R"({"a": 1, "b": "x", "j": {"a": 2, "b": "y"}})"));
  EXPECT_FALSE(verdict(v, R"({"a": 1, "b": "x", "j": {"a": 2}})"));
  EXPECT_FALSE(verdict(v, R"([1])"));

  // required naming a property that properties does not list: checked on its own.
  const auto w = compiled(R"({"required": ["a", "q"], "properties": {"a": true}, "additionalProperties": false})");
  EXPECT_FALSE(verdict(w, R"({"a": 1})"));
  EXPECT_FALSE(verdict(w, R"({"a": 1, "q": 2})"));  // q is required and not allowed
  // patternProperties decides what is additional: not fused, still right.
  const auto x = compiled(R"({"properties": {"a": true}, "patternProperties": {"^x": {"type": "string"}},
                             "additionalProperties": false})");
  EXPECT_TRUE(verdict(x, R"({"a": 1, "xy": "s"})"));
  EXPECT_FALSE(verdict(x, R"({"a": 1, "xy": 2})"));
  EXPECT_FALSE(verdict(x, R"({"a": 1, "y": "s"})"));
}

TEST(SchemaFastPath, QuickChecksCoverEachKind) {
  const auto v = compiled(R"({"anyOf": [
    {"type": "string", "minLength": 2, "maxLength": 3, "pattern": "^[a-z\u00e9]"},
    {"type": "integer", "exclusiveMinimum": 0, "maximum": 18446744073709551616},
    {"type": "array", "minItems": 1, "maxItems": 2},
    {"type": "object", "minProperties": 1, "maxProperties": 1},
    {"type": "null"}
  ]})");
  for (const auto& [text, valid] : std::vector<std::pair<std::string, bool>>{
           {R"("ab")", true}, {R"("a")", false}, {R"("abcd")", false}, {"\"\u00e9\u00e9\u00e9\"", true},
           {"\"\u00e9\u00e9\u00e9\u00e9\"", false}, {R"("Ab")", false}, {"1", true}, {"0", false},
           {"18446744073709551616", true}, {"18446744073709551617", false}, {"1.5", false}, {"2.0", true},
           {"[]", false}, {"[1]", true}, {"[1,2,3]", false}, {"{}", false}, {R"({"a":1})", true},
           {"null", true}, {"true", false}}) {
    EXPECT_EQ(verdict(v, text), valid) << text;
  }
}

TEST(SchemaFastPath, DoubleLimitsKeepTheirEdges) {
  // Limits as written, exclusive ones, and contradictory pairs, on doubles at and next to them.
  for (const char* schema : {R"({"minimum": 1.5, "maximum": 2.5})", R"({"exclusiveMinimum": 1.5, "exclusiveMaximum": 2.5})",
                             R"({"maximum": 2.5, "exclusiveMinimum": 2.5})", R"({"exclusiveMaximum": 1.5, "minimum": 1.5})",
                             R"({"type": "integer", "minimum": 2, "maximum": 2})", R"({"minimum": 9007199254740993})"}) {
    SCOPED_TRACE(schema);
    const auto v = compiled(schema);
    for (const char* text : {"1.4999999999999998", "1.5", "1.5000000000000002", "2.0", "2.4999999999999996", "2.5",
                             "2.5000000000000004", "9007199254740992.0", "9007199254740994.0", "2"}) {
      verdict(v, text);  // is_valid and validate agree
    }
  }
  const auto v = compiled(R"({"exclusiveMinimum": 1.5, "maximum": 2.5})");
  EXPECT_FALSE(verdict(v, "1.5"));
  EXPECT_TRUE(verdict(v, "1.5000000000000002"));
  EXPECT_TRUE(verdict(v, "2.5"));
  EXPECT_FALSE(verdict(v, "2.5000000000000004"));
  EXPECT_FALSE(verdict(compiled(R"({"maximum": 2.5, "exclusiveMinimum": 2.5})"), "2.5"));
}

}  // namespace
