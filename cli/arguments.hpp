#pragma once
// The `ujson` command line as data: which command, its files and, for `format`, the codec
// options. Kept apart from main() so that the fuzz_options target (tests/fuzz/) can call it.

#include <string>
#include <vector>

#include "ujson/options.hpp"
#include "ujson/pointer.hpp"

namespace ujson::cli {

enum class command { help, validate, format };

// What `format` reads and writes (--from, --to).
enum class data_format { json, msgpack, cbor };

struct invocation {
  command what = command::help;
  std::vector<std::string> files;  // validate: as given (none means standard input); format: exactly one, "-" for stdin
  std::string schema;              // validate --schema: the JSON Schema each file must match (empty: none)
  std::vector<std::string> schema_dirs;  // validate --schema-dir: more schemas, for the first one's $refs
  bool assert_formats = false;     // validate --assert-formats: `format` is checked, not only an annotation
  encode_options encode;           // format only: canonical output unless flags say otherwise
  decode_options decode;
  data_format from = data_format::json;
  data_format to = data_format::json;
  // format: write only the values at these (several: an array of them, in order).
  std::vector<json_pointer> pointers;
  bool missing_null = false;  // a pointer that names nothing writes null instead of failing
};

// Why the command line is refused: the argument at fault (empty when the command is
// missing) and the sentence main() prints above the usage text.
struct usage_problem {
  std::string argument;
  std::string message;
};

// The largest --max-depth; the decoder's heap stack grows up to it.
inline constexpr long long max_cli_depth = 1'000'000;

// args: argv without the program name.
bool parse_arguments(const std::vector<std::string>& args, invocation& out, usage_problem& problem);

}  // namespace ujson::cli
