# syntax=docker/dockerfile:1
# ujsond image. Build: make image (or docker build -t ujsond:latest .)   Run: docker run -p 8080:8080 ujsond
# `make image-test` runs it with docker/compose.yaml's settings and checks it from outside;
# tests/service/dockerfile_test.cpp checks this file against the tree and ujsond's flags.

# --- Build stage: Debian 12 with the same scripts/bootstrap and `make build` as the README
# and CI, then the service tests against the binary the image ships.
FROM debian:12 AS build
WORKDIR /src
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY scripts/bootstrap scripts/bootstrap
RUN scripts/bootstrap run test
COPY Makefile CMakeLists.txt CMakePresets.json ./
COPY cmake/ cmake/
COPY codec/ codec/
COPY schema/ schema/
COPY cli/ cli/
COPY python/ python/
COPY proto/ proto/
COPY service/ service/
COPY bench/codec/ bench/codec/
COPY examples/ examples/
COPY tests/ tests/
COPY data/ data/
# The release preset with ujsond linked statically (UJSON_STATIC_UJSOND), which `make
# build` keeps; the service tests then run against that very binary.
RUN cmake --preset release -DUJSON_STATIC_UJSOND=ON >/dev/null \
    && make build JOBS="$(nproc)" \
    && ctest --preset release -j"$(nproc)" -R "Handler|OpenApi|Endpoints|Errors|Connections|Flags|Drain|Compression|BodyDecoder"
# The runtime stage's whole root file system: ujsond, stripped, and a passwd and group
# naming its user, so tools that show users (ps, podman top) print a name, not a number.
RUN mkdir -p /rootfs/usr/local/bin /rootfs/etc \
    && strip --strip-all -o /rootfs/usr/local/bin/ujsond build/release/service/ujsond \
    && echo 'ujsond:x:10001:10001:ujsond:/nonexistent:/sbin/nologin' >/rootfs/etc/passwd \
    && echo 'ujsond:x:10001:' >/rootfs/etc/group

# --- Runtime stage: scratch. ujsond is one static executable, glibc and libstdc++
# included: it reads no file of the system (it resolves no names, so static glibc's lack
# of NSS does not matter; the link fails if a lookup is ever added), so a shell, a libc or a
# package manager in the image would only be more to patch and more for an intruder to use.
FROM scratch
COPY --from=build /rootfs/ /
# Numeric, so Kubernetes' runAsNonRoot can check it without a passwd lookup.
USER 10001:10001
# Configuration by environment (ujsond --help lists every variable and its default).
ENV UJSOND_ADDRESS=0.0.0.0 \
    UJSOND_PORT=8080 \
    UJSOND_THREADS=0 \
    UJSOND_MAX_BODY=16MiB \
    UJSOND_MAX_COMPRESSED_BODY=0 \
    UJSOND_COMPRESS_LEVEL=1 \
    UJSOND_COMPRESS_MIN=1KiB \
    UJSOND_MAX_DEPTH=1024 \
    UJSOND_READ_TIMEOUT=30s \
    UJSOND_IDLE_TIMEOUT=60s \
    UJSOND_DRAIN_TIMEOUT=10s \
    UJSOND_ACCESS_LOG=true
EXPOSE 8080
# Exec form: there is no shell. ujsond probes its own /healthz on UJSOND_ADDRESS/PORT.
HEALTHCHECK --interval=10s --timeout=3s --start-period=2s --retries=3 CMD ["/usr/local/bin/ujsond", "--probe"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/ujsond"]
