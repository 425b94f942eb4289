#pragma once
// Whole-run UTF-8 validation, the one kernel chosen at run time (codec/src/simd/utf8.cpp).
// The decoder and writer call it on each run of non-ASCII text in a string, so text in
// Japanese or Arabic costs about as much as ASCII.

#include <cstddef>
#include <string_view>

namespace ujson::detail {

// Whether [p, p + n) is well-formed UTF-8: no overlong forms, no encoded surrogates, nothing
// above U+10FFFF, no stray or missing continuation bytes, no sequence cut at the end.
bool utf8_valid(const char* p, std::size_t n) noexcept;

// The kernel utf8_valid uses: "avx2" when the CPU has it, else "scalar". The environment
// variable UJSON_FORCE_KERNEL=scalar|avx2 pins one, so tests can run each.
std::string_view utf8_kernel_name() noexcept;

// Each kernel directly, for tests that compare them.
bool utf8_valid_scalar(const char* p, std::size_t n) noexcept;
bool utf8_valid_avx2(const char* p, std::size_t n) noexcept;  // only where the CPU has AVX2
bool cpu_has_avx2() noexcept;

}  // namespace ujson::detail
