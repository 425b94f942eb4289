#include "read_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sys/stat.h>

namespace ujson::cli {

bool read_file(const std::string& path, std::string& contents, std::string& problem) {
  const bool is_stdin = path == "-";
  std::unique_ptr<FILE, int (*)(FILE*)> file(is_stdin ? stdin : std::fopen(path.c_str(), "rb"),
                                             is_stdin ? [](FILE*) { return 0; } : &std::fclose);
  if (!file) {
    problem = std::strerror(errno);
    return false;
  }
  struct stat st {};
  if (fstat(fileno(file.get()), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      problem = "is a directory";
      return false;
    }
    if (S_ISREG(st.st_mode)) contents.reserve(static_cast<std::size_t>(st.st_size));
  }
  contents.clear();
  char chunk[1 << 16];
  for (;;) {
    const std::size_t n = std::fread(chunk, 1, sizeof chunk, file.get());
    contents.append(chunk, n);
    if (n < sizeof chunk) break;
  }
  if (std::ferror(file.get())) {
    problem = std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace ujson::cli
