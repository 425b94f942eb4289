// The recognizer fed a text in pieces (ujson::detail::recognizer_stream, what the service
// uses while a request body arrives) against the recognizer over the whole text, which
// recognizer_test.cpp holds to the decoder. The bytes that have not "arrived" yet are
// garbage (digits, quotes, backslashes, letters), so a stream that reads past what it was
// given sees something else and answers differently.

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/json_generator.hpp"
#include "support/test_files.hpp"
#include "ujson/detail/recognize.hpp"
#include "ujson/options.hpp"

namespace {

using ujson::detail::recognizer_stream;
using ujson::detail::recognizer_verdict;

constexpr char garbage_kinds[] = {'7', '"', '\\', 'e', ' ', '\x80', ']'};

bool whole_verdict(std::string_view text) {
  return ujson::detail::recognize_avx2(text.data(), text.size(), ujson::default_max_depth);
}

// Feeds `text` in pieces ending at `cuts` (increasing, each below text.size()), then the
// rest; checks the protocol on the way and returns the final verdict.
bool streamed_verdict(recognizer_stream& s, std::string_view text, const std::vector<std::size_t>& cuts, char garbage,
                      const std::string& what) {
  std::string buffer(text.size(), garbage);
  s.start(buffer.data(), buffer.size(), ujson::default_max_depth);
  std::size_t arrived = 0;
  bool unsure = false;
  auto arrive = [&](std::size_t upto) {
    std::memcpy(buffer.data() + arrived, text.data() + arrived, upto - arrived);
    arrived = upto;
    return s.advance(arrived);
  };
  for (std::size_t cut : cuts) {
    const recognizer_verdict v = arrive(cut);
    // Valid needs the whole text: trailing bytes could still spoil it.
    EXPECT_NE(v, recognizer_verdict::valid) << what << ", after " << cut << " bytes";
    if (unsure) {
      EXPECT_EQ(v, recognizer_verdict::not_sure) << what << ": not sure stays not sure";
    }
    unsure = unsure || v == recognizer_verdict::not_sure;
  }
  const recognizer_verdict last = arrive(text.size());
  EXPECT_NE(last, recognizer_verdict::need_more) << what << ": the whole text must bring a verdict";
  if (unsure) {
    EXPECT_EQ(last, recognizer_verdict::not_sure) << what;
  }
  return last == recognizer_verdict::valid;
}

std::vector<std::size_t> even_cuts(std::size_t n, std::size_t step) {
  std::vector<std::size_t> cuts;
  for (std::size_t c = step; c < n; c += step) cuts.push_back(c);
  return cuts;
}

std::vector<std::size_t> random_cuts(std::size_t n, std::mt19937_64& rng, std::size_t mean_piece) {
  std::vector<std::size_t> cuts;
  for (std::size_t c = 1 + rng() % (2 * mean_piece); c < n; c += 1 + rng() % (2 * mean_piece)) cuts.push_back(c);
  return cuts;
}

class RecognizerStream : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!ujson::detail::recognizer_available()) GTEST_SKIP() << "no recognizer here (CPU or UJSON_FORCE_KERNEL)";
  }
  recognizer_stream stream;  // one stream for every text of a test, as a connection reuses it
};

TEST_F(RecognizerStream, AgreesWithTheWholeTextOnJSONTestSuite) {
  int files = 0;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      const std::string input =
          ujson::test::read_file(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name);
      const bool want = whole_verdict(input);
      for (std::size_t step : {1, 3, 64, 81}) {
        for (char garbage : garbage_kinds) {
          EXPECT_EQ(streamed_verdict(stream, input, even_cuts(input.size(), step), garbage, name), want)
              << name << " in pieces of " << step << ", garbage " << int(garbage);
        }
      }
      ++files;
    }
  }
  EXPECT_EQ(files, 95 + 188 + 35);
}

TEST_F(RecognizerStream, AcceptsTheCorpusInPiecesOfAnySize) {
  std::mt19937_64 rng(1130);
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string input = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    ASSERT_TRUE(whole_verdict(input)) << name;
    for (std::size_t mean : {7, 100, 4096, 65536}) {
      for (char garbage : garbage_kinds) {
        EXPECT_TRUE(streamed_verdict(stream, input, random_cuts(input.size(), rng, mean), garbage, name))
            << name << ", pieces of about " << mean << ", garbage " << int(garbage);
      }
    }
  }
}

TEST_F(RecognizerStream, AgreesOnGeneratedDocumentsAndTheirMutations) {
  ujson::test::json_generator gen(11);
  std::mt19937_64 rng(2026);
  int valid = 0, invalid = 0;
  for (int i = 0; i < 3000; ++i) {
    ujson::test::generated_value want;
    bool top_scalar = false;
    std::string doc = gen.document(want, top_scalar);
    if (i % 2 == 1) {
      const std::size_t at = rng() % doc.size();
      doc[at] = "\"\\,:[]{} 0-.eE\x01\x80"[rng() % 16];
    }
    const bool expected = whole_verdict(doc);
    (expected ? valid : invalid)++;
    const char garbage = garbage_kinds[rng() % sizeof garbage_kinds];
    EXPECT_EQ(streamed_verdict(stream, doc, random_cuts(doc.size(), rng, 1 + rng() % 200), garbage,
                               "document " + std::to_string(i)),
              expected)
        << "document " << i << ": " << doc.substr(0, 300);
  }
  EXPECT_GT(valid, 1500);
  EXPECT_GT(invalid, 100);
}

// Every value, valid or not, with its text cut at every byte: numbers that reach the end of
// what has arrived must wait for the rest (garbage digits would lengthen them).
TEST_F(RecognizerStream, AgreesWhenTheArrivalEndsAnywhereInAValue) {
  const std::vector<std::string> values = {
      "-0", "0.5", "-12.75e+10", "1E-7", "123456789012345678901234567890", "1" + std::string(150, '2'),
      "0." + std::string(100, '9') + "e-" + std::string(70, '1'), "true", "false", "null",
      R"("\uD83D\uDE00")", R"("a\"b\\")", "\"\xF0\x9F\x98\x80\"", R"({"k":[1,{"m":null}]})",
      "01", "1.", "-", "1e", "1e+", "tru", "nulll", "1x", "-a", "2.e3", R"("\uD83D")", "[1,]",
  };
  for (const std::string& value : values) {
    for (std::size_t shift : {0, 30, 57, 63, 64, 75}) {
      const std::string doc = "[\"" + std::string(shift, 'a') + "\"," + value + "," + value + ",\"" + std::string(100, 'b') + "\"]";
      const bool want = whole_verdict(doc);
      for (std::size_t cut = 1; cut < doc.size(); ++cut) {
        for (char garbage : {'7', '.', 'e', ' '}) {
          EXPECT_EQ(streamed_verdict(stream, doc, {cut}, garbage, doc), want)
              << doc << " cut at " << cut << ", garbage " << garbage;
        }
      }
    }
  }
}

TEST_F(RecognizerStream, AnEarlyErrorEndsTheStreamBeforeTheRestArrives) {
  std::string doc = "[" + std::string(1000, ' ') + "x";
  doc += std::string(100000, ' ') + "]";
  std::string buffer(doc.size(), ' ');
  stream.start(buffer.data(), buffer.size(), ujson::default_max_depth);
  std::memcpy(buffer.data(), doc.data(), 2000);
  EXPECT_EQ(stream.advance(2000), recognizer_verdict::not_sure);
  std::memcpy(buffer.data(), doc.data(), doc.size());
  EXPECT_EQ(stream.advance(doc.size()), recognizer_verdict::not_sure);
}

TEST_F(RecognizerStream, DepthBeyondTheLimitIsNotSure) {
  const std::string ten = std::string(10, '[') + std::string(10, ']');
  const std::string eleven = std::string(11, '[') + std::string(11, ']');
  stream.start(ten.data(), ten.size(), 10);
  EXPECT_EQ(stream.advance(ten.size()), recognizer_verdict::valid);
  stream.start(eleven.data(), eleven.size(), 10);
  EXPECT_EQ(stream.advance(eleven.size()), recognizer_verdict::not_sure);
}

TEST(RecognizerStreamWithoutKernel, IsNeverSure) {
  const std::string doc = "[1,2,3]";
  recognizer_stream s;
  s.start(doc.data(), doc.size(), ujson::default_max_depth);
  const recognizer_verdict v = s.advance(doc.size());
  EXPECT_EQ(v, ujson::detail::recognizer_available() ? recognizer_verdict::valid : recognizer_verdict::not_sure);
  s.start(doc.data(), 0, ujson::default_max_depth);  // an empty text has no value
  EXPECT_EQ(s.advance(0), recognizer_verdict::not_sure);
}

}  // namespace
