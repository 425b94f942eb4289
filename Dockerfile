# syntax=docker/dockerfile:1
# ujsond image. Build: docker build -t ujsond .   Run: docker run -p 8080:8080 ujsond
# (No Docker engine runs on the project's machines; tests/service/dockerfile_test.cpp
# checks this file against the tree and the service's configuration instead.)

# --- Build stage: Debian 12 with the same scripts/bootstrap, preset and make steps as the
# README and CI (`make build`, then the release test suite).
FROM debian:12 AS build
WORKDIR /src
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY scripts/bootstrap scripts/bootstrap
RUN scripts/bootstrap run test
COPY Makefile CMakeLists.txt CMakePresets.json ./
COPY cmake/ cmake/
COPY codec/ codec/
COPY cli/ cli/
COPY python/ python/
COPY proto/ proto/
COPY service/ service/
COPY bench/codec/ bench/codec/
COPY examples/ examples/
COPY tests/ tests/
COPY data/ data/
RUN make build JOBS="$(nproc)" \
    && ctest --preset release -j"$(nproc)" -R "Handler|OpenApi|Endpoints|Errors|Connections|Flags|Drain"

# --- Runtime stage: ujsond and the C++ runtime it links (libstdc++ is in debian:12-slim).
FROM debian:12-slim
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin ujsond
COPY --from=build /src/build/release/service/ujsond /usr/local/bin/ujsond
USER 10001:10001
# Configuration by environment (ujsond --help lists every variable and its default).
ENV UJSOND_ADDRESS=0.0.0.0 \
    UJSOND_PORT=8080 \
    UJSOND_THREADS=0 \
    UJSOND_MAX_BODY=16MiB \
    UJSOND_MAX_DEPTH=1024 \
    UJSOND_READ_TIMEOUT=30s \
    UJSOND_IDLE_TIMEOUT=60s \
    UJSOND_DRAIN_TIMEOUT=10s \
    UJSOND_ACCESS_LOG=true
EXPOSE 8080
# Exec form, no shell: ujsond probes its own /healthz (the slim image has no curl).
HEALTHCHECK --interval=10s --timeout=3s --start-period=2s --retries=3 CMD ["/usr/local/bin/ujsond", "--probe"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/ujsond"]
