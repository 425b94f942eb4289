#pragma once
// str objects from text the codec has already validated, without CPython's UTF-8 decoder
// (which checks everything again and, for text above U+00FF, starts narrow and widens).

#include "common.hpp"

namespace ultrajson {

// A str from well-formed UTF-8, where three-byte encodings of U+D800..U+DFFF (WTF-8, as
// the decoder writes a lone "\ud800" escape and the writer passes) are allowed and become
// those code points. The caller guarantees the input is well formed: nothing is checked.
// Returns a new reference, or null with MemoryError set.
PyObject* str_from_valid_utf8(const char* p, std::size_t n) noexcept;

}  // namespace ultrajson
