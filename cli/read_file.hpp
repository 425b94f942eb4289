#pragma once
#include <string>

namespace ujson::cli {

// Reads a whole file ("-" is standard input). Returns false and sets `problem` to a
// sentence naming the cause (strerror) when it cannot.
bool read_file(const std::string& path, std::string& contents, std::string& problem);

}  // namespace ujson::cli
