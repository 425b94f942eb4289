#pragma once
// validate: the decoder with a handler that ignores every value. Allocates nothing at the
// default max_depth (the decoder's first 1024 frames are inline, strings are only checked).

#include <string_view>

#include "ujson/decoder.hpp"

namespace ujson {

struct validating_handler : null_handler {
  static constexpr bool ignores_values = true;
};

inline error validate(std::string_view input, const decode_options& options = {}) {
  validating_handler h;
  decoder d(options);
  return d.decode(input, h);
}

}  // namespace ujson
