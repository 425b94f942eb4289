// The validator allocates nothing (SPEC section 3): every global operator new / delete is
// replaced by a counting version, and the count must stay at zero while validating.
// Inputs are read and built before counting starts.

#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "support/test_files.hpp"
#include "ujson/decoder.hpp"
#include "ujson/validate.hpp"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::size_t> g_allocations{0};

void* counted_alloc(std::size_t size) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(size == 0 ? 1 : size);
}

void* counted_aligned_alloc(std::size_t size, std::align_val_t align) {
  if (g_counting.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  const auto a = static_cast<std::size_t>(align);
  const std::size_t alignment = a < sizeof(void*) ? sizeof(void*) : a;
  void* p = nullptr;
  if (posix_memalign(&p, alignment, size == 0 ? 1 : size) != 0) return nullptr;
  return p;
}

// Out of line, so that GCC does not pair a new-expression with free() when it inlines a
// replaced operator delete (a false -Wmismatched-new-delete).
[[gnu::noinline]] void counted_free(void* p) noexcept { std::free(p); }

}  // namespace

// ---- replaced global allocation functions ------------------------------------------------

void* operator new(std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* p = counted_alloc(size)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return counted_alloc(size); }
void* operator new(std::size_t size, std::align_val_t align) {
  if (void* p = counted_aligned_alloc(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t align) {
  if (void* p = counted_aligned_alloc(size, align)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return counted_aligned_alloc(size, align);
}

void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { counted_free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { counted_free(p); }

namespace {

// Counts allocations made by f() on this thread's watch.
template <class F>
std::size_t allocations_during(F&& f) {
  g_allocations.store(0);
  g_counting.store(true);
  f();
  g_counting.store(false);
  return g_allocations.load();
}

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

std::string nested_objects(std::size_t depth) {
  std::string s;
  for (std::size_t i = 0; i < depth; ++i) s += "{\"k\":";
  s += "null";
  s.append(depth, '}');
  return s;
}

// Documents exercising every string path: escapes of every kind, surrogate pairs, long
// escaped strings (far beyond any small-string buffer), multibyte UTF-8, numbers that a
// value-converting decoder would treat as big numbers, deep nesting.
std::vector<std::string> tricky_inputs() {
  std::vector<std::string> v{
      "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u0000\\u001F\\u00e9\\uFFFF\\uD834\\uDD1E\"",
      "[\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\", \"\\uD83D\\uDE00\", {\"\\u006b\\u0065\\u0079\": \"v\\nw\"}]",
      "[1e400, -1e-400, 123456789012345678901234567890, -98765432109876543210, 0.1, 1.7976931348623157e308]",
      "[-9223372036854775808, 18446744073709551615, 18446744073709551616, 3.141592653589793238462643383279]",
      nested_arrays(1024),
      nested_objects(1024),
      "{\"a\":" + nested_arrays(1023) + "}",
  };
  std::string long_escaped = "\"";
  for (int i = 0; i < 2000; ++i) long_escaped += "abc\\n\\u00e9\\uD83D\\uDE00\\\"";
  long_escaped += "\"";
  v.push_back(long_escaped);
  std::string many_keys = "{";
  for (int i = 0; i < 5000; ++i) {
    if (i) many_keys += ",";
    many_keys += "\"key\\t" + std::to_string(i) + "\":[" + std::to_string(i) + ".5e-3,true,null]";
  }
  many_keys += "}";
  v.push_back(many_keys);
  return v;
}

// Invalid inputs: the error path must not allocate either.
std::vector<std::string> invalid_inputs() {
  return {
      "",
      "   ",
      "[1,2",
      "{\"a\" 1}",
      "[1,]",
      "\"\\uD800\"",
      "\"\\x\"",
      "\"\xC0\x80\"",
      "01",
      "[tru]",
      nested_arrays(1025),
      std::string(100000, '['),
      "\"" + std::string(5000, 'a') + "\\u12",
  };
}

void* volatile g_sink = nullptr;

TEST(CountingAllocator, SeesAllocations) {
  // The counter works: otherwise every zero below would prove nothing. The pointers escape
  // through a volatile, so the compiler cannot elide the allocations.
  const std::size_t n = allocations_during([] {
    g_sink = ::operator new(100);
    ::operator delete(g_sink);
    g_sink = ::operator new[](100, std::nothrow);
    ::operator delete[](g_sink);
    g_sink = ::operator new(100, std::align_val_t{64});
    ::operator delete(g_sink, std::align_val_t{64});
    g_sink = ::operator new[](100, std::align_val_t{64}, std::nothrow);
    ::operator delete[](g_sink, std::align_val_t{64});
  });
  EXPECT_EQ(n, 4u);
}

class CorpusFile : public testing::TestWithParam<std::string> {};

TEST_P(CorpusFile, ValidateAllocatesNothing) {
  const std::string input = ujson::test::read_file(ujson::test::data_dir() / "corpus" / GetParam());
  ASSERT_GT(input.size(), 1000u);
  ujson::error e;
  const std::size_t n = allocations_during([&] { e = ujson::validate(input); });
  EXPECT_EQ(e.code, ujson::errc::ok);
  EXPECT_EQ(n, 0u);
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusFile, testing::ValuesIn(ujson::test::corpus_files()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(ValidateAllocations, EscapesNumbersAndDeepNesting) {
  const std::vector<std::string> inputs = tricky_inputs();
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input.substr(0, 60));
    ujson::error e;
    const std::size_t n = allocations_during([&] { e = ujson::validate(input); });
    EXPECT_EQ(e.code, ujson::errc::ok) << ujson::code_name(e.code) << " at " << e.offset;
    EXPECT_EQ(n, 0u);
  }
}

TEST(ValidateAllocations, InvalidInputs) {
  const std::vector<std::string> inputs = invalid_inputs();
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input.substr(0, 60));
    ujson::error e;
    const std::size_t n = allocations_during([&] { e = ujson::validate(input); });
    EXPECT_NE(e.code, ujson::errc::ok);
    EXPECT_EQ(n, 0u);
  }
}

TEST(ValidateAllocations, JSONTestSuiteFiles) {
  std::vector<std::string> inputs;
  for (const char* prefix : {"y_", "n_", "i_"}) {
    for (const std::string& f : ujson::test::test_parsing_files(prefix)) {
      inputs.push_back(ujson::test::read_file(ujson::test::data_dir() / "JSONTestSuite" / "test_parsing" / f));
    }
  }
  ASSERT_EQ(inputs.size(), 95u + 188u + 35u);
  std::size_t n = 0;
  for (const std::string& input : inputs) n += allocations_during([&] { (void)ujson::validate(input); });
  EXPECT_EQ(n, 0u);
}

TEST(ValidateAllocations, LoneSurrogateOptionAllocatesNothing) {
  const std::string input = "[\"\\uD800\", \"\\uDC00x\", {\"\\uDBFF\": \"\\uD800\\uD800\"}]";
  const ujson::decode_options options{.allow_lone_surrogates = true};
  ujson::error e;
  const std::size_t n = allocations_during([&] { e = ujson::validate(input, options); });
  EXPECT_EQ(e.code, ujson::errc::ok);
  EXPECT_EQ(n, 0u);
}

// A handler like the validator's: declares ignores_values, so the decoder only checks.
struct checking_handler : ujson::null_handler {
  static constexpr bool ignores_values = true;
};

TEST(ReusedDecoder, ValidatingHandlerAllocatesNothing) {
  std::vector<std::string> inputs;
  for (const std::string& f : ujson::test::corpus_files()) {
    inputs.push_back(ujson::test::read_file(ujson::test::data_dir() / "corpus" / f));
  }
  for (std::string& s : tricky_inputs()) inputs.push_back(std::move(s));
  for (std::string& s : invalid_inputs()) inputs.push_back(std::move(s));

  ujson::decoder d;
  checking_handler h;
  ujson::validating_handler vh;
  std::size_t n = 0;
  for (int round = 0; round < 3; ++round) {
    for (const std::string& input : inputs) {
      n += allocations_during([&] { (void)d.decode(input, h); });
      n += allocations_during([&] { (void)d.decode(input, vh); });
    }
  }
  EXPECT_EQ(n, 0u);
}

// decoder.hpp: "Reusable: the scratch buffer and deep-nesting stack keep their capacity."
// A handler that receives values: after one warm-up pass, later passes allocate nothing.
struct value_handler : ujson::null_handler {
  std::size_t strings = 0;
  ujson::errc on_string(std::string_view s, ujson::string_origin) {
    strings += s.size();
    return ujson::errc::ok;
  }
};

TEST(ReusedDecoder, ValueHandlerAllocatesNothingAfterWarmUp) {
  const std::vector<std::string> inputs = tricky_inputs();
  ujson::decoder d;
  value_handler h;
  for (const std::string& input : inputs) ASSERT_EQ(d.decode(input, h).code, ujson::errc::ok);
  std::size_t n = 0;
  for (const std::string& input : inputs) n += allocations_during([&] { (void)d.decode(input, h); });
  EXPECT_EQ(n, 0u);
}

TEST(ReusedDecoder, DeepStackKeepsItsCapacity) {
  // Beyond the 1024 inline frames the decoder moves to a heap stack; a reused decoder
  // must keep it, so decoding the same depth again allocates nothing.
  const std::string deep = nested_arrays(3000);
  ujson::decoder d(ujson::decode_options{.max_depth = 5000});
  checking_handler h;
  ASSERT_EQ(d.decode(deep, h).code, ujson::errc::ok);
  ujson::error e;
  const std::size_t n = allocations_during([&] { e = d.decode(deep, h); });
  EXPECT_EQ(e.code, ujson::errc::ok);
  EXPECT_EQ(n, 0u);
}

}  // namespace
