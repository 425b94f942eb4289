#pragma once
// decoder: one non-recursive pass over the input, emitting events to a handler.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "ujson/errors.hpp"
#include "ujson/handler.hpp"
#include "ujson/options.hpp"
#include "ujson/detail/kernels.hpp"
#include "ujson/detail/structural_index.hpp"

// Stage 2 (decode_indexed, literal_run) walks only an index that a SIMD kernel's stage 1
// wrote, so it runs only on CPUs with that kernel's instruction sets (AVX2, BMI1, BMI2,
// POPCNT: src/simd/arch.hpp): it is compiled for them, as the kernels are. What it calls
// and does not inline is compiled for every CPU, so every copy of it and of what it calls
// is safe wherever it runs; the one exception, detail::ssse3_digit_value, is called by
// nothing but the walk. Undefined at the end of this header.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define UJSON_DETAIL_INDEX_WALK __attribute__((target("avx2,bmi,bmi2,popcnt")))
#else
#define UJSON_DETAIL_INDEX_WALK
#endif

namespace ujson {
namespace detail {
template <class H>
class parser;  // the token readers (decoder_impl.hpp)
}  // namespace detail

class decoder {
 public:
  explicit decoder(const decode_options& options = {}) : options_(options) {}

  // Decodes one JSON text that must fill `input` (surrounding whitespace allowed).
  // Reusable: the scratch buffer and deep-nesting stack keep their capacity.
  template <handler H>
  error decode(std::string_view input, H& h) {
    // Stage 1's fixed cost is about what the byte machine takes for all of an input shorter
    // than a block: those take the portable kernels, whose decoder reads byte by byte.
    return decode(input, h, input.size() < detail::min_indexed_size ? detail::portable_kernels() : detail::kernels());
  }
  // The same with the given kernels (one of detail::runnable_kernels()): for the tests and
  // fuzzers that hold every kernel's decoder to the same events and errors.
  template <handler H>
  error decode(std::string_view input, H& h, const detail::kernel_table& kernels);

  const decode_options& options() const noexcept { return options_; }

 private:
  // Frames for the first levels live inline, so the default depth needs no allocation.
  static constexpr std::size_t inline_depth = 1024;
  // A frame is (element count << 1) | is_object.
  using frame = std::uint64_t;

  // Moves the frames to a heap stack twice as large (at most max_depth); reuses the one
  // a previous decode grew. Cold: only inputs nested deeper than inline_depth get here.
  frame* grow_stack(frame* stack, std::size_t depth, std::size_t& capacity);

  // A validator's index, a window at a time: `fill` writes the next window into `entries`.
  struct index_window {
    detail::index_window_state state;
    std::uint32_t* entries;
    void (*fill)(detail::index_window_state&, std::uint32_t*) noexcept;
  };

  // The entries of the window after the one `t` has read to its end; when there is none
  // (the input is over, or stage 1 refused the rest), an entry that is the input's end.
  static const std::uint32_t* next_window(index_window* window, const std::uint32_t* t) noexcept;

  // How a run of an array's scalars ended: at the first element of another kind (p at it),
  // after the last element (p at the token after it), or at an error (code).
  struct scalar_run {
    const char* p;
    const std::uint32_t* t;
    frame read;  // 2 per element whose comma was consumed
    errc code;
    bool at_element;
  };
  // An array's literals from p on, in a function of their own: inside the walk, GCC keeps
  // the loop's state in memory. For handlers that build values only (the whole index, no
  // windows). A handler's cursor (detail::cursor_handler) is handed over in the handler,
  // and held in registers for the run.
  template <handler H>
  UJSON_DETAIL_INDEX_WALK static scalar_run literal_run(detail::parser<H>& ps, const char* p, const std::uint32_t* t);
  // The same for an array's numbers, from its fifth on (p at it): the walk reads the first
  // ones itself, as coordinate pairs would otherwise pay a call per pair.
  static constexpr frame numbers_in_walk = 4;
  template <handler H>
  UJSON_DETAIL_INDEX_WALK static scalar_run number_run(detail::parser<H>& ps, const char* p, const std::uint32_t* t);

  // Stage 2 over the index stage 1 wrote (detail/index_walk.hpp); `tokens` is its first
  // entry, in `window` for handlers that ignore values (null for the others).
  template <handler H>
  UJSON_DETAIL_INDEX_WALK error decode_indexed(std::string_view input, H& h, const std::uint32_t* tokens,
                                               index_window* window, const detail::kernel_table& kernels);

  decode_options options_;
  std::string scratch_;
  detail::index_buffer index_;
  std::unique_ptr<frame[]> deep_stack_;
  std::size_t deep_capacity_ = 0;
  frame inline_stack_[inline_depth];
};

template <handler H>
error decode(std::string_view input, H& h, const decode_options& options = {}) {
  decoder d(options);
  return d.decode(input, h);
}

}  // namespace ujson

#include "ujson/detail/decoder_impl.hpp"

#undef UJSON_DETAIL_INDEX_WALK
