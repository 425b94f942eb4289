#pragma once
// --schema-dir: every NAME.json in a directory compiled into one proto::schema_set, or
// nothing and why. Schemas may $ref each other by $id (or by file name, relative to the
// directory). Kubernetes ConfigMap volumes are such directories: their files are symlinks
// through "..data", which an update swaps.

#include <memory>
#include <string>

#include "ujson/proto/schemas.hpp"

namespace ujsond {

// The set, or nullptr with `problem` naming the file and where in it: FILE:LINE:COLUMN
// when it is not JSON, "FILE: POINTER: message" when a keyword is at fault. A schema also
// in `previous` keeps its counters.
std::shared_ptr<const ujson::proto::schema_set> load_schema_dir(const std::string& dir,
                                                                const ujson::proto::schema_set* previous,
                                                                std::string& problem);

// What load_schema_dir would read, summed up: each NAME.json's identity, size and time of
// change (through symlinks), and the directory's own. A different fingerprint means the
// directory changed.
std::string schema_dir_fingerprint(const std::string& dir);

}  // namespace ujsond
