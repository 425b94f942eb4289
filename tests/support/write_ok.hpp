#pragma once
// write_ok: runs writer calls on a fresh writer and returns what they wrote, for the tests
// that compare the writer's output with exact strings.

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "support/printers.hpp"
#include "ujson/errors.hpp"
#include "ujson/options.hpp"
#include "ujson/writer.hpp"

namespace ujson::test {

// Runs `body` on a fresh writer and returns its output; the writes must all succeed and
// leave exactly one complete top-level value.
inline std::string write_ok(const encode_options& options, const std::function<void(writer&)>& body) {
  writer w(options);
  body(w);
  EXPECT_EQ(w.status(), errc::ok);
  EXPECT_TRUE(w.complete());
  EXPECT_EQ(w.depth(), 0u);
  return std::string(w.output());
}

inline std::string write_ok(const std::function<void(writer&)>& body) { return write_ok(encode_options{}, body); }

}  // namespace ujson::test
