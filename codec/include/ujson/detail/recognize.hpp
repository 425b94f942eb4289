#pragma once
// The validation fast path: a yes/no recognizer of RFC 8259 JSON in two stages (SIMD
// classification of 64-byte blocks into token positions, then a grammar walk over the
// tokens), chosen at run time with the other kernels (detail/kernels.hpp). It only ever answers "valid"
// or "not sure": the decoder then runs its ordinary state machine, which finds the exact
// error (code, offset, line, column) or, for inputs the recognizer does not take on
// (deeper than its fixed stack, non-default options), the answer itself.
//
// Declarations only: the AVX2 definition lives in a file compiled for AVX2 and must not
// see any inline function of the project's (see recognize_avx2.cpp).

#include <cstddef>

namespace ujson::detail {

// Containers the recognizer tracks in its own fixed stack; deeper inputs go to the decoder.
inline constexpr std::size_t recognizer_depth = 1024;

// True only when [p, p + n) is one valid JSON text with default decode options and
// nesting at most max_depth. False: invalid, or deeper than recognizer_depth, or no
// recognizer in the kernel set in use (the portable one has none).
bool recognize(const char* p, std::size_t n, std::size_t max_depth) noexcept;

// The AVX2 kernel directly; only where kernels.hpp offers avx2.
bool recognize_avx2(const char* p, std::size_t n, std::size_t max_depth) noexcept;
// The AVX-512 kernel directly; only where kernels.hpp offers avx512.
bool recognize_avx512(const char* p, std::size_t n, std::size_t max_depth) noexcept;

}  // namespace ujson::detail
