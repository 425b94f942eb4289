#include "workloads.hpp"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <string_view>
#include <utility>

#ifndef UJSON_BENCH_DATA_DIR
#error "UJSON_BENCH_DATA_DIR must name the project's data/ directory"
#endif

namespace codec_bench {
namespace {

// One generator for every workload, in a fixed order, so each run sees the same bytes.
constexpr std::uint64_t seed = 20240131;

// uniform(0,1) from the top 53 bits: the same doubles on every standard library (the
// distributions of <random> are allowed to differ between implementations).
double uniform01(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// As Python's repr(float) writes it (the seed workloads come from Python's benchmark):
// shortest round trip, scientific from 1e16 up and below 1e-4, else fixed with a '.'. So
// 9223372036854775807 * uniform(0,1) reads back as a double, never as an integer.
void append_double(std::string& out, double d) {
  char buf[32];
  const double magnitude = d < 0 ? -d : d;
  const bool scientific = magnitude >= 1e16 || (magnitude != 0 && magnitude < 1e-4);
  const auto format = scientific ? std::chars_format::scientific : std::chars_format::fixed;
  const auto r = std::to_chars(buf, buf + sizeof buf, d, format);
  const std::string_view text(buf, static_cast<std::size_t>(r.ptr - buf));
  out += text;
  if (!scientific && text.find('.') == std::string_view::npos) out += ".0";
}

template <class Fn>
std::string array_of(int n, Fn&& element) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i != 0) out += ',';
    element(out);
  }
  out += ']';
  return out;
}

std::string read_corpus(const char* name) {
  const char* dir = std::getenv("UJSON_BENCH_DATA_DIR");
  const std::string path = std::string(dir != nullptr ? dir : UJSON_BENCH_DATA_DIR) + "/corpus/" + name;
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) text.clear();
  if (text.empty()) {
    std::fprintf(stderr, "codec_bench: cannot read %s\n", path.c_str());
    std::exit(1);
  }
  return text;
}

// 1. Array with 256 UTF-8 strings: a 136-character Arabic sentence ("Every morning the
// fishermen go out to sea before sunrise and come back at noon, their boats loaded with
// fresh fish, to sell it in the old city's market.").
std::string utf8_strings() {
  constexpr std::string_view sentence =
      "في صباح كل يوم يخرج الصيادون إلى البحر قبل شروق الشمس ويعودون عند الظهيرة بقواربهم "
      "المحملة بالسمك الطازج ليبيعوه في سوق المدينة القديمة.";
  return array_of(256, [&](std::string& out) {
    out += '"';
    out += sentence;
    out += '"';
  });
}

// Workload 1 as the seed benchmark's own json.dumps writes it by default (ensure_ascii):
// every non-ASCII character a lowercase \uXXXX escape, above U+FFFF a surrogate pair.
// This is what producers that escape (json, ujson, this project's /encode) send.
std::string escape_non_ascii(std::string_view utf8) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  auto unit = [&](std::uint32_t u) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(u >> shift) & 0xF];
  };
  for (std::size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80) {
      out += utf8[i++];
      continue;
    }
    const int n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;  // the input is our own valid UTF-8
    std::uint32_t cp = b & (0x7F >> n);
    for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    i += static_cast<std::size_t>(n);
    if (cp >= 0x10000) {
      unit(0xD800 + ((cp - 0x10000) >> 10));
      unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      unit(cp);
    }
  }
  return out;
}

// 2. Medium complex object: [[USER, FRIENDS]] six times, FRIENDS being eight USERs. The
// record (USER) is also a construct document's (make_construct_workloads).
constexpr const char* medium_record =
    R"({"userId":3381293,"age":213,"username":"johndoe","fullname":"John Doe the Second",)"
    R"("isAuthorized":true,"liked":31231.31231202,"approval":31.1471,"jobs":[1,2],"currJob":null})";

std::string medium_object() {
  const std::string_view user = medium_record;
  const std::string friends = array_of(8, [&](std::string& out) { out += user; });
  return array_of(6, [&](std::string& out) {
    out += '[';
    out += user;
    out += ',';
    out += friends;
    out += ']';
  });
}

// 3. Array with 256 strings.
std::string ascii_strings() {
  return array_of(256, [](std::string& out) { out += "\"A pretty long string which is in a list\""; });
}

// 4. Array with 256 doubles: 9223372036854775807 * uniform(0,1).
std::string doubles(std::mt19937_64& rng) {
  return array_of(256, [&](std::string& out) { append_double(out, 9223372036854775807.0 * uniform01(rng)); });
}

// 5. Array with 256 true values.
std::string trues() {
  return array_of(256, [](std::string& out) { out += "true"; });
}

// {"<uniform(0,20) as text>": <int 0..999999>}
void append_pair_dict(std::string& out, std::mt19937_64& rng) {
  out += "{\"";
  append_double(out, 20.0 * uniform01(rng));
  out += "\":";
  out += std::to_string(rng() % 1000000);
  out += '}';
}

// 6. Array with 256 dict{string, int} pairs.
std::string dict_pairs(std::mt19937_64& rng) {
  return array_of(256, [&](std::string& out) { append_pair_dict(out, rng); });
}

// 7. Dict with 256 arrays of 256 dict{string, int} pairs, keyed "key_0".."key_255"
// (in that order, which is not sorted: the sorted-keys encode has work to do).
std::string dict_of_arrays(std::mt19937_64& rng) {
  std::string out = "{";
  for (int k = 0; k < 256; ++k) {
    if (k != 0) out += ',';
    out += "\"key_" + std::to_string(k) + "\":";
    out += array_of(256, [&](std::string& o) { append_pair_dict(o, rng); });
  }
  out += '}';
  return out;
}

std::vector<workload> make_workloads() {
  std::mt19937_64 rng(seed);
  std::vector<workload> w;
  w.push_back({"twitter", "twitter.json", read_corpus("twitter.json")});
  w.push_back({"citm_catalog", "citm_catalog.json", read_corpus("citm_catalog.json")});
  w.push_back({"canada", "canada.json", read_corpus("canada.json")});
  w.push_back({"utf8_strings", "1. Array with 256 UTF-8 strings", utf8_strings()});
  w.push_back({"utf8_strings_escaped", "1e. The same, \\u-escaped (json.dumps defaults)",
               escape_non_ascii(utf8_strings())});
  w.push_back({"medium_object", "2. Medium complex object", medium_object()});
  w.push_back({"ascii_strings", "3. Array with 256 strings", ascii_strings()});
  w.push_back({"doubles", "4. Array with 256 doubles", doubles(rng)});
  w.push_back({"trues", "5. Array with 256 True values", trues()});
  w.push_back({"dict_pairs", "6. Array with 256 dict{string, int} pairs", dict_pairs(rng)});
  w.push_back({"dict_of_arrays", "7. Dict with 256 arrays with 256 dict{string, int} pairs", dict_of_arrays(rng)});
  return w;
}

// The constructs of the seed workloads and corpus files one at a time, each the value of
// a one-member object (so that rows differ by the value alone; the string row gives the
// object's own share), after two empty containers and before a whole record (workload 2's).
std::vector<workload> make_construct_workloads() {
  const std::pair<const char*, const char*> constructs[] = {
      {"empty_object", "{}"},
      {"empty_array", "[]"},
      {"string", R"({"key":"johndoe"})"},
      {"escaped_string", R"({"key":"caf\u00e9 \u30c6\u30b9\u30c8"})"},
      {"true", R"({"key":true})"},
      {"null", R"({"key":null})"},
      {"int_1_digit", R"({"key":7})"},
      {"int_3_digits", R"({"key":213})"},
      {"int_7_digits", R"({"key":3381293})"},
      {"int_18_digits", R"({"key":505874924095815681})"},
      {"double_6_digits", R"({"key":31.1471})"},
      {"double_13_digits", R"({"key":31231.31231202})"},
      {"double_17_digits", R"({"key":-65.613616999999977})"},
      {"double_exponent", R"({"key":4.217612826262749e+18})"},
      {"array_two_ints", R"({"key":[1,2]})"},
      {"record_9_members", medium_record},
  };
  std::vector<workload> w;
  for (const auto& construct : constructs) {
    const char* const element = construct.second;  // not a structured binding: clang 14 cannot capture one
    w.push_back({std::string("construct.") + construct.first, element,
                 array_of(construct_repeats, [element](std::string& out) { out += element; })});
  }
  return w;
}

}  // namespace

const std::vector<workload>& construct_workloads() {
  static const std::vector<workload> all = make_construct_workloads();
  return all;
}

const std::vector<workload>& workloads() {
  static const std::vector<workload> all = make_workloads();
  return all;
}

}  // namespace codec_bench
