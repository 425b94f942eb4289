// Stage 1 alone: ujson's structural index (whole, as the DOM decoder takes it, and a window
// at a time, as the validator does) against simdjson's stage 1 on the same bytes, in the
// same process, interleaved round by round. Stage 1 is half of a twitter.json parse and
// most of a validation, and inside codec_bench it cannot be told apart from stage 2.
// Not part of make bench; run it by hand (bench/README.md):
//   build/bench/bench/codec/codec_stage1_bench [--rounds N] [file...]
// Reports the median time per pass of each, with the spread of the rounds ((max - min) /
// median, as compare_builds.py), and the ratios to simdjson (below 1.0: ujson's stage 1 is
// faster). Both use the kernel their dispatch picks on this CPU (UJSON_FORCE_KERNEL and
// SIMDJSON_FORCE_IMPLEMENTATION choose others). With --cold, each pass reads the next of
// enough copies of the file to fill 512 MB, so that the input comes from memory as a
// request body that has left the cache does (the case stage 1's prefetch is for).

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ujson/detail/kernels.hpp"
#include "ujson/detail/structural_index.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "codec_stage1_bench: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct summary {
  double median, spread;  // microseconds per pass; (max - min) / median
};

summary summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const double median = v[v.size() / 2];
  return {median, (v.back() - v.front()) / median};
}

template <class F>
double microseconds_per_pass(int passes, F&& pass) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < passes; ++i) pass();
  const auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double, std::micro>(stop - start).count() / passes;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 15;
  bool cold = false;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--cold") == 0) {
      cold = true;
    } else if (std::strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
      rounds = std::max(1, std::atoi(argv[++i]));
    } else {
      files.emplace_back(argv[i]);
    }
  }
  if (files.empty()) {
    for (const char* name : {"twitter", "citm_catalog", "canada"}) {
      files.push_back(std::string(UJSON_BENCH_DATA_DIR) + "/corpus/" + name + ".json");
    }
  }
  const ujson::detail::kernel_table& kernels = ujson::detail::kernels();
  if (kernels.index == nullptr) {
    std::fprintf(stderr, "codec_stage1_bench: the %.*s kernel has no stage 1 (the byte decoder reads alone)\n",
                 static_cast<int>(kernels.name.size()), kernels.name.data());
    return 2;
  }
  std::printf("ujson kernel %.*s, simdjson %s; %d interleaved rounds, median us per pass (spread)%s\n",
              static_cast<int>(kernels.name.size()), kernels.name.data(),
              simdjson::get_active_implementation()->name().c_str(), rounds, cold ? ", input out of the cache" : "");
  std::printf("%-20s %18s %18s %18s %8s %8s\n", "file", "ujson index", "ujson windows", "simdjson stage1", "index/s",
              "windows/s");
  for (const std::string& path : files) {
    const std::string text = read_file(path);
    // The copies are padded_strings for both libraries: simdjson reads past the end.
    const std::size_t copies = cold ? std::max<std::size_t>(1, (std::size_t{512} << 20) / (text.size() + 1)) : 1;
    std::vector<simdjson::padded_string> inputs;
    for (std::size_t i = 0; i < copies; ++i) inputs.emplace_back(text);
    std::size_t next_input = 0;
    const auto input = [&]() -> const simdjson::padded_string& {
      const simdjson::padded_string& in = inputs[next_input];
      next_input = next_input + 1 == copies ? 0 : next_input + 1;
      return in;
    };
    std::unique_ptr<simdjson::internal::dom_parser_implementation> simd;
    if (simdjson::get_active_implementation()->create_dom_parser_implementation(text.size(), 1024, simd) !=
        simdjson::SUCCESS) {
      return 2;
    }
    ujson::detail::index_buffer index;
    std::size_t count = 0;
    std::vector<std::uint32_t> window(ujson::detail::index_window_size);
    bool ok = true;
    const auto whole = [&] { ok &= kernels.index(input().data(), text.size(), index, count); };
    const auto windowed = [&] {
      ujson::detail::index_window_state state(input().data(), text.size());
      do {
        kernels.index_window(state, window.data());
      } while (state.status == ujson::detail::index_window_state::more);
      ok &= state.status == ujson::detail::index_window_state::last;
    };
    const auto simdjson_stage1 = [&] {
      ok &= simd->stage1(reinterpret_cast<const std::uint8_t*>(input().data()), text.size(),
                         simdjson::stage1_mode::regular) == simdjson::SUCCESS;
    };
    // About 20 ms a measurement, whatever the file's size.
    const int passes = std::max(1, static_cast<int>(20e6 / std::max<double>(1, microseconds_per_pass(3, whole) * 1e3)));
    std::vector<double> a, b, c;
    for (int r = 0; r < rounds; ++r) {
      a.push_back(microseconds_per_pass(passes, whole));
      b.push_back(microseconds_per_pass(passes, windowed));
      c.push_back(microseconds_per_pass(passes, simdjson_stage1));
    }
    if (!ok) {
      std::fprintf(stderr, "codec_stage1_bench: %s was refused by a stage 1\n", path.c_str());
      return 1;
    }
    const summary x = summarize(a), y = summarize(b), z = summarize(c);
    const std::string name = path.substr(path.find_last_of('/') + 1);
    std::printf("%-20s %9.1f (±%3.0f%%) %9.1f (±%3.0f%%) %9.1f (±%3.0f%%) %8.3f %8.3f\n", name.c_str(), x.median,
                100 * x.spread, y.median, 100 * y.spread, z.median, 100 * z.spread, x.median / z.median,
                y.median / z.median);
  }
  return 0;
}
