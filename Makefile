# The user's whole interface: make run | make test | make bench | make load (and make fuzz)
# | make image | make image-test
JOBS ?= $(shell nproc)
# Seconds per fuzzer (12 fuzzers): `make fuzz` and the bounded run in `make test`.
FUZZ_SECONDS ?= 60
# make test's fuzzing is a smoke run (every fuzzer starts, replays its seeds, runs a little);
# make fuzz is where fuzzers run long.
TEST_FUZZ_SECONDS ?= 1

# The container image: built and run by docker when its daemon answers, else by podman
# (scripts/image-engine). The PODMAN_* flags are added for podman only; these defaults are
# what podman 4.3 needs on the project's machines: runc and cgroupfs because they mount
# cgroups v1 and v2 side by side (crun refuses that) and run no systemd; explicit ulimits
# because they withhold CAP_SYS_RESOURCE, so podman's default limits cannot be set; host
# networking for the build's apt-get; and no tmpfs on /tmp and /run beside --read-only,
# so image-test sees the read-only root file system docker gives.
IMAGE ?= ujsond:latest
PODMAN_FLAGS ?= --runtime runc --cgroup-manager cgroupfs
PODMAN_BUILD_FLAGS ?= --network=host --ulimit nofile=1024:1024 --ulimit nproc=1024:1024
PODMAN_RUN_FLAGS ?= --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 --read-only-tmpfs=false
export PODMAN_FLAGS PODMAN_BUILD_FLAGS PODMAN_RUN_FLAGS

.PHONY: run test bench load fuzz build clean image image-test

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
	JOBS=$(JOBS) TEST_FUZZ_SECONDS=$(TEST_FUZZ_SECONDS) scripts/test

bench:
	scripts/bootstrap run bench
	bench/run_codec.sh
	bench/python/run.sh

# wrk per workload and endpoint against ujsond, Node.js and nginx: bench/results/http.md.
# Then 200 slow clients against honest ones: their throughput must stay above 90% of what
# it is without them (a measurement, so here and not in make test, which runs the same
# binary's 408 test).
load:
	scripts/bootstrap load
	cmake --preset release >/dev/null
	flock $${UJSON_BUILD_LOCK:-/tmp/ujson-build.lock} sh -c 'cmake --build --preset release -j$(JOBS) --target ujsond load_bodies service_slow_clients_test && python3 tests/load/run_load.py && build/release/tests/service/service_slow_clients_test --gtest_filter=SlowClientsLoad.*'

# Coverage-guided fuzzing of the codec: FUZZ_SECONDS per fuzzer (scripts/fuzz); then
# Valgrind over the codec tests and the Python module fuzzed for FUZZ_SECONDS (scripts/fuzz-extras).
fuzz:
	scripts/bootstrap fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) JOBS=$(JOBS) scripts/fuzz-extras

# The image from the Dockerfile, tagged $(IMAGE); the Debian 12 base images it needs are
# pulled, or made from the Debian mirror when no registry answers (scripts/base-images).
image:
	scripts/bootstrap image
	scripts/base-images
	flock $${UJSON_BUILD_LOCK:-/tmp/ujson-build.lock} $$(scripts/image-engine build) -t $(IMAGE) .
	@$$(scripts/image-engine) image inspect --format '$(IMAGE): {{.Size}} bytes' $(IMAGE)

# The built image run as its users run it (docker/compose.yaml's settings), checked from outside.
image-test:
	scripts/bootstrap image
	IMAGE=$(IMAGE) python3 tests/image/image_test.py

clean:
	rm -rf build
