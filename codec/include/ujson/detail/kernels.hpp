#pragma once
// The one run-time choice of SIMD kernels (codec/src/simd/dispatch.cpp). Every kernel
// that depends on the CPU (UTF-8 validation, the decoder's stage 1 and its \uXXXX runs,
// and the Python module's str builder) is reached through the table chosen here, once per process, from
// the CPU and the environment variable UJSON_FORCE_KERNEL (read once):
//   portable | scalar   the portable kernels, as a CPU without AVX2 runs them
//   avx2                AVX2 (with PCLMUL, BMI1, BMI2, POPCNT), where the CPU has them
//   avx512              UTF-8 validation, stage 1's classification and offsets in
//                       AVX-512 (F, BW, VL, VBMI2), where the CPU has those as
//                       well as the AVX2 set
// Unset, or a kernel this CPU cannot run, chooses the best kernel it can run.
// The compile-time SSE2 scans of detail/scan.hpp are part of x86-64 and need no choice.
//
// Declarations only: each kernel lives in a file compiled for its instruction set.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace ujson::detail {

class index_buffer;
struct index_window_state;

enum class kernel_set : unsigned char { portable, avx2, avx512 };

// Where a run of \uXXXX escapes stopped: the input at the first escape not decoded, and the
// output after the last byte written.
struct u_escape_run {
  const char* p;
  char* w;
};

struct kernel_table {
  kernel_set set;
  std::string_view name;
  // Whether [p, p + n) is well-formed UTF-8 (see utf8.hpp).
  bool (*utf8_valid)(const char* p, std::size_t n) noexcept;
  // The decoder's stage 1 (see structural_index.hpp), whole and a window at a time; null in
  // the portable table, whose decoder reads byte by byte.
  bool (*index)(const char* p, std::size_t n, index_buffer& out, std::size_t& count) noexcept;
  void (*index_window)(index_window_state& state, std::uint32_t* out) noexcept;
  // The leading \uXXXX escapes of [p, end) that are well formed and outside the surrogates,
  // back to back, and single plain bytes between runs of them (printable ASCII but '"' and
  // '\\', followed by "\u"), decoded as UTF-8 at w: groups of up to eight escapes while a
  // group's 24 bytes fit in 3 * max; w needs room for 3 * max + 16 bytes. Stops short of
  // the last 52 bytes of the input. Null in the portable table, whose decoder decodes
  // escapes one at a time.
  u_escape_run (*u_escapes)(const char* p, const char* end, char* w, std::size_t max) noexcept;
};

u_escape_run u_escapes_avx2(const char* p, const char* end, char* w, std::size_t max) noexcept;

// The table in use: chosen on the first call, the same for the rest of the process.
const kernel_table& kernels() noexcept;

// The portable table, which every CPU runs.
const kernel_table& portable_kernels() noexcept;

// Every kernel set this CPU can run, portable first, for tests and fuzzers that compare them.
std::span<const kernel_table* const> runnable_kernels() noexcept;

}  // namespace ujson::detail
