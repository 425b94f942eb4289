#pragma once
// The official JSON-Schema-Test-Suite as the schema tests read it: its files per dialect
// and its remotes (with the meta-schemas), registered under the URLs its README names.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "ujson/schema/schema.hpp"

namespace suite_files {

namespace fs = std::filesystem;
using ujson::schema::dialect;

inline const fs::path suite = fs::path(UJSON_DATA_DIR) / "JSON-Schema-Test-Suite";

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

struct remote {
  std::string uri;
  std::string text;
};

// The remotes, and the meta-schemas (data/json-schema-metaschemas) under their $ids.
inline const std::vector<remote>& remotes() {
  static const std::vector<remote> all = [] {
    std::vector<remote> out;
    const fs::path meta = fs::path(UJSON_DATA_DIR) / "json-schema-metaschemas";
    out.push_back({"https://json-schema.org/draft/2020-12/schema", slurp(meta / "draft2020-12" / "schema.json")});
    out.push_back({"http://json-schema.org/draft-07/schema", slurp(meta / "draft7" / "schema.json")});
    for (const auto& e : fs::directory_iterator(meta / "draft2020-12" / "meta")) {
      out.push_back({"https://json-schema.org/draft/2020-12/meta/" + e.path().stem().string(), slurp(e.path())});
    }
    for (const auto& e : fs::recursive_directory_iterator(suite / "remotes")) {
      if (!e.is_regular_file() || e.path().extension() != ".json") continue;
      out.push_back({"http://localhost:1234/" + fs::relative(e.path(), suite / "remotes").generic_string(),
                     slurp(e.path())});
    }
    std::sort(out.begin(), out.end(), [](const remote& a, const remote& b) { return a.uri < b.uri; });
    return out;
  }();
  return all;
}

// Registers the remotes a dialect can read; one naming another as its meta-schema may need
// a second round. Remotes of other drafts (draft4, 2019-09) are refused and left out.
inline void add_remotes(ujson::schema::registry& reg) {
  std::vector<const remote*> left;
  for (const remote& r : remotes()) left.push_back(&r);
  for (int round = 0; round < 3 && !left.empty(); ++round) {
    std::vector<const remote*> again;
    for (const remote* r : left) {
      ujson::schema::load_error problem;
      if (!reg.add(r->text, r->uri, problem)) again.push_back(r);
    }
    left.swap(again);
  }
}

struct suite_file {
  dialect d;
  std::string name;  // relative to the dialect's folder: "ref.json", "optional/format/date.json"
};

inline std::string folder_of(dialect d) { return d == dialect::draft7 ? "draft7" : "draft2020-12"; }

inline std::vector<suite_file> files_of(bool optional) {
  std::vector<suite_file> out;
  for (const dialect d : {dialect::draft2020_12, dialect::draft7}) {
    const fs::path root = suite / "tests" / folder_of(d);
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file() || e.path().extension() != ".json") continue;
      const std::string name = fs::relative(e.path(), root).generic_string();
      if (name.starts_with("optional/") == optional) out.push_back({d, name});
    }
  }
  std::sort(out.begin(), out.end(), [](const suite_file& a, const suite_file& b) {
    return std::pair(a.d, a.name) < std::pair(b.d, b.name);
  });
  return out;
}

}  // namespace suite_files
