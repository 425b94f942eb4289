#!/usr/bin/env bash
# `make bench` (Python part): build the ultrajson module in the bench preset, then time
# dumps/loads on the seed workloads against json, simplejson, ujson and orjson
# (bench/python/seed_workloads.py; table in bench/results/python.md). Arguments go to the
# script (e.g. --repeats 11 --target 0.1).
#
# Everything runs under the build lock (/tmp/ujson-build.lock, or $UJSON_BUILD_LOCK), so no
# other build on this machine competes for the cores while the numbers are taken. The script
# takes the lock itself: do not wrap it in another `flock` on the same file.
set -euo pipefail
cd "$(dirname "$0")/../.."

lock="${UJSON_BUILD_LOCK:-/tmp/ujson-build.lock}"
if [[ -z "${UJSON_PYTHON_BENCH_LOCKED:-}" ]]; then
  export UJSON_PYTHON_BENCH_LOCKED=1
  exec flock "$lock" "$0" "$@"
fi

cmake --preset bench >/dev/null
cmake --build --preset bench --target ultrajson -j2
# On one CPU, the fastest at the start (bench/fastest_cpu.py says why).
taskset -c "$(python3 bench/fastest_cpu.py)" python3 bench/python/seed_workloads.py --module-dir build/bench/python "$@"
