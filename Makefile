# The user's whole interface: make run | make test | make bench (and make fuzz)
JOBS ?= $(shell nproc)
SAMPLE ?= data/corpus/citm_catalog.json
# Seconds per fuzzer (4 fuzzers): `make fuzz` and the bounded run in `make test`.
FUZZ_SECONDS ?= 60
TEST_FUZZ_SECONDS ?= 20

.PHONY: run test bench fuzz build clean

build:
	scripts/bootstrap run
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)

# Until the ujsond service lands, `run` shows the codec at work through the CLI.
run: build
	build/release/cli/ujson validate $(SAMPLE)
	build/release/cli/ujson format --indent 2 --sort-keys $(SAMPLE) | head -n 25
	@echo "... (build/release/cli/ujson --help for more)"

test:
	scripts/bootstrap test fuzz
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)
	ctest --preset release -j$(JOBS)
	# Once more on the portable kernels, as a CPU without AVX2 would run them.
	UJSON_FORCE_KERNEL=scalar ctest --preset release -j$(JOBS)
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$(JOBS)
	ctest --preset asan -j$(JOBS)
	# Each libFuzzer target for a bounded time (clang, build/fuzz); a crash fails the run.
	FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

bench:
	scripts/bootstrap bench
	bench/run_codec.sh

# Coverage-guided fuzzing of the codec: FUZZ_SECONDS per fuzzer (scripts/fuzz).
fuzz:
	scripts/bootstrap fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz

clean:
	rm -rf build
