// codec_bench: parse, serialize and validate MB/s of ujson and its peers on the standard
// files and the seed workloads (SPEC sections 6 and 7). Benchmarks are named
// <operation>/<workload>/<library> and registered operation by operation, workload by
// workload, so the libraries of one row run next to each other in time.
//
//   codec_bench [--check | --dump DIR | --iterations N | --constructs] [Google Benchmark flags]
//   --check     run every correctness check once, untimed, and exit (0 when all pass)
//   --dump DIR  write each workload to DIR/<id>.json and exit (the same bytes, for other
//               benchmarks or for a look)
//   --iterations N  run each selected benchmark exactly N times: for instruction counts
//               under callgrind (bench/codec/instructions.py), where a run of N and a run
//               of 2N differ by N operations and nothing else
//   --constructs  instead of the workloads, parse the construct documents (workloads.hpp:
//               one construct repeated), named parse/construct.<id>/<library>: what one
//               construct costs each library (instructions.py --constructs)

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "harness.hpp"
#include "workloads.hpp"

namespace {

std::string compiler() {
#if defined(__clang__)
  return std::string("clang ") + __clang_version__;
#elif defined(__GNUC__)
  return std::string("gcc ") + __VERSION__;
#else
  return "unknown";
#endif
}

void register_all(const std::vector<codec_bench::library_entry>& libraries, long iterations, bool constructs) {
  using codec_bench::library_entry;
  using codec_bench::workload;
  struct operation {
    const char* name;
    std::function<void(benchmark::State&, const workload&)> library_entry::*run;
  };
  const auto add = [iterations](const std::string& name, auto run, const workload& w) {
    auto* b = benchmark::RegisterBenchmark(name.c_str(), [run, &w](benchmark::State& s) { run(s, w); });
    b->Unit(benchmark::kMicrosecond);
    if (iterations > 0) b->Iterations(iterations);
  };
  const operation operations[] = {
      {"parse", &library_entry::parse},
      {"parse_walk", &library_entry::parse_walk},
      {"serialize", &library_entry::serialize},
      {"validate", &library_entry::validate},
  };
  if (constructs) {
    for (const workload& w : codec_bench::construct_workloads()) {
      for (const library_entry& lib : libraries) add("parse/" + w.id + "/" + lib.name, lib.parse, w);
    }
    return;
  }
  for (const operation& op : operations) {
    for (const workload& w : codec_bench::workloads()) {
      for (const library_entry& lib : libraries) {
        auto run = lib.*op.run;
        if (!run) continue;  // the library has no such operation
        add(std::string(op.name) + "/" + w.id + "/" + lib.name, run, w);
      }
      if (std::strcmp(op.name, "serialize") == 0 && w.id == codec_bench::sorted_keys_workload) {
        for (const library_entry& lib : libraries) {
          if (!lib.has_sorted_serialize) continue;
          add("serialize/" + w.id + "_sorted/" + lib.name, lib.serialize_sorted, w);
        }
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool check_only = false;
  const char* dump_dir = nullptr;
  long iterations = 0;
  bool constructs = false;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strcmp(argv[i], "--check") == 0) {
      check_only = true;
    } else if (i > 0 && std::strcmp(argv[i], "--constructs") == 0) {
      constructs = true;
    } else if (i > 0 && std::strcmp(argv[i], "--dump") == 0 && i + 1 < argc) {
      dump_dir = argv[++i];
    } else if (i > 0 && std::strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) {
      iterations = std::strtol(argv[++i], nullptr, 10);
      if (iterations <= 0) {
        std::fprintf(stderr, "codec_bench: --iterations takes a positive count\n");
        return 2;
      }
    } else {
      args.push_back(argv[i]);
    }
  }
  if (dump_dir != nullptr) {
    for (const codec_bench::workload& w : codec_bench::workloads()) {
      const std::string path = std::string(dump_dir) + "/" + w.id + ".json";
      std::ofstream out(path, std::ios::binary);
      out << w.json;
      if (!out) {
        std::fprintf(stderr, "codec_bench: cannot write %s\n", path.c_str());
        return 1;
      }
    }
    return 0;
  }
  int n = static_cast<int>(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 2;

  const std::vector<codec_bench::library_entry> libraries = {
      codec_bench::ujson_entry(),     codec_bench::simdjson_entry(), codec_bench::rapidjson_entry(),
      codec_bench::rapidjson_insitu_entry(), codec_bench::boostjson_entry(), codec_bench::nlohmann_entry(),
  };
  // Cheap, and a validator that accepts anything would win every validate column.
  for (const auto& lib : libraries) lib.check_invalid();

  if (check_only) {
    for (const auto* list : {&codec_bench::workloads(), &codec_bench::construct_workloads()}) {
      for (const codec_bench::workload& w : *list) {
        for (const auto& lib : libraries) lib.check_all(w);
      }
    }
    std::printf("codec_bench: every library agrees with ujson's reference on %zu workloads and %zu constructs\n",
                codec_bench::workloads().size(), codec_bench::construct_workloads().size());
    return 0;
  }

  benchmark::AddCustomContext("compiler", compiler());
  for (const auto& lib : libraries) benchmark::AddCustomContext("library." + lib.name, lib.version);
  for (const codec_bench::workload& w : codec_bench::workloads()) {
    benchmark::AddCustomContext("workload." + w.id, w.label + " (" + std::to_string(w.json.size()) + " bytes)");
  }
  register_all(libraries, iterations, constructs);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
