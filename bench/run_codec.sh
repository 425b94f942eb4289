#!/usr/bin/env bash
# `make bench` (codec part): build the bench preset, run the codec benchmark against the
# peers (bench/results/codec.md) and count ujson's and simdjson's instructions per parse
# (bench/results/instructions.md), then the CLI comparison (bench/results/cli.md).
# Arguments go to bench/codec/report.py (e.g. --min-time 0.5 --repetitions 5).
#
# Everything runs under the build lock (/tmp/ujson-build.lock, or $UJSON_BUILD_LOCK), so
# no other build on this machine competes for the cores while the numbers are taken.
# The script takes the lock itself: do not wrap it in another `flock` on the same file.
set -euo pipefail
cd "$(dirname "$0")/.."

lock="${UJSON_BUILD_LOCK:-/tmp/ujson-build.lock}"
if [[ -z "${UJSON_BENCH_LOCKED:-}" ]]; then
  export UJSON_BENCH_LOCKED=1
  exec flock "$lock" "$0" "$@"
fi

cmake --preset bench
cmake --build --preset bench -j2
build/bench/bench/codec/codec_bench --check
# The timed parts run on one CPU, the fastest at the start (bench/fastest_cpu.py says why).
cpu=$(python3 bench/fastest_cpu.py)
taskset -c "$cpu" python3 bench/codec/report.py "$@"
python3 bench/codec/instructions.py
taskset -c "$cpu" python3 bench/schema/report.py
taskset -c "$cpu" python3 bench/cli/compare.py
