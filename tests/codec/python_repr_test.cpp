// Shortest doubles against an outside oracle: data/python_repr/doubles.txt holds 7,056
// doubles (random bit patterns, subnormals, powers of two and ten with their neighbours,
// integers around 2^53, the fixed/scientific boundaries) and the text Python's repr() gives
// each, written by data/python_repr/make_doubles.py. format_shortest, the writer and the
// DOM's serializer must all print exactly that text.

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_files.hpp"
#include "ujson/detail/number.hpp"
#include "ujson/dom.hpp"
#include "ujson/encode.hpp"
#include "ujson/writer.hpp"

namespace {

struct case_ {
  double value;
  std::string repr;
};

std::vector<case_> load_cases() {
  std::istringstream in(ujson::test::read_file(ujson::test::data_dir() / "python_repr" / "doubles.txt"));
  std::vector<case_> cases;
  std::string hex, repr;
  while (in >> hex >> repr) cases.push_back({std::bit_cast<double>(std::stoull(hex, nullptr, 16)), repr});
  return cases;
}

const std::vector<case_>& cases() {
  static const std::vector<case_> all = load_cases();
  return all;
}

// The reprs as one JSON array, as Python's json.dumps would write the list.
std::string repr_array() {
  std::string text = "[";
  for (const case_& c : cases()) text += c.repr + ",";
  text.back() = ']';
  return text;
}

TEST(PythonRepr, TheFileIsWhole) { EXPECT_EQ(cases().size(), 7056u); }

TEST(PythonRepr, FormatShortest) {
  int failures = 0;
  for (const case_& c : cases()) {
    char buf[ujson::detail::max_double_chars];
    const std::string ours(buf, ujson::detail::format_shortest(c.value, buf));
    if (ours != c.repr && ++failures <= 10) ADD_FAILURE() << std::hexfloat << c.value << ": got " << ours << ", want " << c.repr;
  }
  EXPECT_EQ(failures, 0);
}

TEST(PythonRepr, Writer) {
  ujson::writer w;
  w.begin_array();
  for (const case_& c : cases()) w.number(c.value);
  w.end_array();
  ASSERT_EQ(w.status(), ujson::errc::ok);
  EXPECT_EQ(w.output(), repr_array());
}

TEST(PythonRepr, DomSerializer) {
  const std::string text = repr_array();
  ujson::document doc;
  ASSERT_FALSE(doc.parse(text));
  ujson::writer w;
  ASSERT_EQ(ujson::write_value(w, doc.root()), ujson::errc::ok);
  EXPECT_EQ(w.output(), text);
}

}  // namespace
