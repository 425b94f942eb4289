#pragma once
// The benchmark documents: the three standard files from data/corpus/ and the seven seed
// workloads of SPEC section 7 (workload 1 also with its non-ASCII text escaped), generated
// as JSON text from a fixed seed.

#include <string>
#include <vector>

namespace codec_bench {

struct workload {
  std::string id;     // used in benchmark names: parse/<id>/<library>
  std::string label;  // used in the report tables
  std::string json;   // the document
};

// The corpus files come first, then seed workloads 1..7 (1 twice: as is, then escaped),
// always in the same order and with the same bytes. Exits with a message if a corpus file cannot be read.
const std::vector<workload>& workloads();

// One JSON construct each, repeated: an array of construct_repeats copies of one element
// ({"key":213}, a nine-member record, ...), so that a parse's instructions over
// construct_repeats are what the construct costs each library (bench/codec/instructions.py
// --constructs). Not timed by make bench: codec_bench registers them under
// parse/construct.<id>/<library> only when started with --constructs.
inline constexpr int construct_repeats = 1000;
const std::vector<workload>& construct_workloads();

// Seed workload 7 also has a sorted-keys encode (SPEC section 7).
inline constexpr const char* sorted_keys_workload = "dict_of_arrays";

}  // namespace codec_bench
