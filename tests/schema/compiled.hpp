#pragma once
// The schema a test needs compiled: a load error fails the test and stops the process (no
// test can go on without its validator).

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string_view>

#include "ujson/schema/schema.hpp"

namespace ujson::test {

inline ujson::schema::validator compiled(std::string_view schema, ujson::schema::options how = {}) {
  ujson::schema::load_error problem;
  std::optional<ujson::schema::validator> v = ujson::schema::compile(schema, problem, how);
  EXPECT_TRUE(v.has_value()) << problem.what();
  if (!v) std::abort();
  return *v;
}

}  // namespace ujson::test
