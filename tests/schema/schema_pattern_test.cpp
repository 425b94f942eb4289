// The simple-pattern matcher (schema/src/simple_pattern.cpp) against RE2 on the same
// ECMA-262 patterns: every text of a generated set gets the same verdict from both, and the
// shapes a greedy pass would get wrong are left to RE2.

#include <gtest/gtest.h>
#include <re2/re2.h>

#include <random>
#include <tuple>
#include <string>
#include <vector>

#include "regex.hpp"
#include "simple_pattern.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace {

using ujson::schema::detail::simple_pattern;

// Texts over the characters the pattern names, plus a few it does not: every string up to
// length 3, then random ones up to 24 (and each with a non-ASCII letter in front and behind).
std::vector<std::string> texts_for(std::string_view pattern) {
  std::string alphabet = "a0Z_-. /:";
  for (const char c : pattern) {
    if (alphabet.find(c) == std::string::npos && static_cast<unsigned char>(c) >= 0x20) alphabet.push_back(c);
  }
  std::vector<std::string> out{""};
  for (std::size_t len = 1, begin = 0; len <= 3; ++len) {
    const std::size_t end = out.size();
    for (std::size_t i = begin; i < end; ++i) {
      for (const char c : alphabet) out.push_back(out[i] + c);
    }
    begin = end;
  }
  std::mt19937 rng(13);
  for (int i = 0; i < 4000; ++i) {
    std::string s;
    const std::size_t len = rng() % 25;
    for (std::size_t j = 0; j < len; ++j) s.push_back(alphabet[rng() % alphabet.size()]);
    out.push_back(s);
    out.push_back("\u00e9" + s);
    out.push_back(s + "\u00e9");
  }
  return out;
}

void expect_same_as_re2(std::string_view pattern, const std::vector<std::string>& extra = {}) {
  SCOPED_TRACE(std::string(pattern));
  const auto simple = simple_pattern::parse(pattern);
  ASSERT_TRUE(simple.has_value()) << "expected the fast path to take this pattern";
  std::string translated, problem;
  ASSERT_TRUE(ujson::schema::detail::translate_ecma_pattern(pattern, translated, problem)) << problem;
  const RE2 re(translated);
  ASSERT_TRUE(re.ok()) << re.error();
  std::vector<std::string> texts = texts_for(pattern);
  texts.insert(texts.end(), extra.begin(), extra.end());
  for (const std::string& t : texts) {
    ASSERT_EQ(simple->search(t), RE2::PartialMatch(t, re)) << "text \"" << t << "\"";
  }
}

TEST(SimplePattern, AgreesWithRe2OnTheShapesItTakes) {
  expect_same_as_re2("^[0-9]+$", {"12345", "12a45", "007"});
  expect_same_as_re2("^\\?", {"?q=1", "q?"});
  expect_same_as_re2("^https?://", {"http://x", "https://x", "httpss://", "ftp://"});
  expect_same_as_re2("^[0-9A-Fa-f]{6}$", {"C0DEED", "c0deed", "C0DEE", "C0DEEDD", "G0DEED"});
  expect_same_as_re2("^/images/", {"/images/a.png", "/image/"});
  expect_same_as_re2("^[A-Z0-9_]+$", {"PLEYEL_PLEYEL", "pleyel"});
  expect_same_as_re2("^key_[0-9]{1,3}$", {"key_0", "key_255", "key_1000", "key_"});
  expect_same_as_re2("^[a-z]{2,3}-?", {"en", "eng-", "e"});
  expect_same_as_re2("^(Mon|Tue|Wed) [A-Z][a-z]{2} [0-9]{2}$", {"Mon Jan 01", "Tue Feb 2", "Thu Jan 01"});
  expect_same_as_re2("^[+-]?\\d+(\\.)", {"+1.", "-12.", "1", "."});
  expect_same_as_re2("^[a-z][a-z0-9_]{2,31}$", {"johndoe", "j", "john doe", std::string(40, 'a')});
  expect_same_as_re2("^a{0,2}b*c", {"aabbc", "aaabc", "c", "bc"});
  expect_same_as_re2("^\\w+:\\d{1,5}$", {"host:8080", "host:", "host:123456"});
  expect_same_as_re2("^[\\-.a]+x", {"-.ax", "x", "-.a"});
  expect_same_as_re2("^$", {"", "a"});
  expect_same_as_re2("^", {"", "anything"});
}

TEST(SimplePattern, LeavesToRe2WhatAGreedyPassWouldGetWrong) {
  // A variable run followed by something it could also take, alternatives of unequal
  // length, unanchored patterns, non-ASCII, negated sets, lookalike escapes.
  for (const char* pattern : {"^a*a$", "^[0-9]*0$", "^a?a", "^[a-z]+[a-f]", "^a*b?a", "^(ab|a)", "^(a|b)+",
                              "[0-9]+$", "abc", "^é", "^[^a]", "^\\s", "^.", "^a|b", "^\\p{L}", "^\\u0041",
                              "^a{2,1}", "^a{1001}", "^(?:a)", "^a+?"}) {
    EXPECT_FALSE(simple_pattern::parse(pattern).has_value()) << pattern;
  }
}

TEST(SimplePattern, SchemasGiveRe2sVerdictsEitherWay) {
  // Through the public API: one pattern the fast path takes, one it leaves to RE2.
  const std::tuple<const char*, const char*, bool> cases[] = {
      {"^[0-9]*0$", "100", true}, {"^[0-9]*0$", "101", false}, {"^[0-9]{2}$", "10", true}, {"^[0-9]{2}$", "100", false}};
  for (const auto& [pattern, text, valid] : cases) {
    ujson::schema::load_error problem;
    const auto v = ujson::schema::compile(std::string(R"({"pattern": ")") + pattern + "\"}", problem);
    ASSERT_TRUE(v) << problem.what();
    ujson::document doc;
    const std::string instance = std::string("\"") + text + "\"";
    ASSERT_FALSE(doc.parse(instance));
    EXPECT_EQ(v->is_valid(doc.root()), valid) << pattern << " on " << text;
  }
}

}  // namespace
