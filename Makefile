# The user's whole interface: make run | make test | make bench | make load (and make fuzz)
JOBS ?= $(shell nproc)
# Seconds per fuzzer (6 fuzzers): `make fuzz` and the bounded run in `make test`.
FUZZ_SECONDS ?= 60
TEST_FUZZ_SECONDS ?= 10

.PHONY: run test bench load fuzz build clean

build:
	scripts/bootstrap run
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)

# Starts ujsond in the foreground on 127.0.0.1:8080 (Ctrl-C drains and stops it).
run: build
	@echo "ujsond on http://127.0.0.1:8080 -- from another shell, try:"
	@echo "  curl --json '{\"b\": [1, 2.5], \"a\": \"x/y\"}' 'http://127.0.0.1:8080/encode?indent=2&sort_keys=true'"
	@echo "  curl --json '[1, 2' http://127.0.0.1:8080/validate"
	build/release/service/ujsond --address 127.0.0.1 --port 8080

test:
	scripts/bootstrap test fuzz
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)
	ctest --preset release -j$(JOBS)
	# Once more on the portable kernels, as a CPU without AVX2 would run them.
	ctest --preset release-scalar -j$(JOBS)
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$(JOBS)
	ctest --preset asan -j$(JOBS)
	# Each libFuzzer target for a bounded time (clang, build/fuzz); a crash fails the run.
	FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

bench:
	scripts/bootstrap bench
	bench/run_codec.sh
	bench/python/run.sh

# wrk per workload and endpoint against ujsond, Node.js and nginx: bench/results/http.md.
load:
	scripts/bootstrap load
	cmake --preset release >/dev/null
	flock $${UJSON_BUILD_LOCK:-/tmp/ujson-build.lock} sh -c 'cmake --build --preset release -j$(JOBS) --target ujsond load_bodies && python3 tests/load/run_load.py'

# Coverage-guided fuzzing of the codec: FUZZ_SECONDS per fuzzer (scripts/fuzz); then
# Valgrind over the codec tests and the Python module fuzzed for FUZZ_SECONDS (scripts/fuzz-extras).
fuzz:
	scripts/bootstrap fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz-extras

clean:
	rm -rf build
