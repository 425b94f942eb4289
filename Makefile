# The user's whole interface: make run | make test | make bench
JOBS ?= $(shell nproc)
SAMPLE ?= data/corpus/citm_catalog.json

.PHONY: run test bench build clean

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
	scripts/bootstrap test
	cmake --preset release >/dev/null
	cmake --build --preset release -j$(JOBS)
	ctest --preset release -j$(JOBS)
	# Once more on the portable kernels, as a CPU without AVX2 would run them.
	UJSON_FORCE_KERNEL=scalar ctest --preset release -j$(JOBS)
	cmake --preset asan >/dev/null
	cmake --build --preset asan -j$(JOBS)
	ctest --preset asan -j$(JOBS)

bench:
	scripts/bootstrap bench
	bench/run_codec.sh

clean:
	rm -rf build
