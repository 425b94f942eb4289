// ujson::schema beyond the official suite: error locations and limits, load-time refusals
// (each naming the keyword's JSON Pointer), exact numbers, and inputs that must stay
// linear (uniqueItems over 10^5 items, hostile patterns, $ref cycles, deep instances).

#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "ujson/dom.hpp"
#include "compiled.hpp"
#include "ujson/schema/schema.hpp"

namespace {

using ujson::test::compiled;
using ujson::schema::load_error;
using ujson::schema::validator;

load_error refused(std::string_view schema) {
  load_error problem;
  EXPECT_FALSE(ujson::schema::compile(schema, problem).has_value()) << schema;
  return problem;
}

struct instance {
  std::string text;
  ujson::document doc;
  explicit instance(std::string t) : text(std::move(t)) { EXPECT_FALSE(doc.parse(text)) << text; }
  const ujson::value& root() const { return doc.root(); }
};

TEST(SchemaErrors, LocationsFollowTheInstanceAndTheEvaluationPath) {
  const validator v = compiled(R"({
    "$defs": {"item": {"type": "object", "required": ["sku"], "properties": {"qty": {"minimum": 1}}}},
    "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/item"}},
                   "a~b/c": {"type": "string"}}
  })");
  const instance doc(R"({"items": [{"sku": 1, "qty": 1}, {"qty": 0}], "a~b/c": 5})");
  const ujson::schema::result r = v.validate(doc.root());
  ASSERT_FALSE(r.valid);
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[0].instance_location, "/items/1");
  EXPECT_EQ(r.errors[0].keyword_location, "/properties/items/items/$ref/required");
  EXPECT_EQ(r.errors[0].keyword, "required");
  EXPECT_NE(r.errors[0].message.find("\"sku\""), std::string::npos) << r.errors[0].message;
  EXPECT_EQ(r.errors[1].instance_location, "/items/1/qty");
  EXPECT_EQ(r.errors[1].keyword_location, "/properties/items/items/$ref/properties/qty/minimum");
  EXPECT_EQ(r.errors[1].keyword, "minimum");
  // Tokens escape ~ and / (RFC 6901) in both pointers.
  EXPECT_EQ(r.errors[2].instance_location, "/a~0b~1c");
  EXPECT_EQ(r.errors[2].keyword_location, "/properties/a~0b~1c/type");
  EXPECT_EQ(r.errors[2].keyword, "type");
}

TEST(SchemaErrors, MaxErrorsBoundsTheListAndOneStopsAtTheFirst) {
  const validator v = compiled(R"({"items": {"type": "string"}})");
  std::string many = "[";
  for (int i = 0; i < 50; ++i) many += (i ? ",1" : "1");
  const instance doc(many + "]");
  EXPECT_EQ(v.validate(doc.root()).errors.size(), 10u);  // the default
  const ujson::schema::result one = v.validate(doc.root(), {.max_errors = 1});
  ASSERT_EQ(one.errors.size(), 1u);
  EXPECT_EQ(one.errors[0].instance_location, "/0");
  EXPECT_EQ(v.validate(doc.root(), {.max_errors = 100}).errors.size(), 50u);
  EXPECT_FALSE(v.is_valid(doc.root()));
}

TEST(SchemaErrors, AdditionalPropertiesFalseNamesTheProperty) {
  const validator v = compiled(R"({"properties": {"a": {}}, "additionalProperties": false})");
  const instance doc(R"({"a": 1, "b": 2})");
  const ujson::schema::result r = v.validate(doc.root());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].instance_location, "/b");
  EXPECT_EQ(r.errors[0].keyword_location, "/additionalProperties");
  EXPECT_EQ(r.errors[0].keyword, "additionalProperties");
}

TEST(SchemaLoading, PatternsRe2CannotRunAreRefusedWithTheirPointer) {
  load_error e = refused(R"j({"properties": {"x": {"pattern": "(a)\\1"}}})j");
  EXPECT_EQ(e.pointer, "/properties/x/pattern");
  EXPECT_NE(e.message.find("(a)\\1"), std::string::npos) << e.message;
  EXPECT_NE(e.message.find("back-reference"), std::string::npos) << e.message;
  e = refused(R"j({"patternProperties": {"^(?=a)": true}})j");
  EXPECT_EQ(e.pointer, "/patternProperties/^(?=a)");
  EXPECT_NE(e.message.find("look-around"), std::string::npos) << e.message;
  e = refused(R"j({"pattern": "(?<!a)b"})j");
  EXPECT_EQ(e.pointer, "/pattern");
}

TEST(SchemaLoading, MalformedKeywordsAndUnresolvedReferencesAreRefused) {
  EXPECT_EQ(refused(R"({"minimum": "1"})").pointer, "/minimum");
  EXPECT_EQ(refused(R"({"items": {"type": "nonsense"}})").pointer, "/items/type");
  EXPECT_EQ(refused(R"({"multipleOf": 0})").pointer, "/multipleOf");
  EXPECT_EQ(refused(R"({"required": [1]})").pointer, "/required");
  EXPECT_EQ(refused(R"({"maxLength": -1})").pointer, "/maxLength");
  EXPECT_EQ(refused(R"({"allOf": [{"$ref": "#/$defs/missing"}]})").pointer, "/allOf/0/$ref");
  EXPECT_EQ(refused(R"({"$ref": "https://example.com/not-registered.json"})").pointer, "/$ref");
  EXPECT_EQ(refused(R"({"$schema": "https://example.com/unknown-dialect"})").pointer, "/$schema");
  EXPECT_EQ(refused("[1, 2").pointer, "");
  EXPECT_EQ(refused("42").pointer, "");
}

TEST(SchemaNumbers, BigIntegersAndDecimalsCompareExactly) {
  // 2^64 + 1 > 2^64: both beyond uint64, kept as exact text by the DOM.
  const validator max = compiled(R"({"maximum": 18446744073709551616})");
  EXPECT_TRUE(max.is_valid(instance("18446744073709551616").root()));
  EXPECT_FALSE(max.is_valid(instance("18446744073709551617").root()));
  EXPECT_TRUE(max.is_valid(instance("18446744073709551615").root()));
  // An int64 just above 2^53 is not its nearest double.
  const validator exclusive = compiled(R"({"exclusiveMaximum": 9007199254740993})");
  EXPECT_TRUE(exclusive.is_valid(instance("9007199254740992").root()));
  EXPECT_FALSE(exclusive.is_valid(instance("9007199254740993").root()));
  const validator tenth = compiled(R"({"multipleOf": 0.1})");
  EXPECT_TRUE(tenth.is_valid(instance("0.3").root()));  // 0.3 / 0.1 is 2.9999999999999996 in doubles
  EXPECT_TRUE(tenth.is_valid(instance("12345678901234567890.1").root()));
  EXPECT_FALSE(tenth.is_valid(instance("0.31").root()));
  const validator integer = compiled(R"({"type": "integer"})");
  EXPECT_TRUE(integer.is_valid(instance("1.0").root()));
  EXPECT_TRUE(integer.is_valid(instance("1e400").root()));
  EXPECT_TRUE(integer.is_valid(instance("123456789012345678901234567890").root()));
  EXPECT_FALSE(integer.is_valid(instance("1.5").root()));
  const validator one = compiled(R"({"const": 1, "enum": [1.0, 2]})");
  EXPECT_TRUE(one.is_valid(instance("1.0").root()));
}

TEST(SchemaSafety, UniqueItemsOverManyItemsIsNotQuadratic) {
  const validator v = compiled(R"({"uniqueItems": true})");
  std::string items = "[";
  for (int i = 0; i < 100000; ++i) items += (i ? "," : "") + std::to_string(i);
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(v.is_valid(instance(items + "]").root()));
  EXPECT_FALSE(v.is_valid(instance(items + ",99999.0]").root()));
  EXPECT_FALSE(v.is_valid(instance(items + ",{\"a\":[1]},{\"a\":[1.0]}]").root()));
  // A quadratic scan would compare 5 * 10^9 pairs.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(SchemaSafety, HostilePatternsMatchInLinearTime) {
  const validator v = compiled(R"j({"pattern": "^(a+)+$"})j");
  const std::string text = "\"" + std::string(100000, 'a') + "!\"";
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(v.is_valid(instance(text).root()));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(SchemaSafety, ReferenceCyclesAndDeepInstancesEndInAnError) {
  const validator loop = compiled(R"({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"})");
  const ujson::schema::result r = loop.validate(instance("1").root());
  EXPECT_FALSE(r.valid);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].keyword, "$ref");
  EXPECT_FALSE(loop.is_valid(instance("1").root()));
  // Under `not`, the depth error still fails the instance.
  const validator negated = compiled(R"({"not": {"$ref": "#"}})");
  EXPECT_FALSE(negated.is_valid(instance("1").root()));

  const validator nested = compiled(R"({"items": {"$ref": "#"}})");
  const std::string deep = std::string(1000, '[') + std::string(1000, ']');
  EXPECT_FALSE(nested.is_valid(instance(deep).root()));  // beyond max_evaluation_depth
  const std::string shallow = std::string(400, '[') + std::string(400, ']');
  EXPECT_TRUE(nested.is_valid(instance(shallow).root()));
}

TEST(SchemaSafety, SchemasThatMultiplyTheirWorkHitTheBudget) {
  // 40 levels, each an allOf of two references to the next: 2^40 applications unchecked.
  std::string defs;
  for (int i = 0; i < 40; ++i) {
    const std::string next = "{\"$ref\": \"#/$defs/d" + std::to_string(i + 1) + "\"}";
    defs += "\"d" + std::to_string(i) + "\": {\"allOf\": [" + next + ", " + next + "]}, ";
  }
  const validator v = compiled("{\"$defs\": {" + defs + "\"d40\": {\"type\": \"integer\"}}, \"$ref\": \"#/$defs/d0\"}");
  const auto start = std::chrono::steady_clock::now();
  const ujson::schema::result r = v.validate(instance("1").root());
  EXPECT_FALSE(r.valid);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].keyword, "$ref");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(SchemaRegistry, SchemasReferenceEachOtherByIdAndNothingIsFetched) {
  ujson::schema::registry reg;
  load_error problem;
  ASSERT_TRUE(reg.add(R"({"$id": "https://example.com/address", "type": "object", "required": ["city"]})",
                      "file:///schemas/address.json", problem))
      << problem.what();
  ASSERT_TRUE(reg.add(R"({"$id": "https://example.com/person", "properties": {"home": {"$ref": "address"}}})",
                      "file:///schemas/person.json", problem))
      << problem.what();
  EXPECT_EQ(reg.id_of("file:///schemas/person.json"), "https://example.com/person");
  const std::optional<validator> person = reg.compile("https://example.com/person", problem);
  ASSERT_TRUE(person) << problem.what();
  EXPECT_TRUE(person->is_valid(instance(R"({"home": {"city": "Oslo"}})").root()));
  EXPECT_FALSE(person->is_valid(instance(R"({"home": {}})").root()));
  // The same schema by the URI it was added under.
  EXPECT_TRUE(reg.compile("file:///schemas/person.json", problem).has_value());
}

TEST(SchemaDialects, Draft07ByItsSchemaKeyword) {
  // In draft-07 `$ref` hides its siblings and `items` as an array is positional.
  const validator v = compiled(R"({"$schema": "http://json-schema.org/draft-07/schema#",
    "definitions": {"s": {"type": "string"}},
    "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 1}},
    "items": [{"type": "integer"}], "additionalItems": false})");
  EXPECT_EQ(v.dialect(), ujson::schema::dialect::draft7);
  EXPECT_TRUE(v.is_valid(instance(R"({"a": "long"})").root()));
  EXPECT_TRUE(v.is_valid(instance("[1]").root()));
  EXPECT_FALSE(v.is_valid(instance("[1, 2]").root()));
  EXPECT_EQ(compiled("{}").dialect(), ujson::schema::dialect::draft2020_12);
}

TEST(SchemaFormats, AnnotationByDefaultAssertedOnRequest) {
  const std::string schema = R"({"format": "date-time"})";
  const instance bad(R"("2024-02-30T10:00:00Z")");
  EXPECT_TRUE(compiled(schema).is_valid(bad.root()));
  const validator strict = compiled(schema, {.assert_formats = true});
  EXPECT_FALSE(strict.is_valid(bad.root()));
  EXPECT_TRUE(strict.is_valid(instance(R"("2024-02-29T10:00:00.5+01:00")").root()));
}

}  // namespace
