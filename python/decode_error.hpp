#pragma once
// loads()'s JSONDecodeError: json's (msg, doc, pos) with ujson's wording where user code
// matches on it.

#include <string_view>

#include "common.hpp"
#include "ujson/errors.hpp"

namespace ultrajson {

// Raises ultrajson.JSONDecodeError for the decoder's error `e` on `input`, the bytes the
// decoder read for `arg` (a str's UTF-8, with its surrogates as three bytes each, or the
// bytes-like argument itself).
void raise_decode_error(module_state* st, const ujson::error& e, std::string_view input, PyObject* arg);

}  // namespace ultrajson
