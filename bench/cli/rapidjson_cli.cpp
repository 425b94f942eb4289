// rapidjson_cli: `ujson validate FILE...` and `ujson format FILE` done with RapidJSON, for
// bench/cli/compare.py. Same input handling (the whole file read into memory, standard
// input for '-') and the same exit statuses: 0 success, 1 invalid JSON or unreadable
// input, 2 usage error.
//   validate: the SAX Reader with a handler that does nothing, UTF-8 checked
//   format:   a Document (strict: UTF-8 checked, correctly rounded doubles), written
//             compact with rapidjson::Writer, plus a newline, to stdout

#if defined(__SSE2__) && !defined(RAPIDJSON_SSE2) && !defined(RAPIDJSON_SSE42)
#define RAPIDJSON_SSE2
#endif

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace {

constexpr unsigned validate_flags = rapidjson::kParseValidateEncodingFlag;
constexpr unsigned parse_flags = rapidjson::kParseValidateEncodingFlag | rapidjson::kParseFullPrecisionFlag;

int usage() {
  std::fputs("usage: rapidjson_cli validate [FILE...]\n       rapidjson_cli format [FILE]\n", stderr);
  return 2;
}

bool load(const std::string& path, std::string& contents) {
  const bool is_stdin = path == "-";
  FILE* file = is_stdin ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    std::fprintf(stderr, "rapidjson_cli: cannot read %s: %s\n", path.c_str(), std::strerror(errno));
    return false;
  }
  struct stat st {};
  if (fstat(fileno(file), &st) == 0 && S_ISREG(st.st_mode)) contents.reserve(static_cast<std::size_t>(st.st_size));
  contents.clear();
  char chunk[1 << 16];
  for (;;) {
    const std::size_t n = std::fread(chunk, 1, sizeof chunk, file);
    contents.append(chunk, n);
    if (n < sizeof chunk) break;
  }
  const bool ok = std::ferror(file) == 0;
  if (!ok) std::fprintf(stderr, "rapidjson_cli: cannot read %s: %s\n", path.c_str(), std::strerror(errno));
  if (!is_stdin) std::fclose(file);
  return ok;
}

void report(const std::string& path, rapidjson::ParseErrorCode code, std::size_t offset) {
  std::fprintf(stderr, "%s: offset %zu: %s\n", path.c_str(), offset, rapidjson::GetParseError_En(code));
}

int run_validate(std::vector<std::string> files) {
  if (files.empty()) files.push_back("-");
  int status = 0;
  std::string contents;
  rapidjson::Reader reader;
  for (const std::string& path : files) {
    if (!load(path, contents)) {
      status = 1;
      continue;
    }
    rapidjson::MemoryStream ms(contents.data(), contents.size());
    rapidjson::EncodedInputStream<rapidjson::UTF8<>, rapidjson::MemoryStream> is(ms);
    rapidjson::BaseReaderHandler<> nothing;
    const rapidjson::ParseResult r = reader.Parse<validate_flags>(is, nothing);
    if (r.IsError()) {
      report(path, r.Code(), r.Offset());
      status = 1;
    }
  }
  return status;
}

int run_format(const std::vector<std::string>& args) {
  if (args.size() > 1) return usage();
  const std::string path = args.empty() ? "-" : args.front();
  std::string contents;
  if (!load(path, contents)) return 1;
  rapidjson::Document doc;
  doc.Parse<parse_flags>(contents.data(), contents.size());
  if (doc.HasParseError()) {
    report(path, doc.GetParseError(), doc.GetErrorOffset());
    return 1;
  }
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer(out);
  if (!doc.Accept(writer)) {
    std::fprintf(stderr, "rapidjson_cli: %s: cannot write the document\n", path.c_str());
    return 1;
  }
  out.Put('\n');
  if (std::fwrite(out.GetString(), 1, out.GetSize(), stdout) != out.GetSize() || std::fflush(stdout) != 0) {
    std::perror("rapidjson_cli: cannot write the output");
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string_view command = argv[1];
  std::vector<std::string> args(argv + 2, argv + argc);
  if (command == "validate") return run_validate(std::move(args));
  if (command == "format") return run_format(args);
  return usage();
}
