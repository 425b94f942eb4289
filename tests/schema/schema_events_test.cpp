// Instances as text (validator::is_valid_text, validate_text): validated on the decoder's
// events where the schema allows, else on the DOM. Every test of the official suite (both
// dialects, required and optional, remotes registered) through both paths: the same
// verdict as is_valid on the DOM and as the suite says, and most of them on events (so that
// a plan refusing everything fails here). Then the hard parts by hand: numbers beyond 2^53
// and decimals, duplicate keys under each policy, depth, text that is not JSON.

#include <gtest/gtest.h>

#include <string>

#include "suite_files.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "compiled.hpp"
#include "ujson/schema/schema.hpp"

namespace {

using ujson::test::compiled;
using namespace suite_files;
using ujson::schema::text_result;
using ujson::schema::validator;

// The event path is asked for (text_options::events); without it the text goes to the DOM.
const ujson::schema::text_options on_events{.events = true};

struct tally {
  std::size_t tests = 0, streamed = 0;
};

void run_file(const suite_file& f, tally& t) {
  const std::string text = slurp(suite / "tests" / folder_of(f.d) / f.name);
  ujson::document doc;
  ASSERT_FALSE(doc.parse(text)) << f.name;
  int group_index = 0;
  for (const ujson::value& group : doc.root().elements()) {
    std::string schema_text;
    ASSERT_EQ(ujson::encode(group["schema"], schema_text), ujson::errc::ok);
    ujson::schema::registry reg({.default_dialect = f.d, .assert_formats = f.name.starts_with("optional/format/")});
    add_remotes(reg);
    const std::string uri = "urn:ujson:events:" + f.name + ":" + std::to_string(group_index++);
    ujson::schema::load_error problem;
    std::optional<validator> v;
    if (reg.add(schema_text, uri, problem)) v = reg.compile(uri, problem);
    if (!v) continue;  // the suite test reports it
    for (const ujson::value& test : group["tests"].elements()) {
      const std::string where = f.name + "|" + std::string(group["description"].as_string()) + "|" +
                                std::string(test["description"].as_string());
      std::string instance;
      ASSERT_EQ(ujson::encode(test["data"], instance), ujson::errc::ok);
      const bool dom = v->is_valid(test["data"]);
      const text_result quick = v->is_valid_text(instance, on_events);
      ASSERT_FALSE(quick.decode_error) << where;
      EXPECT_EQ(quick.valid, dom) << where << ": the event path and the DOM path disagree on " << instance;
      if (!f.name.starts_with("optional/")) {
        EXPECT_EQ(quick.valid, test["valid"].as_bool()) << where;
      }
      EXPECT_EQ(quick.streamed, v->checks_events()) << where;
      const text_result full = v->validate_text(instance, {.max_errors = 5, .events = true});
      const ujson::schema::result errors = v->validate(test["data"], {.max_errors = 5});
      EXPECT_EQ(full.valid, errors.valid) << where;
      ASSERT_EQ(full.errors.size(), errors.errors.size()) << where;
      for (std::size_t i = 0; i < errors.errors.size(); ++i) {
        EXPECT_EQ(full.errors[i].keyword_location, errors.errors[i].keyword_location) << where;
        EXPECT_EQ(full.errors[i].instance_location, errors.errors[i].instance_location) << where;
      }
      ++t.tests;
      t.streamed += quick.streamed;
    }
  }
}

TEST(EventsAgainstTheDom, EveryTestOfTheSuite) {
  tally all;
  for (const bool optional : {false, true}) {
    for (const suite_file& f : files_of(optional)) run_file(f, all);
  }
  std::printf("%zu suite tests, %zu validated on events\n", all.tests, all.streamed);
  EXPECT_GT(all.tests, 2500u);
  // Most schemas of the suite need no whole value; a plan that refused them all (or most)
  // would send everything to the DOM and this test would prove nothing.
  EXPECT_GT(all.streamed * 100, all.tests * 70);
}

// The verdict on events, checked to have been made there and to be the DOM path's.
bool streamed_verdict(const validator& v, std::string_view text) {
  const text_result r = v.is_valid_text(text, on_events);
  EXPECT_FALSE(r.decode_error) << text;
  EXPECT_TRUE(r.streamed) << text;
  ujson::document doc;
  EXPECT_FALSE(doc.parse(text));
  EXPECT_EQ(r.valid, v.is_valid(doc.root())) << text;
  return r.valid;
}

// Expected verdicts by exact arithmetic (Python: decimal.Decimal, int).
TEST(EventsNumbers, IntegersBeyondTwoToThe53CompareExactly) {
  const validator v = compiled(R"({"maximum": 9007199254740993})");  // 2^53 + 1, not a double
  EXPECT_TRUE(streamed_verdict(v, "9007199254740993"));
  EXPECT_FALSE(streamed_verdict(v, "9007199254740994"));
  const validator big = compiled(R"({"exclusiveMinimum": 18446744073709551616})");  // 2^64: a big number
  EXPECT_FALSE(streamed_verdict(big, "18446744073709551615"));  // uint64
  EXPECT_FALSE(streamed_verdict(big, "18446744073709551616"));
  EXPECT_TRUE(streamed_verdict(big, "18446744073709551617"));
  EXPECT_TRUE(streamed_verdict(big, "123456789012345678901234567890"));
  const validator integer = compiled(R"({"type": "integer", "multipleOf": 3})");
  EXPECT_TRUE(streamed_verdict(integer, "300000000000000000000000000000"));  // 3 * 10^29
  EXPECT_FALSE(streamed_verdict(integer, "300000000000000000000000000001"));
  EXPECT_TRUE(streamed_verdict(integer, "6.0"));  // an integer by value
}

TEST(EventsNumbers, DecimalsAndMultipleOf) {
  const validator cents = compiled(R"({"multipleOf": 0.01})");
  EXPECT_TRUE(streamed_verdict(cents, "19.99"));   // Decimal("19.99") % Decimal("0.01") == 0
  EXPECT_TRUE(streamed_verdict(cents, "0.07"));
  EXPECT_FALSE(streamed_verdict(cents, "0.075"));
  const validator bound = compiled(R"({"minimum": 1e308, "maximum": 1e400})");
  EXPECT_TRUE(streamed_verdict(bound, "1e309"));   // beyond a double: kept as its text
  EXPECT_FALSE(streamed_verdict(bound, "1e401"));
  EXPECT_FALSE(streamed_verdict(bound, "1e307"));
  const validator enums = compiled(R"({"enum": [1, "1", null, 2.5]})");
  EXPECT_TRUE(streamed_verdict(enums, "1.0"));     // 1 == 1.0 in JSON Schema
  EXPECT_TRUE(streamed_verdict(enums, "2.50"));
  EXPECT_FALSE(streamed_verdict(enums, "[1]"));
  EXPECT_FALSE(streamed_verdict(enums, "true"));
}

// Python's json.loads keeps the last of two equal keys; the DOM's policy decides, and the
// event path, which sees both members, leaves such an object to it.
TEST(EventsDuplicateKeys, TheDecodeOptionsDecideAsOnTheDom) {
  const validator v = compiled(R"({"properties": {"a": {"type": "integer"}}, "maxProperties": 1})");
  for (const std::string_view text : {R"({"a": "x", "a": 1})", R"({"\u0061": "x", "a": 1})"}) {
    const text_result last = v.is_valid_text(text, on_events);
    EXPECT_TRUE(last.valid) << text;  // json.loads: {"a": 1}
    EXPECT_FALSE(last.streamed);
    const text_result first = v.is_valid_text(text, {.decode = {.duplicate_keys = ujson::duplicate_keys::keep_first}, .events = true});
    EXPECT_FALSE(first.valid) << text;
    const text_result reject = v.validate_text(text, {.decode = {.duplicate_keys = ujson::duplicate_keys::reject}, .events = true});
    EXPECT_EQ(reject.decode_error.code, ujson::errc::duplicate_key) << text;
    EXPECT_FALSE(reject.valid);
    EXPECT_TRUE(reject.errors.empty());
  }
  // Past the small-object scan: twelve members, the repeat far from the first.
  const std::string wide = R"({"b0":0,"b1":1,"b2":2,"b3":3,"a":"x","b4":4,"b5":5,"b6":6,"b7":7,"b8":8,"b9":9,"a":1})";
  const validator open = compiled(R"({"properties": {"a": {"type": "integer"}}})");
  EXPECT_TRUE(open.is_valid_text(wide, on_events).valid);
  // Where no schema looks at the members, a repeated key changes nothing: still on events.
  const validator any_object = compiled(R"({"type": "object"})");
  EXPECT_TRUE(streamed_verdict(any_object, wide));
}

// Objects past the 64 keys whose repeats are looked for as they arrive: sorted at the end.
TEST(EventsDuplicateKeys, ManyKeysSortedAtTheEnd) {
  std::string wide = "{";
  for (int i = 0; i < 100; ++i) wide += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
  const validator needs = compiled(R"({"dependentRequired": {"k5": ["k99"], "k7": ["k100"]},
                                       "properties": {"k1": {"type": "string"}}})");
  // k1 is 1 (not a string) until a later k1 replaces it, as json.loads keeps the last.
  const std::string repeated = wide + R"("k1":"one"})";
  const text_result last = needs.is_valid_text(repeated, on_events);
  EXPECT_FALSE(last.streamed);
  EXPECT_FALSE(last.valid);  // k7 present, k100 absent
  const validator only_k1 = compiled(R"({"properties": {"k1": {"type": "string"}}})");
  EXPECT_TRUE(only_k1.is_valid_text(repeated, on_events).valid);
  EXPECT_FALSE(only_k1.is_valid_text(repeated, on_events).streamed);
  const std::string plain = wide + R"("k100":0})";
  const validator both = compiled(R"({"dependentRequired": {"k5": ["k99"], "k7": ["k100"]}})");
  EXPECT_TRUE(streamed_verdict(both, plain));
  EXPECT_FALSE(streamed_verdict(both, wide + R"("k101":0})"));  // k100 missing
}

TEST(EventsKeywords, PropertyNamesThroughBranches) {
  // propertyNames whose schema applies others in place: decided with entries at the key.
  const validator v = compiled(R"({"propertyNames": {"anyOf": [{"pattern": "^a"}, {"maxLength": 1}]},
                                   "additionalProperties": {"oneOf": [{"type": "integer"}, {"minimum": 5}]}})");
  EXPECT_TRUE(streamed_verdict(v, R"({"abc": 1, "b": 7.5, "a": 3})"));
  EXPECT_FALSE(streamed_verdict(v, R"({"abc": 1, "b": 2.5})"));   // 2.5: neither branch of oneOf
  EXPECT_FALSE(streamed_verdict(v, R"({"bc": 1})"));       // neither branch of anyOf
  EXPECT_FALSE(streamed_verdict(v, R"({"a": 7})"));        // both branches of oneOf
  EXPECT_FALSE(streamed_verdict(v, R"({"a": 4.5})"));      // neither
}

TEST(EventsDepth, TheDecoderLimitAndTheEvaluationLimitAsOnTheDom) {
  const validator nested = compiled(R"({"type": "array", "items": {"$ref": "#"}})");
  const auto arrays = [](std::size_t n) { return std::string(n, '[') + std::string(n, ']'); };
  EXPECT_TRUE(streamed_verdict(nested, arrays(200)));
  // Beyond the decoder's max_depth (1024): not JSON to either path.
  const text_result deep = nested.is_valid_text(arrays(1100), on_events);
  EXPECT_EQ(deep.decode_error.code, ujson::errc::depth_exceeded);
  EXPECT_EQ(deep.decode_error.offset, 1024u);
  // Within a raised max_depth but past max_evaluation_depth (1000 applications): the DOM
  // path fails it, and the event path leaves it to the DOM.
  const ujson::schema::text_options deeper{.decode = {.max_depth = 3000}, .events = true};
  const text_result r = nested.validate_text(arrays(1200), deeper);
  EXPECT_FALSE(r.decode_error);
  EXPECT_FALSE(r.valid);
  EXPECT_FALSE(r.streamed);
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0].keyword, "$ref");
}

TEST(EventsNotJson, TheDecodersErrorNotAVerdict) {
  const validator v = compiled(R"({"type": "array"})");
  const text_result r = v.validate_text("[1,\n 2", on_events);
  EXPECT_EQ(r.decode_error.code, ujson::errc::unexpected_end);
  EXPECT_EQ(r.decode_error.offset, 6u);
  EXPECT_EQ(r.decode_error.line, 2u);
  EXPECT_EQ(r.decode_error.column, 3u);
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(v.is_valid_text("[1] x", on_events).decode_error.code, ujson::errc::trailing_characters);
  EXPECT_EQ(v.is_valid_text("", on_events).decode_error.code, ujson::errc::empty_input);
}

TEST(EventsKeywords, MembersItemsAndBranchesAsTheyArrive) {
  const validator v = compiled(R"({
    "type": "object", "required": ["id", "tag\"s"],
    "properties": {"id": {"type": "integer", "minimum": 1},
                   "tag\"s": {"type": "array", "prefixItems": [{"const": "first"}], "items": {"type": "string"},
                              "maxItems": 3}},
    "patternProperties": {"^x-": {"type": "string", "maxLength": 2}},
    "additionalProperties": false,
    "propertyNames": {"not": {"pattern": "^_"}},
    "dependentRequired": {"id": ["tag\"s"]},
    "oneOf": [{"required": ["id"]}, {"required": ["x-a"]}],
    "if": {"properties": {"id": {"const": 7}}}, "then": {"required": ["x-b"]}
  })");
  EXPECT_TRUE(streamed_verdict(v, R"({"id": 1, "tag\"s": ["first", "b"]})"));
  EXPECT_TRUE(streamed_verdict(v, R"({"id": 7, "tag\u0022s": ["first"], "x-b": "éé"})"));
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 7, "tag\"s": ["first"]})"));             // then: x-b
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 1, "tag\"s": ["second"]})"));            // prefixItems
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 1, "tag\"s": ["first", 2]})"));          // items
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 1, "tag\"s": ["first", "b", "c", "d"]})"));  // maxItems
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 1, "tag\"s": [], "x-a": "abc"})"));      // maxLength; oneOf
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 1, "tag\"s": [], "y": 1})"));            // additionalProperties
  EXPECT_FALSE(streamed_verdict(v, R"({"id": 0, "tag\"s": []})"));                    // minimum
  EXPECT_FALSE(streamed_verdict(v, R"({"tag\"s": []})"));                             // required
  EXPECT_FALSE(streamed_verdict(v, R"([])"));                                          // type
  // Whole-value keywords: the DOM decides, with the same answers.
  const validator unique = compiled(R"({"uniqueItems": true})");
  EXPECT_FALSE(unique.checks_events());
  EXPECT_FALSE(unique.is_valid_text("[1, 1.0]", on_events).valid);
  EXPECT_TRUE(unique.is_valid_text("[1, 2]", on_events).valid);
}

}  // namespace
