// is_valid takes shortcuts validate() does not (schema/src/fast_paths.cpp,
// verdict_walk.cpp, verdict_plan.cpp): $ref-only schemas skipped, type and bounds checked at once, properties
// with its siblings in one pass, arrays of tuples of doubles in one loop. The two must give one verdict everywhere, the limits included: each schema here is
// run on instances around max_evaluation_depth and against the fused keywords' edges.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ujson/dom.hpp"
#include "compiled.hpp"
#include "ujson/schema/schema.hpp"

namespace {

using ujson::test::compiled;

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

TEST(SchemaFastPath, IntegerLimitsComparedAsDoublesOnlyWhenExact) {
  // 2^63 and -2^63 are doubles; 2^53 + 1 and 2^64 - 1 are not: those compare exactly. Then
  // exclusive limits at 0, and a decimal multipleOf the walk applies after the interval.
  struct row {
    const char* items;  // the schema of each item
    const char* instance;
    bool valid;
  };
  for (const auto& [items, instance, valid] : std::vector<row>{
           {R"({"type": "number", "exclusiveMaximum": 9223372036854775808})", "[9223372036854775807, 0.5, -1e300]", true},
           {R"({"type": "number", "exclusiveMaximum": 9223372036854775808})", "[9223372036854775808]", false},
           {R"({"type": "number", "exclusiveMaximum": 9223372036854775808})", "[9.223372036854775807e18]", false},
           {R"({"type": "number", "exclusiveMaximum": 9223372036854775808})", "[1e400]", false},
           {R"({"minimum": -9223372036854775808})", "[-9223372036854775808]", true},
           {R"({"minimum": -9223372036854775808})", "[-9223372036854775809]", false},
           {R"({"maximum": 9007199254740993})", "[9007199254740993, 9007199254740992.0]", true},
           {R"({"maximum": 9007199254740993})", "[9007199254740994]", false},
           {R"({"maximum": 18446744073709551615})", "[18446744073709551615]", true},
           {R"({"maximum": 18446744073709551615})", "[18446744073709551616]", false},
           {R"({"exclusiveMinimum": 0})", "[5e-324]", true},
           {R"({"exclusiveMinimum": 0})", "[0.0]", false},
           {R"({"exclusiveMinimum": 0})", "[-0.0]", false},
           {R"({"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.01})", "[0.07, 19.99, 100]", true},
           {R"({"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.01})", "[0.075]", false},
           {R"({"type": "number", "minimum": 0, "maximum": 100, "multipleOf": 0.01})", "[100.01]", false},
       }) {
    EXPECT_EQ(verdict(compiled(std::string(R"({"items": )") + items + "}"), instance), valid) << items << " " << instance;
  }
}

// canada's schema: rings of positions, each a pair of bounded numbers.
constexpr const char* rings = R"({
  "type": "array",
  "items": {"$ref": "#/$defs/ring"},
  "$defs": {
    "ring": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/position"}},
    "position": {"type": "array", "minItems": 2, "maxItems": 2,
                 "prefixItems": [{"type": "number", "minimum": -180, "maximum": 180},
                                 {"type": "number", "minimum": -90, "maximum": 90}]}
  }
})";

TEST(SchemaFastPath, TuplesOfDoublesKeepEveryKeyword) {
  const auto v = compiled(rings);
  EXPECT_TRUE(verdict(v, "[[[1.5, 2.5], [-180.0, 90.0], [1, 2], [180, -90.0]]]"));
  EXPECT_FALSE(verdict(v, "[[[1.5, 90.00000000000001]]]"));                 // the second bound
  EXPECT_FALSE(verdict(v, "[[[1.5, 2.5], [-180.00000000000003, 0.0]]]"));  // the first, after a good one
  EXPECT_FALSE(verdict(v, "[[[1.5, 2.5], [1.5]]]"));                        // minItems
  EXPECT_FALSE(verdict(v, "[[[1.5, 2.5, 3.5]]]"));                          // maxItems
  EXPECT_FALSE(verdict(v, R"([[[1.5, 2.5], [1.5, "2.5"]]])"));              // type
  EXPECT_FALSE(verdict(v, R"([[[1.5, 2.5], {"0": 1.5, "1": 2.5}]])"));      // not an array
  EXPECT_FALSE(verdict(v, "[[[9007199254740993, 0.0]]]"));                  // an integer beyond 2^53
  EXPECT_FALSE(verdict(v, "[[[1e400, 0.0]]]"));                             // beyond a double
  EXPECT_FALSE(verdict(v, "[[]]"));                                         // the ring's minItems

  // Keywords beside prefixItems take the tuple out of the tight loop, and still apply.
  const auto closed = compiled(R"({"items": {"prefixItems": [{"type": "number"}], "items": false}})");
  EXPECT_TRUE(verdict(closed, "[[1.0], []]"));
  EXPECT_FALSE(verdict(closed, "[[1.0], [1.0, 2.0]]"));
  const auto unevaluated = compiled(R"({"items": {"prefixItems": [{"maximum": 10}], "unevaluatedItems": false}})");
  EXPECT_TRUE(verdict(unevaluated, "[[1.0], [10]]"));
  EXPECT_FALSE(verdict(unevaluated, "[[1.0, 2.0]]"));
  const auto integers = compiled(R"({"items": {"prefixItems": [{"type": "integer", "maximum": 3}]}})");
  EXPECT_TRUE(verdict(integers, "[[2.0], [3], [1, 5.5]]"));
  EXPECT_FALSE(verdict(integers, "[[2.5]]"));
  EXPECT_FALSE(verdict(integers, "[[3.0000000000000004]]"));
  const auto unique = compiled(R"({"items": {"prefixItems": [{"type": "number"}, true], "uniqueItems": true}})");
  EXPECT_TRUE(verdict(unique, "[[1.0, 2.0]]"));
  EXPECT_FALSE(verdict(unique, "[[1.0, 1]]"));
}

TEST(SchemaFastPath, TuplesMeetTheLimitsAsValidateDoes) {
  // A position reached through a chain of $ref-only schemas nearly as long as the depth
  // limit: the tight loop must leave it to eval(), which reports the depth.
  for (const int hops : {990, 995, 996, 997, 998, 1000}) {
    SCOPED_TRACE(hops);
    std::string defs = R"("d0": {"prefixItems": [{"maximum": 1}, {"maximum": 1}]})";
    for (int i = 1; i <= hops; ++i) {
      defs += ",\"d" + std::to_string(i) + "\": {\"$ref\": \"#/$defs/d" + std::to_string(i - 1) + "\"}";
    }
    const auto v = compiled(R"({"items": {"$ref": "#/$defs/d)" + std::to_string(hops) + R"("}, "$defs": {)" + defs + "}}");
    verdict(v, "[[0.5, 0.5], [0.5, 0.5]]");
    verdict(v, "[[0.5, 0.5], [0.5, 2.5]]");
  }
  // Enough positions that the steps pass the first budget (min_evaluation_budget) inside
  // the loop, where validate() measures the instance and goes on.
  std::string many = "[[";
  for (int i = 0; i < 400'000; ++i) many += i == 0 ? "[1.5, 2.5]" : ",[1.5, 2.5]";
  many += "]]";
  EXPECT_TRUE(verdict(compiled(rings), many));
  many.replace(many.size() - 12, 10, "[1.5, 95.0]");
  EXPECT_FALSE(verdict(compiled(rings), many));
}

TEST(SchemaFastPath, MembersInAnyOrderFindTheirSchemas) {
  // The name after the previous one is tried first; any other order must find the same.
  for (const int names : {3, 12}) {  // a linear table, and a hashed one
    SCOPED_TRACE(names);
    std::string properties, required, forward = "{", backward = "{";
    for (int i = 0; i < names; ++i) {
      const std::string name = "\"p" + std::to_string(i) + "\"";
      properties += (i ? "," : "") + name + ": {\"type\": \"integer\", \"maximum\": " + std::to_string(i) + "}";
      if (i % 2 == 0) required += (i ? "," : "") + name;
      forward += (i ? "," : "") + name + ": " + std::to_string(i);
      backward += (i ? "," : "") + std::string("\"p") + std::to_string(names - 1 - i) + "\": " + std::to_string(names - 1 - i);
    }
    const auto v = compiled(R"({"properties": {)" + properties + R"(}, "required": [)" + required +
                            R"(], "additionalProperties": false})");
    EXPECT_TRUE(verdict(v, forward + "}"));
    EXPECT_TRUE(verdict(v, backward + "}"));
    EXPECT_FALSE(verdict(v, forward + R"(, "p": 0})"));                     // not a property
    EXPECT_FALSE(verdict(v, R"({"p1": 1, "p2": 2, "p1": 1})"));             // p0 is required
    EXPECT_FALSE(verdict(v, R"({"p0": 0, "p2": 2, "p1": 2})"));             // p1's maximum, out of order
    EXPECT_FALSE(verdict(v, backward + R"(, "p0": 1})"));                    // the last p0 counts
  }
}

// A record of leaves whose members come in the schema's order is checked in one pass
// (verdict_plan.cpp's check_record); a record that strays from that order part of the way
// goes on the general way from there, with the required names already met.
TEST(SchemaFastPath, RecordsInTheSchemasOrderKeepEveryCheck) {
  const std::string properties = R"("properties": {
      "id": {"type": "integer", "minimum": 1},
      "blocks": {"type": "array", "maxItems": 3, "items": {"type": "integer", "maximum": 9}},
      "note": {"type": "string", "maxLength": 3}}, "required": ["id", "blocks"])";
  for (const bool closed : {true, false}) {
    SCOPED_TRACE(closed);
    const auto v = compiled("{" + properties + (closed ? R"(, "additionalProperties": false})" : "}"));
    EXPECT_TRUE(verdict(v, R"({"id": 1, "blocks": [], "note": "x"})"));
    EXPECT_TRUE(verdict(v, R"({"id": 1, "blocks": [9, 8, 7], "note": "xyz"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 0, "blocks": [], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1.5, "blocks": [], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "blocks": [1, 10], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "blocks": [1, "2"], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "blocks": [1, 2, 3, 4], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "blocks": {}, "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "blocks": [], "note": "long"})"));
    EXPECT_TRUE(verdict(v, R"({"id": 1, "note": "x", "blocks": []})"));  // another order
    EXPECT_TRUE(verdict(v, R"({"id": 1, "blocks": [1]})"));              // fewer members
    EXPECT_FALSE(verdict(v, R"({"id": 1, "note": "x"})"));               // blocks is required
    // As many members as names, the first in order: the rest the general way.
    EXPECT_EQ(verdict(v, R"({"id": 1, "blocks": [], "zzz": 1})"), !closed);
    EXPECT_EQ(verdict(v, R"({"id": 1, "zzz": 1, "blocks": []})"), !closed);
    EXPECT_FALSE(verdict(v, R"({"id": 1, "zzz": 1, "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"zzz": 1, "blocks": [], "note": "x"})"));
    EXPECT_FALSE(verdict(v, R"({"id": 1, "zzz": 1, "blocks": [10]})"));
  }
  // Arrays of the record (checked from check_edge in one call), with keywords of their own
  // beside items (minItems is a quick check; uniqueItems keeps the array off that path).
  const std::string good = R"({"id": 1, "blocks": [1], "note": "x"})", bad = R"({"id": 0, "blocks": [], "note": "x"})";
  for (const std::string& beside : std::vector<std::string>{"", R"(, "minItems": 2)", R"(, "uniqueItems": true)"}) {
    SCOPED_TRACE(beside);
    const auto v = compiled(R"({"properties": {"list": {"type": ["array", "string"], "items": {)" + properties + "}" +
                            beside + R"(}}})");
    for (const std::string& list : std::vector<std::string>{"[]", "\"text\"", "[" + good + "]", "[" + good + ", " + good + "]",
                                    "[" + bad + ", " + good + "]", "[" + good + ", " + bad + "]",
                                    "[" + good + ", " + good + ", " + bad + "]", "[" + good + ", 1]",
                                    "[" + good + R"(, {"note": "x", "id": 1, "blocks": []}])",
                                    "[" + good + R"(, {"note": "x", "id": 1}])"}) {
      verdict(v, R"({"list": )" + list + "}");
    }
    EXPECT_FALSE(verdict(v, R"({"list": [)" + good + ", " + good + ", " + bad + "]}"));
    EXPECT_TRUE(verdict(v, R"({"list": [)" + good + R"(, {"note": "x", "id": 2, "blocks": []}]})"));
  }
  // The same record below a recursive schema, where the depth is counted member by member:
  // reached through a $ref and inline, so that the limit falls on each level of the record
  // (its members, the items of its array).
  for (const std::string& record : std::vector<std::string>{R"({"$ref": "#/$defs/record"})", "{" + properties + "}"}) {
    SCOPED_TRACE(record);
    const auto deep = compiled(R"({"items": {"$ref": "#"}, "properties": {"r": )" + record +
                               R"(}, "$defs": {"record": {)" + properties + "}}}");
    bool some_valid = false, some_invalid = false;
    for (const auto& [from, to] : {std::pair{240, 260}, {490, 510}, {995, 1001}}) {
      for (int depth = from; depth <= to; ++depth) {
        for (const char* r : {R"({"id": 1, "blocks": [1, 2], "note": "x"})", R"({"id": 1, "blocks": [], "note": "x"})",
                              R"({"id": 1, "blocks": [10], "note": "x"})", R"({"id": 1, "blocks": [1, 2]})"}) {
          const bool ok = verdict(deep, nested(static_cast<std::size_t>(depth), std::string(R"({"r": )") + r + "}"));
          (ok ? some_valid : some_invalid) = true;
        }
      }
    }
    EXPECT_TRUE(some_valid);
    EXPECT_TRUE(some_invalid);
  }
}

// A const or a small enum of strings is a quick check (quick_checks::strings): every kind
// of instance against it, beside other keywords of the same schema, in a record, and as
// the whole of a tuple's item (where the doubles' loop must not pass an array).
TEST(SchemaFastPath, ConstsAndEnumsOfStringsAreQuickChecks) {
  const std::vector<std::string> instances = {R"("a")", R"("bb")", R"("")", R"("\u00e9")", R"("é")", R"("ab")",
                                              "1", "1.5", "null", "true", "[]", R"(["a"])", "{}", R"({"a": 1})"};
  const std::vector<std::string> schemas = {
      R"({"const": "a"})", R"({"const": ""})", R"({"enum": ["a", "bb", "", "é"]})", R"({"enum": ["a", 1]})",
      R"({"enum": []})", R"({"type": "string", "enum": ["a", "bb"], "maxLength": 1})",
      R"({"enum": ["a", "bb"], "const": "bb"})", R"({"type": ["number", "string"], "minimum": 1, "enum": ["a"]})",
      R"({"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "enum": ["a"]})",
      R"({"enum": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "a"]})"};
  for (const std::string& schema : schemas) {
    SCOPED_TRACE(schema);
    const auto v = compiled(schema);
    for (const std::string& instance : instances) verdict(v, instance);
    const auto record = compiled(R"({"properties": {"k": )" + schema + R"(, "n": {"type": "integer"}}, "required": ["k", "n"]})");
    for (const std::string& instance : instances) verdict(record, R"({"k": )" + instance + R"(, "n": 1})");
    // Items of an array on the plan, and on the walk (an allOf of schemas that are not
    // leaves keeps a program off the plans).
    for (const std::string& wrapper : {std::string("{\"items\": ") + schema + "}",
                                       R"({"allOf": [{"items": )" + schema + R"(}, {"items": )" + schema + "}]}"}) {
      const auto items = compiled(wrapper);
      verdict(items, "[" + instances[0] + ", " + instances[1] + "]");
      verdict(items, "[[1.5, 2.5], [0.5, 3.5]]");  // doubles only: the tuples loop decides
      verdict(items, "[[1.5, 2.5], [1, 2]]");
    }
  }
  EXPECT_TRUE(verdict(compiled(R"({"enum": ["a", "bb", "", "é"]})"), R"("\u00e9")"));
  EXPECT_FALSE(verdict(compiled(R"({"enum": ["a", "bb", "", "é"]})"), R"("ab")"));
  EXPECT_FALSE(verdict(compiled(R"({"const": "a"})"), "1.5"));
  EXPECT_FALSE(verdict(compiled(R"({"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "enum": ["a"]})"),
                       "[1.5, 2.5]"));
}

TEST(SchemaFastPath, NamesDifferingInOneByteAreOtherNames) {
  // Names are compared in overlapping words (4 to 32 bytes) or bytes: each length, each byte.
  for (std::size_t length = 1; length <= 40; ++length) {
    const std::string name(length, 'a');
    const auto v = compiled(R"({"properties": {")" + name + R"(": true, "x": true}, "additionalProperties": false})");
    EXPECT_TRUE(verdict(v, R"({")" + name + R"(": 1, "x": 2})"));
    for (std::size_t i = 0; i < length; ++i) {
      std::string other = name;
      other[i] = 'b';
      EXPECT_FALSE(verdict(v, R"({")" + other + R"(": 1})")) << other;
    }
    EXPECT_FALSE(verdict(v, R"({")" + name + R"(a": 1})"));
  }
}

// A schema without cycles is walked with no count of steps or depth (verdict_plan.cpp)
// only when no instance can bring validate() to either limit; a chain of schemas as deep
// as the depth limit, or with enough patterns per member to multiply the steps, must not
// be, and the verdicts still agree on both sides of the limit.
TEST(SchemaFastPath, SchemasWithoutCyclesMeetTheLimitsAsValidateDoes) {
  // d0 ... d<levels>, each an object whose member "a" goes on to the next; `patterns`
  // patternProperties that match "a" too, leading on (`deep`) or checking an object there.
  const auto chain = [](int levels, int patterns, bool deep) {
    std::string defs;
    for (int i = 0; i < levels; ++i) {
      const std::string next = "{\"$ref\": \"#/$defs/d" + std::to_string(i + 1) + "\"}";
      defs += "\"d" + std::to_string(i) + "\": {\"type\": \"object\", \"properties\": {\"a\": " + next + "}";
      for (int p = 0; p < patterns; ++p) {
        defs += p == 0 ? ", \"patternProperties\": {" : ", ";
        defs += "\"^" + std::string(static_cast<std::size_t>(p), 'a') + "a\": " + (deep ? next : "{\"type\": \"object\"}");
        if (p == patterns - 1) defs += "}";
      }
      defs += "}, ";
    }
    defs += "\"d" + std::to_string(levels) + "\": {\"type\": \"object\", \"maxProperties\": 0}";
    return compiled(R"({"$ref": "#/$defs/d0", "$defs": {)" + defs + "}}");
  };
  const auto instance = [](int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += R"({"a": )";
    text += "{}";
    return text + std::string(static_cast<std::size_t>(depth), '}');
  };
  // Two levels per object (a schema, then the $ref-only one): the depth limit near 500.
  for (const int levels : {300, 499, 500, 501, 700}) {
    SCOPED_TRACE(levels);
    const auto v = chain(levels, 0, false);
    for (const int depth : {levels - 1, levels, levels + 1}) verdict(v, instance(depth));
  }
  EXPECT_TRUE(verdict(chain(300, 0, false), instance(300)));
  EXPECT_FALSE(verdict(chain(300, 0, false), instance(301)));  // d300 allows no member
  EXPECT_FALSE(verdict(chain(700, 0, false), instance(600)));  // too deep for validate() too
  // Patterns beside properties that only check the member: a bounded number of steps each.
  EXPECT_TRUE(verdict(chain(20, 2, false), instance(20)));
  EXPECT_FALSE(verdict(chain(20, 2, false), instance(21)));
  // Patterns that lead on as well: the schemas applied double with every level, and past
  // min_evaluation_budget (2^20 applications, two levels each) validate() gives up.
  EXPECT_TRUE(verdict(chain(20, 1, true), instance(5)));
  EXPECT_FALSE(verdict(chain(20, 1, true), instance(20)));
}

// Leaves applied in place (anyOf of a type and a pattern, a $ref beside other keywords, not)
// keep a schema without cycles on the plan; each still decides its value.
TEST(SchemaFastPath, LeavesInPlaceKeepTheirMeaning) {
  const auto v = compiled(R"({
    "type": "array",
    "items": {
      "type": "object",
      "properties": {
        "url": {"anyOf": [{"type": "null"}, {"type": "string", "pattern": "^https?://"}]},
        "id": {"$ref": "#/$defs/id", "maximum": 100},
        "tag": {"type": "string", "not": {"type": "string", "maxLength": 1}},
        "n": {"oneOf": [{"type": "integer"}, {"type": "number", "minimum": 10}]}
      },
      "additionalProperties": false
    },
    "$defs": {"id": {"type": "integer", "minimum": 1}}
  })");
  EXPECT_TRUE(verdict(v, R"([{"url": null, "id": 1, "tag": "ab", "n": 1}, {"url": "https://x"}, {"n": 3}])"));
  EXPECT_FALSE(verdict(v, R"([{"url": "ftp://x"}])"));     // anyOf: neither branch
  EXPECT_FALSE(verdict(v, R"([{"url": 1}])"));             // anyOf: neither type
  EXPECT_FALSE(verdict(v, R"([{"id": 0}])"));              // the $ref's minimum
  EXPECT_FALSE(verdict(v, R"([{"id": 101}])"));            // the maximum beside it
  EXPECT_FALSE(verdict(v, R"([{"tag": "a"}])"));           // not
  EXPECT_FALSE(verdict(v, R"([{"n": 12}])"));              // oneOf: both branches
  EXPECT_TRUE(verdict(v, R"([{"n": 12.5}])"));             // oneOf: the second only
  EXPECT_FALSE(verdict(v, R"([{"n": 2.5}])"));             // oneOf: neither
  EXPECT_FALSE(verdict(v, R"([{"url": null, "x": 1}])"));  // additionalProperties
}

}  // namespace
