#include "schema_check.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "read_file.hpp"
#include "ujson/dom.hpp"
#include "ujson/schema/schema.hpp"

namespace ujson::cli {
namespace {

namespace fs = std::filesystem;

int schema_problem(const std::string& path, const schema::load_error& e) {
  std::fprintf(stderr, "ujson: %s: %s%s%s\n", path.c_str(), e.pointer.empty() ? "" : e.pointer.c_str(),
               e.pointer.empty() ? "" : ": ", e.message.c_str());
  return 2;
}

bool add_schema(schema::registry& reg, const std::string& path, int& status) {
  std::string text, problem;
  if (!read_file(path, text, problem)) {
    std::fprintf(stderr, "ujson: cannot read the schema %s: %s\n", path.c_str(), problem.c_str());
    status = 2;
    return false;
  }
  schema::load_error e;
  if (!reg.add(text, schema::file_uri(path), e)) {
    status = schema_problem(path, e);
    return false;
  }
  return true;
}

}  // namespace

int validate_against_schema(const invocation& how) {
  schema::registry reg(schema::options{.assert_formats = how.assert_formats});
  int status = 0;
  const std::string main_uri = schema::file_uri(how.schema);
  bool main_added = false;
  for (const std::string& dir : how.schema_dirs) {
    std::error_code ec;
    std::vector<std::string> paths;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() == ".json" && entry.is_regular_file()) paths.push_back(entry.path().string());
    }
    if (ec) {
      std::fprintf(stderr, "ujson: cannot read the schema directory %s: %s\n", dir.c_str(), ec.message().c_str());
      return 2;
    }
    std::sort(paths.begin(), paths.end());
    for (const std::string& p : paths) {
      if (!add_schema(reg, p, status)) return status;
      main_added = main_added || schema::file_uri(p) == main_uri;
    }
  }
  if (!main_added && !add_schema(reg, how.schema, status)) return status;
  schema::load_error e;
  const std::optional<schema::validator> check = reg.compile(main_uri, e);
  if (!check) return schema_problem(how.schema, e);

  std::vector<std::string> files = how.files;
  if (files.empty()) files.push_back("-");
  std::string contents, problem;
  document doc;
  for (const std::string& path : files) {
    const std::string name = path == "-" ? "standard input" : path;
    if (!read_file(path, contents, problem)) {
      std::fprintf(stderr, "ujson: cannot read %s: %s\n", name.c_str(), problem.c_str());
      status = 1;
      continue;
    }
    // On the decoder's events where the schema allows; a refused file's errors come from the DOM.
    const schema::text_result r = check->validate_text(contents, {.dom = &doc});
    if (const error pe = r.decode_error) {
      std::fprintf(stderr, "%s:%zu:%zu: %.*s\n", path.c_str(), pe.line, pe.column,
                   static_cast<int>(pe.message().size()), pe.message().data());
      status = 1;
      continue;
    }
    if (r.valid) continue;
    status = 1;
    for (const schema::error& err : r.errors) {
      std::fprintf(stderr, "%s: %s: %s (%s)\n", path.c_str(), err.instance_location.c_str(), err.message.c_str(),
                   err.keyword_location.c_str());
    }
  }
  return status;
}

}  // namespace ujson::cli
