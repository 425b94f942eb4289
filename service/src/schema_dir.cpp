#include "schema_dir.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <system_error>
#include <vector>

#include "ujson/dom.hpp"

namespace ujsond {
namespace {

namespace fs = std::filesystem;
namespace schema = ujson::schema;

// A schema's name goes into query strings and metrics labels: the characters of a
// Kubernetes ConfigMap key, [-._a-zA-Z0-9].
bool good_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_';
  });
}

// The NAME.json files of dir (regular files, through symlinks), by path.
bool schema_files(const std::string& dir, std::vector<fs::path>& out, std::string& problem) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->path().extension() == ".json" && it->is_regular_file(type_ec)) out.push_back(it->path());
  }
  if (ec) {
    problem = "cannot read the schema directory " + dir + ": " + ec.message();
    return false;
  }
  std::sort(out.begin(), out.end());
  return true;
}

bool read_text(const fs::path& path, std::string& text, std::string& problem) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream all;
  all << in.rdbuf();
  if (!in.good() && !in.eof()) {
    problem = path.string() + ": cannot read it";
    return false;
  }
  text = std::move(all).str();
  return true;
}

std::string where(const std::string& file, const schema::load_error& e) {
  return file + ": " + (e.pointer.empty() ? "" : e.pointer + ": ") + e.message;
}

}  // namespace

std::shared_ptr<const ujson::proto::schema_set> load_schema_dir(const std::string& dir,
                                                                const ujson::proto::schema_set* previous,
                                                                std::string& problem) {
  std::vector<fs::path> paths;
  if (!schema_files(dir, paths, problem)) return nullptr;
  schema::registry reg;
  std::map<std::string, std::string> file_of;  // URI -> path, for the messages of compile()
  std::vector<std::pair<std::string, std::string>> uris;  // name, URI
  ujson::document check;
  std::string text;
  for (const fs::path& path : paths) {
    const std::string file = path.string(), name = path.stem().string();
    if (!good_name(name)) {
      problem = file + ": a schema's name (its file name without .json) takes letters, digits, '-', '.' and '_' only";
      return nullptr;
    }
    if (!read_text(path, text, problem)) return nullptr;
    if (const ujson::error e = check.parse(text)) {
      problem = file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + std::string(e.message());
      return nullptr;
    }
    const std::string uri = schema::file_uri(file);
    schema::load_error e;
    if (!reg.add(text, uri, e)) {
      problem = where(file, e);
      return nullptr;
    }
    file_of[uri] = file;
    uris.emplace_back(name, uri);
  }
  std::vector<ujson::proto::named_schema> loaded;
  for (const auto& [name, uri] : uris) {
    schema::load_error e;
    std::optional<schema::validator> v = reg.compile(uri, e);
    if (!v) {
      const auto file = file_of.find(e.uri);
      problem = where(file == file_of.end() ? e.uri : file->second, e);
      return nullptr;
    }
    ujson::proto::named_schema s{name, reg.id_of(uri), std::move(*v)};
    if (previous != nullptr) {
      if (const ujson::proto::named_schema* before = previous->find(name)) s.counts = before->counts;
    }
    loaded.push_back(std::move(s));
  }
  return std::make_shared<const ujson::proto::schema_set>(std::move(loaded));
}

std::string schema_dir_fingerprint(const std::string& dir) {
  std::string out;
  const auto add = [&out](const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
      out += path + " missing\n";
      return;
    }
    out += path + ' ' + std::to_string(st.st_dev) + ':' + std::to_string(st.st_ino) + ' ' + std::to_string(st.st_size) +
           ' ' + std::to_string(st.st_mtim.tv_sec) + '.' + std::to_string(st.st_mtim.tv_nsec) + ' ' +
           std::to_string(st.st_ctim.tv_sec) + '.' + std::to_string(st.st_ctim.tv_nsec) + '\n';
  };
  add(dir);
  std::vector<fs::path> paths;
  std::string ignored;
  schema_files(dir, paths, ignored);
  for (const fs::path& p : paths) add(p.string());
  return out;
}

}  // namespace ujsond
