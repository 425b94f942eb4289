#pragma once
// `ujson validate --schema S.json [--schema-dir DIR]... FILE...`: each FILE against a JSON
// Schema. Exit status: 0 all match, 1 any does not (or is not JSON, or cannot be read), 2
// the schema (or one in a --schema-dir) does not load.

#include "arguments.hpp"

namespace ujson::cli {

int validate_against_schema(const invocation& how);

}  // namespace ujson::cli
