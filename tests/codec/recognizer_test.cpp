// The validation fast path (ujson/detail/recognize.hpp) against the decoder's own state
// machine, which is the reference: a handler that wants values never goes through the
// recognizer. The recognizer must answer "valid" exactly when the decoder accepts (within
// its depth), on JSONTestSuite, the corpus, generated documents, their mutations and
// truncations, and inputs built so that every escape, string and number crosses the
// 64-byte block boundaries of stage 1 at every offset. Every recognizer kernel this CPU
// runs (AVX2, AVX-512) is tested on its own, whichever one the process chose.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/json_generator.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/recognize.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::detail::kernel_set;

bool decoder_accepts(std::string_view input, std::size_t max_depth = ujson::default_max_depth) {
  ujson::null_handler h;
  ujson::decoder d(ujson::decode_options{.max_depth = max_depth});
  return !d.decode(input, h);
}

class Recognizer : public ::testing::TestWithParam<kernel_set> {
 protected:
  void SetUp() override {
    for (const ujson::detail::kernel_table* k : ujson::detail::runnable_kernels()) {
      if (k->set == GetParam()) recognize_ = k->recognize;
    }
    if (recognize_ == nullptr) GTEST_SKIP() << "this CPU cannot run this recognizer kernel";
  }

  bool recognize(const char* p, std::size_t n, std::size_t max_depth) const { return recognize_(p, n, max_depth); }

  // Same verdict as the decoder, for input as given and shifted across block boundaries.
  void expect_agreement(std::string_view input, const std::string& what) const {
    EXPECT_EQ(recognize(input.data(), input.size(), ujson::default_max_depth), decoder_accepts(input))
        << what << ": " << std::string(input.substr(0, 200));
  }

  bool (*recognize_)(const char*, std::size_t, std::size_t) noexcept = nullptr;
};

INSTANTIATE_TEST_SUITE_P(Kernels, Recognizer, ::testing::Values(kernel_set::avx2, kernel_set::avx512),
                         [](const ::testing::TestParamInfo<kernel_set>& info) {
                           return info.param == kernel_set::avx2 ? "avx2" : "avx512";
                         });

TEST_P(Recognizer, AgreesWithTheDecoderOnJSONTestSuite) {
  int accepted = 0, files = 0;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& name : ujson::test::test_parsing_files(prefix)) {
      const std::string input =
          ujson::test::read_file(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / name);
      expect_agreement(input, name);
      accepted += recognize(input.data(), input.size(), ujson::default_max_depth);
      ++files;
    }
  }
  EXPECT_EQ(files, 95 + 188 + 35);
  EXPECT_GE(accepted, 95);  // every y_ file at least
}

TEST_P(Recognizer, AcceptsTheCorpusAndRejectsEveryCut) {
  std::mt19937_64 rng(20261130);
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string input = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    EXPECT_TRUE(recognize(input.data(), input.size(), ujson::default_max_depth)) << name;
    for (std::size_t i = 0, n = ujson::test::share_of(300); i < n; ++i) {
      const std::size_t cut = rng() % input.size();
      expect_agreement(std::string_view(input).substr(0, cut), name + " cut at " + std::to_string(cut));
    }
  }
}

TEST_P(Recognizer, AgreesOnGeneratedDocumentsAndTheirMutations) {
  ujson::test::json_generator gen(7);
  std::mt19937_64 rng(42);
  static constexpr char interesting[] = {'"', '\\', ',', ':', '[', ']', '{', '}', ' ', '\n', '\t', 0x01, 0x1F,
                                         '\x80', '\xC3', '\xED', 'u', '0', '1', '-', '+', '.', 'e', 'E',
                                         't', 'n', 'f', 'x', '/', 'D', '8', '\0'};
  int valid = 0, mutated_valid = 0;
  for (std::size_t i = 0, n = ujson::test::share_of(10'000); i < n; ++i) {
    ujson::test::generated_value want;
    bool top_scalar = false;
    const std::string doc = gen.document(want, top_scalar);
    ASSERT_TRUE(recognize(doc.data(), doc.size(), ujson::default_max_depth)) << "document " << i << ": " << doc;
    ++valid;
    for (int m = 0; m < 3; ++m) {
      std::string mutated = doc;
      const std::size_t at = rng() % mutated.size();
      switch (rng() % 3) {
        case 0: mutated[at] = interesting[rng() % sizeof interesting]; break;
        case 1: mutated.insert(at, 1, interesting[rng() % sizeof interesting]); break;
        default: mutated.erase(at, 1 + rng() % 4); break;
      }
      expect_agreement(mutated, "mutation of document " + std::to_string(i));
      mutated_valid += decoder_accepts(mutated);
    }
  }
  EXPECT_EQ(valid, static_cast<int>(ujson::test::share_of(10'000)));
  EXPECT_GT(mutated_valid, 0);  // some mutations stay valid: both verdicts are exercised
}

// Pieces whose bytes interact across a block boundary: backslash runs, \u escapes and
// surrogate pairs, control characters, multi-byte UTF-8, numbers and literals.
TEST_P(Recognizer, AgreesAtEveryOffsetAcrossBlockBoundaries) {
  const std::vector<std::string> pieces = {
      R"("plain")", R"("a\"b")", R"("\\")", R"("\\\"")", R"("\\\\\\\\")", R"("x\/y\b\f\n\r\t")",
      R"("\u00e9\u20AC")", R"("\uD83D\uDE00")", R"("\uDBFF\uDFFF")", "\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"",
      "-0", "0.5", "-12.75e+10", "1E-7", "123456789012345678901234567890", "true", "false", "null",
      "[]", "{}", R"({"k":[1,{"m":null}]})",
      // invalid ones
      R"("\uD83D")", R"("\uDE00")", R"("\uD83D\u0041")", R"("\u12G4")", R"("\x")", R"("\)", "\"a\x01b\"",
      "\"tab\there\"", "\"\xC3\"", "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "01", "1.", ".5", "-", "1e",
      "1e+", "tru", "nulll", "+1", "1x", "\"unterminated", "[1,]", "{\"a\"}", "{\"a\":1,}", "[1 2]", "\\",
      "\x01", "\xC3\xA9", "[\"a\"\"b\"]", "{\"a\":1 \"b\":2}",
  };
  for (const std::string& piece : pieces) {
    for (std::size_t shift = 0; shift < 70; ++shift) {
      const std::string padded = std::string(shift, ' ') + "[" + piece + "," + piece + "]";
      expect_agreement(padded, "piece " + piece + " shifted by " + std::to_string(shift));
      const std::string filler = "[\"" + std::string(shift, 'a') + "\"," + piece + "]";
      expect_agreement(filler, "piece " + piece + " after a string of " + std::to_string(shift));
    }
  }
}

// Numbers of every shape (parts of 0 to 33 digits, signs, leading zeros, bare '.', 'e'),
// with 0 to 40 bytes after them: the recognizer reads a number from one 32-byte mask
// when 32 bytes remain and byte by byte otherwise, and a part that reaches the end of
// the 32 bytes must be read on.
TEST_P(Recognizer, NumbersOfEveryShapeAtEveryDistanceFromTheEnd) {
  std::vector<std::string> numbers;
  for (int int_len : {0, 1, 2, 15, 16, 17, 29, 30, 31, 32, 33}) {
    for (int frac : {-1, 0, 1, 2, 13, 14, 15, 29, 30, 31}) {  // -1: no '.'
      for (const char* exp : {"", "e", "E+", "e-7", "E12", "e+123456"}) {
        for (const char* lead : {"", "-", "0", "-0"}) {
          std::string n = lead + std::string(static_cast<std::size_t>(int_len), '7');
          if (frac >= 0) n += "." + std::string(static_cast<std::size_t>(frac), '3');
          numbers.push_back(n + exp);
        }
      }
    }
  }
  int valid = 0;
  for (const std::string& n : numbers) {
    for (std::size_t pad = 0; pad <= 40; ++pad) {
      expect_agreement("[" + n + std::string(pad, ' ') + "]", n + " with " + std::to_string(pad) + " spaces after it");
    }
    valid += decoder_accepts("[" + n + "]");
  }
  EXPECT_GT(valid, 500);
  EXPECT_LT(valid, static_cast<int>(numbers.size()) - 500);
}

TEST_P(Recognizer, LongBackslashRuns) {
  for (std::size_t run = 0; run < 140; ++run) {
    const std::string even = "\"" + std::string(2 * run, '\\') + "\"";
    const std::string odd = "\"" + std::string(2 * run + 1, '\\') + "\"";
    EXPECT_TRUE(recognize(even.data(), even.size(), 1024)) << run;
    EXPECT_FALSE(recognize(odd.data(), odd.size(), 1024)) << run;
    const std::string quoted = "[\"" + std::string(2 * run + 1, '\\') + "\"\"]";  // \" then the end quote
    expect_agreement(quoted, "escaped quote after " + std::to_string(run) + " pairs");
  }
}

TEST_P(Recognizer, DepthUpToItsLimitAndNoFurther) {
  auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  const std::string at_limit = nested(ujson::detail::recognizer_depth);
  const std::string past = nested(ujson::detail::recognizer_depth + 1);
  EXPECT_TRUE(recognize(at_limit.data(), at_limit.size(), 100000));
  // Deeper than its own stack: "not sure", even where the decoder accepts it.
  EXPECT_FALSE(recognize(past.data(), past.size(), 100000));
  EXPECT_TRUE(decoder_accepts(past, 100000));
  EXPECT_FALSE(ujson::validate(past, ujson::decode_options{.max_depth = 100000}));  // the decoder decides

  const std::string ten = nested(10), eleven = nested(11);
  EXPECT_TRUE(recognize(ten.data(), ten.size(), 10));
  EXPECT_FALSE(recognize(eleven.data(), eleven.size(), 10));
  EXPECT_EQ(ujson::validate(eleven, ujson::decode_options{.max_depth = 10}).code, ujson::errc::depth_exceeded);
}

TEST_P(Recognizer, EmptyAndBlankInputsAreNotValid) {
  for (std::string_view s : {std::string_view(""), std::string_view(" "), std::string_view("\n\t\r "), std::string_view("\0", 1)}) {
    EXPECT_FALSE(recognize(s.data(), s.size(), 1024)) << s.size();
  }
}

}  // namespace
