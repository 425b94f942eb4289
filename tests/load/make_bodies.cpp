// Writes the load-test bodies: the three corpus files and the seven seed workloads, the
// same bytes the codec benchmark uses (bench/codec/workloads.cpp), one file per workload.
//   load_bodies DIR   ->  DIR/<id>.json and DIR/index.tsv (id, label, bytes)

#include <cstdio>
#include <fstream>
#include <string>

#include "workloads.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: load_bodies DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::ofstream index(dir + "/index.tsv");
  for (const codec_bench::workload& w : codec_bench::workloads()) {
    std::ofstream out(dir + "/" + w.id + ".json", std::ios::binary);
    out << w.json;
    index << w.id << '\t' << w.label << '\t' << w.json.size() << '\n';
    if (!out || !index) {
      std::fprintf(stderr, "load_bodies: cannot write to %s\n", dir.c_str());
      return 1;
    }
  }
  return 0;
}
