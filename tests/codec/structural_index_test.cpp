// The decoder's structural index (stage 1, ujson/detail/structural_index.hpp) and the walk
// over it (stage 2, index_walk.hpp). Stage 1 is checked against a byte-at-a-time reference
// tokenizer written here from the header's definition of a token; the whole decoder on
// every kernel this CPU runs is held to the portable kernel's decoder (byte at a time,
// no index): the same events, in the same order, with the same values, and the same error
// (code, offset, line, column) on JSONTestSuite, the corpus and generated documents; so is
// validation, which walks the index a window at a time.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "support/event_log.hpp"
#include "support/guarded_buffer.hpp"
#include "support/test_files.hpp"
#include "support/test_share.hpp"
#include "ujson/decoder.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/structural_index.hpp"
#include "ujson/dom.hpp"
#include "ujson/validate.hpp"

namespace {

using ujson::errc;
using ujson::detail::kernel_set;
using ujson::detail::kernel_table;

constexpr std::uint32_t escaped_end = ujson::detail::escaped_string_end;

std::vector<const kernel_table*> indexing_kernels() {
  std::vector<const kernel_table*> out;
  for (const kernel_table* k : ujson::detail::runnable_kernels()) {
    if (k->index != nullptr) out.push_back(k);
  }
  return out;
}

const kernel_table& portable() {
  for (const kernel_table* k : ujson::detail::runnable_kernels()) {
    if (k->set == kernel_set::portable) return *k;
  }
  throw std::logic_error("no portable kernel");
}

// ---- stage 1 against a reference -------------------------------------------------------

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_structural(char c) { return c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':'; }

// The tokens of a text that has no string left open, by the header's definition: a string's
// closing quote flagged when the string holds an escape, or, in a validator's windows
// (u_only), a \uXXXX.
std::vector<std::uint32_t> reference_index(std::string_view s, bool u_only = false) {
  std::vector<std::uint32_t> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (is_space(c)) {
      ++i;
    } else if (is_structural(c)) {
      out.push_back(static_cast<std::uint32_t>(i++));
    } else if (c == '"') {
      out.push_back(static_cast<std::uint32_t>(i++));
      bool escaped = false;
      while (s[i] != '"') {
        if (s[i] == '\\') {
          if (!u_only || s[i + 1] == 'u') escaped = true;
          ++i;
        }
        ++i;
      }
      out.push_back(static_cast<std::uint32_t>(i++) | (escaped ? escaped_end : 0));
    } else {
      out.push_back(static_cast<std::uint32_t>(i));
      while (i < s.size() && !is_space(s[i]) && !is_structural(s[i]) && s[i] != '"') ++i;
    }
  }
  out.push_back(static_cast<std::uint32_t>(s.size()));
  return out;
}

class StructuralIndex : public ::testing::Test {
 protected:
  ujson::test::guarded_buffer buffer_{1 << 19};
  int failures_ = 0;

  // Every indexing kernel gives the reference's entries for `text` (valid UTF-8, every
  // string closed, no control character).
  void expect_index(std::string_view text, const std::string& what) {
    if (failures_ >= 10) return;
    const std::string_view input = buffer_.place(text);
    const std::vector<std::uint32_t> want = reference_index(input);
    for (const kernel_table* k : indexing_kernels()) {
      ujson::detail::index_buffer buffer;
      std::size_t count = 0;
      const bool ok = k->index(input.data(), input.size(), buffer, count);
      const std::vector<std::uint32_t> got(buffer.entries(), buffer.entries() + (ok ? count : 0));
      if (!ok || got != want) {
        ++failures_;
        ADD_FAILURE() << what << ": " << k->name << (ok ? " indexed differently" : " refused") << "\n  input: " << text;
      }
      const std::string windows = windowed_index_problem(*k, input, reference_index(input, true));
      if (!windows.empty()) {
        ++failures_;
        ADD_FAILURE() << what << ": " << k->name << "'s windows: " << windows;
      }
    }
  }

  // The windows of the index, one after another, are the whole index less each window's
  // end; a window ends after a token stage 2 may take as the last: never a string's opening
  // quote, nor a number or literal that runs to the window's last byte. "" when all holds.
  static std::string windowed_index_problem(const kernel_table& k, std::string_view input,
                                            const std::vector<std::uint32_t>& want) {
    // Which entries are opening quotes: the first of each pair of quote entries.
    std::vector<bool> opening;
    bool next_quote_opens = true;
    for (std::size_t i = 0; i + 1 < want.size(); ++i) {
      const bool quote = input[want[i] & ~escaped_end] == '"';
      opening.push_back(quote && next_quote_opens);
      if (quote) next_quote_opens = !next_quote_opens;
    }
    ujson::detail::index_window_state state(input.data(), input.size());
    std::vector<std::uint32_t> window(ujson::detail::index_window_size);
    std::vector<std::uint32_t> all;
    for (std::size_t windows = 0;; ++windows) {
      if (windows > input.size()) return "no end";
      k.index_window(state, window.data());
      if (state.status == ujson::detail::index_window_state::refused) return "refused";
      std::size_t used = 0;
      while (window[used] != input.size()) ++used;
      if (state.status == ujson::detail::index_window_state::last) {
        all.insert(all.end(), window.begin(), window.begin() + static_cast<std::ptrdiff_t>(used) + 1);
        break;
      }
      if (used == 0) return "an empty window before the last";
      all.insert(all.end(), window.begin(), window.begin() + static_cast<std::ptrdiff_t>(used));
      const std::size_t last = all.size() - 1;
      if (last >= opening.size() || all[last] != want[last]) return "entries differ before a cut";
      const std::size_t at = all[last] & ~escaped_end;
      const std::size_t cut = static_cast<std::size_t>(state.next - input.data());
      if (opening[last]) return "cut after an opening quote at " + std::to_string(at);
      std::size_t end = at;
      while (end < input.size() && !is_space(input[end]) && !is_structural(input[end]) && input[end] != '"') ++end;
      if (end > at && end >= cut) return "cut inside the scalar at " + std::to_string(at);
    }
    return all == want ? "" : "the windows together differ from the index";
  }

  void expect_refused(std::string_view text, const std::string& what) {
    const std::string_view input = buffer_.place(text);
    for (const kernel_table* k : indexing_kernels()) {
      ujson::detail::index_buffer buffer;
      std::size_t count = 0;
      EXPECT_FALSE(k->index(input.data(), input.size(), buffer, count)) << what << ": " << k->name;
    }
  }
};

TEST_F(StructuralIndex, TokensOfEveryKindAtEveryOffsetOfTwoBlocks) {
  const std::vector<std::string> pieces = {
      R"({"a":[1,-2.5e+3,true,false,null]})", R"("plain")", R"("esc\"aped")", R"("\\")", R"("\\\"")",
      R"("back\\slash\n")", R"("\u00e9\ud83d\ude00")", "\"caf\xC3\xA9 \xE2\x82\xAC\"", R"([ 1 , 2 ])",
      R"(truex 1x -)", R"("a""b")"};
  for (const std::string& piece : pieces) {
    for (std::size_t shift = 0; shift < 130; ++shift) {
      expect_index(std::string(shift, ' ') + piece, piece + " after " + std::to_string(shift) + " spaces");
      expect_index(std::string(shift, ' ') + piece + std::string(shift % 7, ' '), piece + " with a tail");
    }
  }
}

// A string whose only backslash sits at every offset of three blocks, whose run crosses
// block boundaries, next to clean strings: exactly the escaped ones carry the flag.
TEST_F(StructuralIndex, BackslashAtEveryOffsetAcrossBlocks) {
  for (std::size_t length = 1; length < 200; length += 3) {
    for (std::size_t at = 0; at < length; ++at) {
      std::string body(length, 'x');
      body[at] = '\\';
      if (at + 1 < length) body[at + 1] = 'n';
      else body += 'n';
      const std::string text = "[\"clean\",\"" + body + "\",\"" + std::string(length, 'y') + "\"]";
      expect_index(text, "backslash at " + std::to_string(at) + " of " + std::to_string(length));
    }
  }
}

TEST_F(StructuralIndex, LongBackslashRunsAndEscapedQuotesAtBlockEnds) {
  for (std::size_t run = 1; run < 140; ++run) {
    for (std::size_t shift : {0u, 1u, 30u, 62u, 63u}) {
      // An even run escapes itself; an odd one with a quote after it escapes the quote.
      const std::string backslashes(run, '\\');
      const std::string text = std::string(shift, ' ') + "[\"" + backslashes + (run % 2 ? "\"\"" : "\"") + ",\"z\"]";
      expect_index(text, std::to_string(run) + " backslashes after " + std::to_string(shift));
    }
  }
}

TEST_F(StructuralIndex, RefusesWhatOnlyTheByteDecoderReportsExactly) {
  for (std::size_t shift = 0; shift < 70; ++shift) {
    const std::string pad(shift, ' ');
    expect_refused(pad + "[\"open", "open string");
    expect_refused(pad + "[\"a\x01\"]", "control character in a string");
    expect_refused(pad + "[\"\xC3\"]", "truncated UTF-8");
    expect_refused(pad + "[\"\xED\xA0\x80\"]", "raw surrogate");
    expect_refused(pad + "[\"a\\", "backslash at the end");
  }
}

// Unshifted, block j of the input holds exactly j tokens (commas, then spaces), for j from 0
// to 64: every count a kernel's offset writer may meet (the AVX-512 one stores 16, 32 or 64
// lanes by the count). Shifted by 17 bytes, each block holds the end of one run and the
// start of the next. Then dense escaped strings (38 tokens a block), whose flagged closing
// quotes fall in every quarter of the lanes the writer merges the flag into.
TEST_F(StructuralIndex, EveryTokenCountOfABlock) {
  for (std::size_t shift : {0u, 17u}) {
    std::string text(shift, ' ');
    for (std::size_t tokens = 0; tokens <= 64; ++tokens) text += std::string(tokens, ',') + std::string(64 - tokens, ' ');
    expect_index(text, "blocks of 0 to 64 tokens after " + std::to_string(shift) + " spaces");
  }
  for (std::size_t shift = 0; shift < 5; ++shift) {
    std::string text = std::string(shift, ' ') + "[";
    while (text.size() < 400) text += "\"\\n\",";
    text += "0]";
    expect_index(text, "escaped strings, 38 tokens a block, after " + std::to_string(shift) + " spaces");
  }
}

TEST_F(StructuralIndex, GrowsForATokenAtEveryByte) {
  std::string text = "[";
  while (text.size() < 300000) text += "1,";
  text += "1]";
  expect_index(text, "300,000 one-byte tokens");
}

// ---- the decoder on every kernel against the byte decoder ------------------------------

struct outcome {
  std::string events;
  ujson::error error;
};

outcome decode_with(const kernel_table& k, std::string_view input, const ujson::decode_options& o) {
  ujson::decoder d(o);
  ujson::test::event_log log;
  outcome r;
  r.error = d.decode(input, log, k);
  r.events = std::move(log.log);
  return r;
}

// Returns false (after reporting) when a kernel's decoder, or validation on any kernel,
// differs from the byte decoder.
bool same_on_every_kernel(std::string_view input, const ujson::decode_options& o, const std::string& what) {
  const outcome want = decode_with(portable(), input, o);
  for (const kernel_table* k : ujson::detail::runnable_kernels()) {
    ujson::decoder d(o);
    ujson::validating_handler v;
    const ujson::error got = d.decode(input, v, *k);
    if (got.code != want.error.code || got.offset != want.error.offset || got.line != want.error.line ||
        got.column != want.error.column) {
      ADD_FAILURE() << what << ": validation on " << k->name << " gives " << ujson::code_name(got.code) << " at "
                    << got.offset << "; the byte decoder " << ujson::code_name(want.error.code) << " at "
                    << want.error.offset;
      return false;
    }
  }
  for (const kernel_table* k : indexing_kernels()) {
    const outcome got = decode_with(*k, input, o);
    const bool same = got.events == want.events && got.error.code == want.error.code &&
                      got.error.offset == want.error.offset && got.error.line == want.error.line &&
                      got.error.column == want.error.column;
    if (!same) {
      ADD_FAILURE() << what << ": " << k->name << " gives " << ujson::code_name(got.error.code) << " at "
                    << got.error.offset << " after " << got.events.size() << " bytes of events; the byte decoder "
                    << ujson::code_name(want.error.code) << " at " << want.error.offset << " after "
                    << want.events.size();
      return false;
    }
  }
  return true;
}

std::vector<ujson::decode_options> option_sets() {
  ujson::decode_options lenient;
  lenient.allow_nan_literals = true;
  lenient.allow_lone_surrogates = true;
  lenient.allow_raw_surrogates = true;
  ujson::decode_options shallow;
  shallow.max_depth = 3;
  ujson::decode_options reject;
  reject.duplicate_keys = ujson::duplicate_keys::reject;
  return {ujson::decode_options{}, lenient, shallow, reject};
}

TEST(IndexedDecoder, SameAsTheByteDecoderOnJSONTestSuite) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  int files = 0;
  for (const char* dir : {"test_parsing", "test_transform"}) {
    for (const auto& entry : std::filesystem::directory_iterator(ujson::test::data_dir() / "JSONTestSuite" / dir)) {
      const std::string text = ujson::test::read_file(entry.path());
      for (const ujson::decode_options& o : option_sets()) {
        EXPECT_TRUE(same_on_every_kernel(text, o, entry.path().filename().string()));
      }
      ++files;
    }
  }
  EXPECT_GT(files, 300);
}

TEST(IndexedDecoder, SameAsTheByteDecoderOnTheCorpus) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  for (const std::string& name : ujson::test::corpus_files()) {
    const std::string text = ujson::test::read_file(ujson::test::data_dir() / "corpus" / name);
    EXPECT_TRUE(same_on_every_kernel(text, {}, name));
  }
}

// Every prefix of a document with every kind of token, and every byte of it replaced by
// a byte that changes its meaning: the errors of the index walk are the byte decoder's.
TEST(IndexedDecoder, SameAsTheByteDecoderOnCutAndMutatedDocuments) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::string doc =
      R"( {"id": 12, "name" : "caf\u00e9 \"q\"", "tags":[ "a","b\\" ,[],{}], "n":-0.5e-3,)"
      R"( "big":123456789012345678901234567890, "ok":true,"no":false , "nil":null, "u":18446744073709551615} )";
  const std::string replacements = "\"\\[]{},: 0-.eEtx\x01\x80";
  std::size_t cases = 0;
  for (std::size_t cut = 0; cut <= doc.size(); ++cut) {
    for (const ujson::decode_options& o : option_sets()) {
      if (!same_on_every_kernel(std::string_view(doc).substr(0, cut), o, "cut at " + std::to_string(cut))) return;
    }
  }
  for (std::size_t at = 0; at < doc.size(); ++at) {
    for (char r : replacements) {
      if (!ujson::test::in_share(cases++)) continue;
      std::string mutated = doc;
      mutated[at] = r;
      for (const ujson::decode_options& o : option_sets()) {
        if (!same_on_every_kernel(mutated, o, "byte " + std::to_string(at) + " -> " + std::to_string(r & 0xFF))) return;
      }
    }
  }
}

// Escaped and plain strings at every offset of the blocks: the values the index walk hands
// on are the byte decoder's, and the DOM's strings are the text before escaping.
TEST(IndexedDecoder, EscapedStringsAtEveryOffsetDecodeToTheirText) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::vector<std::pair<std::string, std::string>> strings = {
      {"plain", "plain"}, {"tab\\there", "tab\there"}, {"\\\"quoted\\\"", "\"quoted\""},
      {"\\u00e9t\\u00e9", "\xC3\xA9t\xC3\xA9"}, {"\\ud83d\\ude00", "\xF0\x9F\x98\x80"}, {"\\\\", "\\"}};
  for (std::size_t shift = 0; shift < 130; ++shift) {
    std::string text = std::string(shift, ' ') + "[";
    for (const auto& [escaped, plain] : strings) text += "\"" + escaped + "\",";
    text += "0]";
    ASSERT_TRUE(same_on_every_kernel(text, {}, "strings after " + std::to_string(shift) + " spaces"));
    ujson::document doc;
    ASSERT_FALSE(doc.parse(text));
    for (std::size_t i = 0; i < strings.size(); ++i) EXPECT_EQ(doc.root()[i].as_string(), strings[i].second);
  }
}

// The walk copies the plain runs between escapes 16 bytes at a time up to the next
// backslash: runs of every length around that width, ASCII and not, before, between and
// after escapes, and strings that end the input (nothing readable past the closing quote).
TEST(IndexedDecoder, EscapedStringsWithPlainRunsOfEveryLengthDecodeToTheirText) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  ujson::test::guarded_buffer buffer(1 << 16);
  for (std::size_t n = 0; n <= 40; ++n) {
    std::string run;
    for (std::size_t i = 0; i < n; ++i) run += static_cast<char>('a' + i % 26);
    const std::string wide = n == 0 ? "" : "\xE5\x90\x8D" + run.substr(1);  // a 3-byte character first
    const std::string escaped = run + "\\n" + wide + "\\u00e9" + run + "\\\"" + wide + "\\\\" + run;
    const std::string plain = run + "\n" + wide + "\xC3\xA9" + run + "\"" + wide + "\\" + run;
    for (const std::string& text : {"[\"" + escaped + "\"]", "\"" + escaped + "\""}) {
      const std::string_view input = buffer.place(text);  // ends at the guard page
      ASSERT_TRUE(same_on_every_kernel(input, {}, "runs of " + std::to_string(n)));
      ujson::document doc;
      ASSERT_FALSE(doc.parse(input)) << text;
      const ujson::value& v = doc.root().is_array() ? doc.root()[0] : doc.root();
      EXPECT_EQ(v.as_string(), plain) << "runs of " << n;
    }
  }
}

// Stage 1 refuses a control character only inside a string: outside one it reads as a byte
// of a scalar, which stage 2 rejects where the byte decoder does (after a value, in place of
// one, in a number, after a literal, at the end), as it does a byte >= 0x80 there.
TEST(IndexedDecoder, ControlCharactersOutsideStringsFailAsInTheByteDecoder) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::string doc = R"({"a":[1,true,"s",{}],"b":-2.5e3,"c":null})";
  // 0x0C and 0x1A: the classifier folds them onto ',' and ':' (block_classes.hpp).
  for (const char control : {'\x00', '\x01', '\x08', '\x0B', '\x0C', '\x1A', '\x1F'}) {
    for (std::size_t at = 0; at <= doc.size(); ++at) {
      // The control character at offset `at` of the block, at its last byte and its first.
      for (const std::size_t shift : {std::size_t{0}, 63 - at % 64, 64 - at % 64}) {
        const std::string text = std::string(shift, ' ') + doc.substr(0, at) + control + doc.substr(at);
        for (const ujson::decode_options& o : option_sets()) {
          if (!same_on_every_kernel(text, o, "control " + std::to_string(control) + " at " + std::to_string(at))) {
            return;
          }
        }
        ujson::document d;
        EXPECT_TRUE(d.parse(text)) << "control " << int(control) << " at " << at << " accepted";
      }
    }
  }
}

// An array's literals are read by a loop of their own (literal_run): every byte of such an
// array replaced by one that breaks it, or that ends the run, gives the byte decoder's events
// and error. At every offset of a block, as the loop's reads cross block ends too.
TEST(IndexedDecoder, ArraysOfLiteralsBrokenAnywhereFailAsInTheByteDecoder) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::string doc = R"({"f":[true,false,null,true ,false],"g":[null,1,"s",[false]]})";
  for (std::size_t at = 0; at < doc.size(); ++at) {
    for (const char c : {' ', ',', ']', '}', 'x', 'e', '1', '"', '[', ':'}) {
      for (const std::size_t shift : {std::size_t{0}, 63 - at % 64, 64 - at % 64}) {
        std::string text = std::string(shift, ' ') + doc;
        text[shift + at] = c;
        if (!same_on_every_kernel(text, {}, std::string("'") + c + "' at " + std::to_string(at))) return;
        // Cut there: the input ends inside the run.
        if (!same_on_every_kernel(text.substr(0, shift + at), {}, "cut at " + std::to_string(at))) return;
      }
    }
  }
}

TEST(IndexedDecoder, SameAsTheByteDecoderOnRandomTokenSoup) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::vector<std::string> atoms = {"{", "}", "[", "]", ",", ":", " ", "\n", "\"k\"", "\"\\n\"", "\"\\\"\"",
                                          "1", "-2.5", "1e9", "true", "null", "x", "\"\xC3\xA9\"", "\"\\u12\""};
  std::mt19937 rng(15);
  const std::size_t rounds = ujson::test::share_of(20000);
  for (std::size_t round = 0; round < rounds; ++round) {
    std::string text;
    const std::size_t n = rng() % 60;
    for (std::size_t i = 0; i < n; ++i) text += atoms[rng() % atoms.size()];
    if (!same_on_every_kernel(text, {}, "soup " + std::to_string(round))) return;
  }
}

// ---- validation, a window of the index at a time ----------------------------------------

// Dense one-byte tokens fill a window in about index_window_size bytes (a token a byte); a
// long token of each kind placed at every offset around there meets the cut at every
// position, straddling it or not. Its window's end and the next window's start must join
// up, valid or broken.
TEST_F(StructuralIndex, WindowsJoinAtEveryOffsetOfALongToken) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  const std::vector<std::string> long_tokens = {
      "\"" + std::string(150, 's') + "\"", "\"" + std::string(70, 'e') + "\\n" + std::string(70, 'e') + "\"",
      "\"" + std::string(40, 'x') + "\xC3\xA9\xE2\x82\xAC" + std::string(80, 'y') + "\"",
      "-12345678901234567890123456789.5e-7", "true", "{\"k\":[]}"};
  std::size_t cases = 0;
  for (const std::string& token : long_tokens) {
    const std::string name = token.substr(0, 12);
    const std::size_t cut = ujson::detail::index_window_size;
    for (std::size_t at = cut - 248; at < cut + 252; ++at) {
      if (!ujson::test::in_share(cases++)) continue;
      // The token starts at `at` itself, odd or even (pairs alone reach only odd offsets).
      std::string text = "[";
      while (text.size() + 2 <= at) text += "1,";
      if (text.size() < at) text += ' ';
      text += token;
      while (text.size() < cut + 1024) text += ",1";  // into the next window
      text += "]";
      expect_index(text, name + " at " + std::to_string(at));
      ASSERT_TRUE(same_on_every_kernel(text, {}, name + " at " + std::to_string(at)));
      // Broken inside the token, or a grammar error after it, in the same window or the next.
      std::string broken = text;
      broken[at + token.size() / 2] = (at % 3 == 0) ? '\x01' : (at % 3 == 1) ? '\x80' : '"';
      ASSERT_TRUE(same_on_every_kernel(broken, {}, "broken " + name + " at " + std::to_string(at)));
      std::string late = text;
      late[at + token.size() + 1 + (at % 200)] = ']';
      ASSERT_TRUE(same_on_every_kernel(late, {}, "] after " + name + " at " + std::to_string(at)));
    }
  }
}

// Stage 1 checks UTF-8 block by block and goes on after a stop (a validator's window, a
// growth of the whole index) from the block before it: a sequence cut short by the last
// byte of a stopping block, or completed by the first byte of the next run, must be seen.
// Dense one-byte tokens before the string move the stops: a window ends after about
// index_window_size bytes of them, and the whole index first grows when they pass a
// quarter of the input's size (the blanks after the string set that size). The string's
// first bytes move the sequence: every pairing of the two around both stops.
TEST_F(StructuralIndex, UTF8SequencesAcrossTheStopsOfStage1) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  std::size_t cases = 0;
  const std::size_t cut = ujson::detail::index_window_size;
  for (std::size_t at = cut - 148; at < cut + 52; ++at) {
    for (const std::size_t blanks : {std::size_t{3000}, 3 * at - 200}) {
      for (std::size_t lead = 0; lead < 10; ++lead) {
        if (!ujson::test::in_share(cases++)) continue;
        std::string text = "[";
        while (text.size() + 2 <= at) text += "1,";
        if (text.size() < at) text += ' ';  // the string at `at` itself, odd or even
        const std::string head = text + "\"" + std::string(lead, 'x');
        const std::string tail = std::string(30, 'y') + "\"" + std::string(blanks, ' ') + ",1]";
        const std::string what = "at " + std::to_string(at) + ", " + std::to_string(lead) + " bytes into a string, " +
                                 std::to_string(blanks) + " blanks after it";
        ASSERT_TRUE(same_on_every_kernel(head + "\xE2\x82\xAC" + tail, {}, "whole sequence " + what));
        ASSERT_TRUE(same_on_every_kernel(head + "\xE2\x82" + tail, {}, "sequence cut short " + what));
        ASSERT_TRUE(same_on_every_kernel(head + "\xF0\x9F\x98" + tail, {}, "4-byte sequence cut short " + what));
      }
    }
  }
}

// The first error in a document of many windows, whatever finds it: the walk (grammar,
// numbers, escapes) or stage 1 (UTF-8, control characters), early, in the middle or in the
// last window, and two errors of different finders in either order.
TEST(IndexedDecoder, ValidationOfManyWindowsReportsTheFirstError) {
  if (indexing_kernels().empty()) GTEST_SKIP() << "this CPU runs no indexing kernel";
  std::mt19937 rng(2026);
  const std::vector<std::string> items = {"1", "-2.5e3", "true", "null", "\"k\"", "\"caf\xC3\xA9\"",
                                          "\"\\u00e9\\\"\"", "[]", "{\"a\":{}}", "\"" + std::string(90, 'z') + "\""};
  std::string doc = "[";
  for (int i = 0; i < 9000; ++i) doc += (i ? "," : "") + items[rng() % items.size()];
  doc += "]";
  ASSERT_TRUE(same_on_every_kernel(doc, {}, "the document"));
  ASSERT_FALSE(ujson::validate(doc));
  const std::string faults = "x]\x01\x80\\\"\xFF";
  const std::size_t rounds = ujson::test::share_of(400);
  for (std::size_t round = 0; round < rounds; ++round) {
    std::string mutated = doc;
    mutated[1 + rng() % (doc.size() - 2)] = faults[rng() % faults.size()];
    if (round % 2 == 0) mutated[1 + rng() % (doc.size() - 2)] = faults[rng() % faults.size()];
    if (!same_on_every_kernel(mutated, {}, "round " + std::to_string(round))) return;
  }
  const std::size_t step = doc.size() / ujson::test::share_of(300);
  for (std::size_t cut = 1; cut < doc.size(); cut += step) {
    if (!same_on_every_kernel(std::string_view(doc).substr(0, cut), {}, "cut at " + std::to_string(cut))) return;
  }
}

// An escape that names no escape (\q, \x, \U, \0, \ and a space, a backslash before a
// multi-byte character) anywhere in two blocks: stage 1 refuses it, and every kernel's
// decoder reports what the byte machine does. A \u with bad hex digits passes stage 1 and
// is stage 2's to report, as exactly.
TEST_F(StructuralIndex, EscapesNamingNoEscapeAreRefused) {
  const std::vector<std::string> bad = {"\\q", "\\x41", "\\U0041", "\\0", "\\ ", "\\\xC3\xA9", "\\'"};
  for (const std::string& escape : bad) {
    for (std::size_t shift = 0; shift < 130; ++shift) {
      const std::string text = "[\"ok\\n\"," + std::string(shift, ' ') + "\"ab" + escape + "cd\",\"\\u00e9\"]";
      expect_refused(text, escape + " after " + std::to_string(shift));
      ASSERT_TRUE(same_on_every_kernel(text, {}, escape + " after " + std::to_string(shift)));
    }
  }
  for (std::size_t shift = 0; shift < 130; ++shift) {
    const std::string text = std::string(shift, ' ') + "[\"ab\\u00g9\",\"\\n\"]";
    ASSERT_TRUE(same_on_every_kernel(text, {}, "bad hex after " + std::to_string(shift)));
  }
}

}  // namespace
