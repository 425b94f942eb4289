#pragma once
// What the CPU can run, for the one kernel choice (dispatch.cpp). The kernels themselves
// are files compiled with their instruction set's flags (codec/CMakeLists.txt); this header
// and the dispatcher are compiled for the baseline, so they run on every x86-64 CPU.

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define UJSON_X86_DISPATCH 1
#else
#define UJSON_X86_DISPATCH 0
#endif

namespace ujson::detail {

// Everything the AVX2 kernels are compiled with: -mavx2 -mbmi -mpopcnt -mpclmul, and
// BMI2, for which the decoder's stage 2 is compiled too (UJSON_DETAIL_INDEX_WALK in
// ujson/decoder.hpp; every AVX2 CPU has it: Haswell, Zen).
inline bool cpu_runs_avx2_kernels() noexcept {
#if UJSON_X86_DISPATCH
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
#else
  return false;
#endif
}

// The AVX2 set and what the AVX-512 kernels add: -mavx512f -mavx512bw -mavx512vl, and
// -mavx512vbmi2 for the decoder's stage 1 (Ice Lake, Zen 4 and later; Skylake-X runs AVX2).
inline bool cpu_runs_avx512_kernels() noexcept {
#if UJSON_X86_DISPATCH
  return cpu_runs_avx2_kernels() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("bmi2");
#else
  return false;
#endif
}

}  // namespace ujson::detail
