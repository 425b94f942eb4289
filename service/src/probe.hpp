#pragma once
// `ujsond --probe`: a health check for images without curl (the Dockerfile's HEALTHCHECK,
// Kubernetes exec probes). GET /healthz on the configured address and port.

#include "config.hpp"

namespace ujsond {

// 0 when /healthz answers 200 within two seconds, else 1.
int probe(const config& cfg);

}  // namespace ujsond
