#pragma once
// Whole-run UTF-8 validation, through the kernel chosen at run time (detail/kernels.hpp).
// The decoder and writer call it on each run of non-ASCII text in a string, so text in
// Japanese or Arabic costs about as much as ASCII.

#include <cstddef>

namespace ujson::detail {

// Whether [p, p + n) is well-formed UTF-8: no overlong forms, no encoded surrogates, nothing
// above U+10FFFF, no stray or missing continuation bytes, no sequence cut at the end.
bool utf8_valid(const char* p, std::size_t n) noexcept;

// Each kernel directly (tests compare them through runnable_kernels() in kernels.hpp).
bool utf8_valid_scalar(const char* p, std::size_t n) noexcept;
bool utf8_valid_avx2(const char* p, std::size_t n) noexcept;    // only where kernels.hpp offers avx2
bool utf8_valid_avx512(const char* p, std::size_t n) noexcept;  // only where it offers avx512

}  // namespace ujson::detail
