// Differential testing: our accept/reject verdict and decoded values against RapidJSON and
// simdjson (peers.hpp) on JSONTestSuite's test_parsing files, the corpus files, and
// mutated inputs (mutator.hpp). Every disagreement must fall in a documented category
// (docs/conformance.md, "Differential testing"); anything else fails the test, with the
// input to reproduce it.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "mutator.hpp"
#include "peers.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/options.hpp"

#ifndef UJSON_DIFFERENTIAL_MUTATIONS
#define UJSON_DIFFERENTIAL_MUTATIONS 100000
#endif

namespace {

using namespace ujson::differential;

enum class peer { rapidjson, simdjson };
constexpr std::array<peer, 2> peers{peer::rapidjson, peer::simdjson};
const char* name_of(peer p) { return p == peer::rapidjson ? "RapidJSON" : "simdjson"; }

// The kinds of disagreement we accept, each with the side we chose and why.
enum class category {
  agree,
  big_number_refused,    // we accept a number no double holds; the peer refuses it
  big_number_as_double,  // we keep a number's exact text; the peer holds its nearest double
  depth_unlimited,       // nesting beyond 1024: we refuse, RapidJSON (no limit) accepts
  lone_surrogate,        // a \uD800-\uDFFF escape without its partner: we refuse, the peer accepts
  nul_ends_input,        // RapidJSON reads a NUL byte as the end of the input
  rapidjson_not_run,     // a number RapidJSON 1.1.0 mishandles (peers.hpp): it is not run
  // RapidJSON's full-precision path gives another double than ours; simdjson agrees with us.
  rapidjson_rounding,
  unexplained,
};

const char* name_of(category c) {
  switch (c) {
    case category::agree: return "agree";
    case category::big_number_refused: return "big_number_refused";
    case category::big_number_as_double: return "big_number_as_double";
    case category::depth_unlimited: return "depth_unlimited";
    case category::lone_surrogate: return "lone_surrogate";
    case category::nul_ends_input: return "nul_ends_input";
    case category::rapidjson_not_run: return "rapidjson_not_run";
    case category::rapidjson_rounding: return "rapidjson_rounding";
    default: return "unexplained";
  }
}

struct finding {
  category kind = category::agree;
  std::string detail;
};

// Whether the third library accepted the input with the values we decoded.
bool agrees_with_us(const verdict& ours, const verdict& third) {
  return third.accepted && compare(ours.root, third.root).kind != value_difference::unexplained;
}

// Ours against one peer on one input; `third` is the other peer's verdict.
finding classify(std::string_view text, const verdict& ours, const verdict& other, peer p, const verdict& third) {
  finding f;
  if (other.refusal == peer_refusal::not_run) {
    f.kind = category::rapidjson_not_run;
    return f;
  }
  if (ours.accepted && other.accepted) {
    const comparison c = compare(ours.root, other.root);
    f.detail = c.where + ": ours " + c.ours + ", " + name_of(p) + " " + c.peer;
    switch (c.kind) {
      case value_difference::none: f.kind = category::agree; break;
      case value_difference::big_number_as_double: f.kind = category::big_number_as_double; break;
      default:
        f.kind = p == peer::rapidjson && c.ours_kind == node_kind::real && c.peer_kind == node_kind::real &&
                         agrees_with_us(ours, third)
                     ? category::rapidjson_rounding
                     : category::unexplained;
        break;
    }
    return f;
  }
  if (ours.accepted == other.accepted) return f;  // both refuse: the reasons may differ
  if (ours.accepted) {
    f.detail = std::string("ours accepts, ") + name_of(p) + " refuses: " + other.error_name;
    const number_facts facts = numbers_in(text);
    const bool too_big = facts.overflow || (p == peer::simdjson && facts.big_integer);
    f.kind = other.refusal == peer_refusal::number_too_big && too_big ? category::big_number_refused
                                                                      : category::unexplained;
    return f;
  }
  f.detail = std::string("ours refuses (") + ours.error_name + " at " + std::to_string(ours.ours.offset) + "), " +
             name_of(p) + " accepts";
  // Each reason is explained only if it is the only one: without it, we accept too.
  f.kind = category::unexplained;
  if (ours.ours.code == ujson::errc::depth_exceeded && p == peer::rapidjson) {
    if (parse_ours(text, {.max_depth = std::size_t{1} << 20}).accepted) f.kind = category::depth_unlimited;
  } else if (ours.ours.code == ujson::errc::lone_surrogate) {
    if (parse_ours(text, {.allow_lone_surrogates = true}).accepted) f.kind = category::lone_surrogate;
  } else if (p == peer::rapidjson && text.find('\0') != std::string_view::npos) {
    // And the text before the first NUL is what RapidJSON accepted.
    const std::string_view before = text.substr(0, text.find('\0'));
    const verdict prefix = parse_ours(before);
    if (prefix.accepted && classify(before, prefix, other, p, third).kind != category::unexplained) {
      f.kind = category::nul_ends_input;
    }
  }
  return f;
}

std::string hex_of(std::string_view s, std::size_t limit = 160) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < limit; ++i) {
    out += digits[static_cast<unsigned char>(s[i]) >> 4];
    out += digits[static_cast<unsigned char>(s[i]) & 15];
  }
  if (s.size() > limit) out += "...";
  return out;
}

// Disagreements of one input with each peer (agreements left out).
std::vector<std::pair<peer, finding>> disagreements(std::string_view text) {
  const verdict ours = parse_ours(text);
  const verdict rapid = parse_rapidjson(text);
  const verdict simd = parse_simdjson(text);
  std::vector<std::pair<peer, finding>> out;
  for (peer p : peers) {
    const bool r = p == peer::rapidjson;
    finding f = classify(text, ours, r ? rapid : simd, p, r ? simd : rapid);
    if (f.kind != category::agree) out.emplace_back(p, std::move(f));
  }
  return out;
}

// Every test_parsing file on which a peer disagrees with us, and why (see the categories).
struct expected_disagreement {
  std::string_view file;
  peer with;
  category kind;
};
const expected_disagreement test_suite_disagreements[] = {
    // "123\0": RapidJSON stops at the NUL byte.
    // RapidJSON 1.1.0 is not given numbers outside the doubles (peers.hpp), here 1e400-like keys.
    {"n_object_non_string_key_but_huge_number_instead.json", peer::rapidjson, category::rapidjson_not_run},
    {"n_multidigit_number_then_00.json", peer::rapidjson, category::nul_ends_input},
    // Numbers no double holds: we keep the text (a big number); simdjson rounds to 0 or refuses,
    // RapidJSON rounds big integers and is not given the rest.
    {"i_number_double_huge_neg_exp.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_double_huge_neg_exp.json", peer::simdjson, category::big_number_as_double},
    {"i_number_real_underflow.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_real_underflow.json", peer::simdjson, category::big_number_as_double},
    {"i_number_huge_exp.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_huge_exp.json", peer::simdjson, category::big_number_refused},
    {"i_number_neg_int_huge_exp.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_neg_int_huge_exp.json", peer::simdjson, category::big_number_refused},
    {"i_number_pos_double_huge_exp.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_pos_double_huge_exp.json", peer::simdjson, category::big_number_refused},
    {"i_number_real_neg_overflow.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_real_neg_overflow.json", peer::simdjson, category::big_number_refused},
    {"i_number_real_pos_overflow.json", peer::rapidjson, category::rapidjson_not_run},
    {"i_number_real_pos_overflow.json", peer::simdjson, category::big_number_refused},
    {"i_number_too_big_neg_int.json", peer::rapidjson, category::big_number_as_double},
    {"i_number_too_big_neg_int.json", peer::simdjson, category::big_number_refused},
    {"i_number_too_big_pos_int.json", peer::rapidjson, category::big_number_as_double},
    {"i_number_too_big_pos_int.json", peer::simdjson, category::big_number_refused},
    {"i_number_very_big_negative_int.json", peer::rapidjson, category::big_number_as_double},
    {"i_number_very_big_negative_int.json", peer::simdjson, category::big_number_refused},
    // Lone low surrogate escapes: RapidJSON writes them as WTF-8; we and simdjson refuse.
    {"i_object_key_lone_2nd_surrogate.json", peer::rapidjson, category::lone_surrogate},
    {"i_string_incomplete_surrogate_pair.json", peer::rapidjson, category::lone_surrogate},
    {"i_string_lone_second_surrogate.json", peer::rapidjson, category::lone_surrogate},
};

TEST(Differential, JsonTestSuiteFiles) {
  std::set<std::tuple<std::string, peer, category>> expected, seen;
  for (const expected_disagreement& e : test_suite_disagreements) expected.emplace(e.file, e.with, e.kind);
  std::size_t files = 0;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      ++files;
      const std::string text =
          ujson::test::read_file(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name);
      for (const auto& [p, f] : disagreements(text)) {
        seen.emplace(name, p, f.kind);
        EXPECT_TRUE(expected.count({name, p, f.kind})) << name << " with " << name_of(p) << ": " << name_of(f.kind)
                                                       << " (" << f.detail << ")";
      }
    }
  }
  EXPECT_GT(files, 300u);
  for (const auto& e : expected) {
    EXPECT_TRUE(seen.count(e)) << std::get<0>(e) << " no longer disagrees with " << name_of(std::get<1>(e))
                               << " as " << name_of(std::get<2>(e)) << ": update the table and docs/conformance.md";
  }
}

// The depth limits, which mutations of the suite's files do not reach: ours and simdjson
// stop at 1024 levels, RapidJSON's iterative parser has no limit.
TEST(Differential, NestingAroundTheDepthLimit) {
  for (const std::size_t depth : {std::size_t{1023}, std::size_t{1024}, std::size_t{1025}, std::size_t{2000}}) {
    SCOPED_TRACE(depth);
    const std::string text = std::string(depth, '[') + std::string(depth, ']');
    const auto found = disagreements(text);
    if (depth <= ujson::default_max_depth) {
      EXPECT_TRUE(found.empty());
      continue;
    }
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].first, peer::rapidjson);
    EXPECT_EQ(found[0].second.kind, category::depth_unlimited) << found[0].second.detail;
  }
}

TEST(Differential, CorpusFilesDecodeTheSame) {
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string text = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    for (const auto& [p, f] : disagreements(text)) {
      ADD_FAILURE() << name << " with " << name_of(p) << ": " << name_of(f.kind) << " (" << f.detail << ")";
    }
  }
}

// Which categories each peer may show on mutated inputs.
bool allowed(peer p, category c) {
  switch (c) {
    case category::big_number_refused:
    case category::big_number_as_double:
    case category::lone_surrogate: return true;
    case category::depth_unlimited:
    case category::nul_ends_input:
    case category::rapidjson_not_run:
    case category::rapidjson_rounding: return p == peer::rapidjson;
    default: return false;
  }
}

TEST(Differential, MutatedInputs) {
  std::vector<std::string> bases;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      bases.push_back(ujson::test::read_file(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name));
    }
  }
  std::mt19937_64 span_rng(1);
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string doc = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    for (std::string& s : spans_of(doc, 100, 2048, span_rng)) bases.push_back(std::move(s));
  }
  ASSERT_GT(bases.size(), 500u);

  // UJSON_DIFFERENTIAL_SHOW=<category> prints every input of that category, to check a reason.
  const char* show = std::getenv("UJSON_DIFFERENTIAL_SHOW");
  mutator m(20261130);
  std::map<std::pair<peer, category>, std::size_t> tally;
  std::size_t accepted_by_all = 0, shown = 0;
  // All of them in the release pass, the pass's share in those that repeat it (under ASan
  // the peers' code, compiled into this test, is the cost: 5.7 s for 100,000).
  const std::size_t mutations = ujson::test::share_of(UJSON_DIFFERENTIAL_MUTATIONS);
  for (std::size_t i = 0; i < mutations; ++i) {
    const std::string text = m.next(bases);
    const auto found = disagreements(text);
    if (found.empty() && parse_ours(text).accepted) ++accepted_by_all;
    for (const auto& [p, f] : found) {
      ++tally[{p, f.kind}];
      if (show != nullptr && std::string_view(show) == name_of(f.kind)) {
        std::printf("input %zu with %s: %s\n  text: %s\n", i, name_of(p), f.detail.c_str(), hex_of(text).c_str());
      }
      if (!allowed(p, f.kind) && shown++ < 20) {
        ADD_FAILURE() << "input " << i << " with " << name_of(p) << ": " << name_of(f.kind) << " (" << f.detail
                      << ")\n  hex: " << hex_of(text);
      }
    }
  }
  std::printf("differential: %zu mutated inputs, %zu accepted by all three with the same values\n", mutations,
              accepted_by_all);
  for (const auto& [key, count] : tally) {
    std::printf("  %-9s %-22s %zu\n", name_of(key.first), name_of(key.second), count);
  }
  // The inputs must exercise the value comparison, not only the verdicts.
  EXPECT_GT(accepted_by_all, mutations / 20);
}

}  // namespace
