#pragma once
// Paths to the project's test data (data/, copied from JSONTestSuite and the corpus).

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace ujson::test {

inline std::filesystem::path data_dir() { return UJSON_DATA_DIR; }

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Sorted file names in data/JSONTestSuite/test_parsing starting with prefix ("y_", "n_", "i_").
inline std::vector<std::string> test_parsing_files(const std::string& prefix) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(data_dir() / "JSONTestSuite" / "test_parsing")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

inline std::vector<std::string> corpus_files() { return {"twitter.json", "citm_catalog.json", "canada.json"}; }

}  // namespace ujson::test
