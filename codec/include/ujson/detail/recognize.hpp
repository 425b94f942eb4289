#pragma once
// The validation fast path: a yes/no recognizer of RFC 8259 JSON in two stages (SIMD
// classification of 64-byte blocks into token positions, then a grammar walk over the
// tokens), chosen at run time (codec/src/simd/recognize.cpp). It only ever answers "valid"
// or "not sure": the decoder then runs its ordinary state machine, which finds the exact
// error (code, offset, line, column) or, for inputs the recognizer does not take on
// (deeper than its fixed stack, non-default options), the answer itself.
//
// Declarations only: the AVX2 definition lives in a file compiled for AVX2 and must not
// see any inline function of the project's (see recognize_avx2.cpp).

#include <cstddef>
#include <cstdint>

namespace ujson::detail {

// Containers the recognizer tracks in its own fixed stack; deeper inputs go to the decoder.
inline constexpr std::size_t recognizer_depth = 1024;

// True only when [p, p + n) is one valid JSON text with default decode options and
// nesting at most max_depth. False: invalid, or deeper than recognizer_depth, or no
// recognizer on this CPU (UJSON_FORCE_KERNEL=scalar turns it off).
bool recognize(const char* p, std::size_t n, std::size_t max_depth) noexcept;

// Whether recognize() can ever answer true here: the CPU can run the kernel and no scalar
// kernel was forced (UJSON_FORCE_KERNEL=scalar).
bool recognizer_available() noexcept;

// Whether the CPU has what the AVX2 kernel needs: AVX2, PCLMUL, BMI1, POPCNT.
bool recognizer_cpu_support() noexcept;

// The AVX2 kernel directly, for tests and fuzzers; only where recognizer_cpu_support().
bool recognize_avx2(const char* p, std::size_t n, std::size_t max_depth) noexcept;

enum class recognizer_verdict : std::uint8_t { need_more, valid, not_sure };

class avx2_recognizer;

// The recognizer over a text that arrives in pieces (a request body read from a socket):
// each piece is checked as soon as it is there, while it is still in the cache. The text's
// length is known from the start and its bytes must stay where they are until the end.
// The answers are recognize()'s: valid, or not sure (ask the decoder).
class recognizer_stream {
 public:
  recognizer_stream() = default;
  ~recognizer_stream();
  recognizer_stream(const recognizer_stream&) = delete;
  recognizer_stream& operator=(const recognizer_stream&) = delete;

  // Starts on [p, p + n), none of whose bytes has arrived yet. Not sure from the start when
  // no recognizer runs here (recognizer_available()) or the text is empty.
  void start(const char* p, std::size_t n, std::size_t max_depth);
  // The first `available` bytes (at least as many as before, at most n) have arrived.
  // need_more until the verdict is known; the whole text always brings one.
  recognizer_verdict advance(std::size_t available) noexcept;

 private:
  avx2_recognizer* kernel_ = nullptr;  // created once, reused by every start
  bool running_ = false;
};

// The AVX2 kernel's stream form (recognize_avx2.cpp); only where recognizer_cpu_support().
avx2_recognizer* avx2_recognizer_create();
void avx2_recognizer_destroy(avx2_recognizer* r) noexcept;
void avx2_recognizer_start(avx2_recognizer& r, const char* p, std::size_t n, std::size_t max_depth) noexcept;
recognizer_verdict avx2_recognizer_advance(avx2_recognizer& r, std::size_t available) noexcept;

}  // namespace ujson::detail
