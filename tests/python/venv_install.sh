#!/usr/bin/env bash
# venv_install.sh PYTHON BUILD_DIR VENV
# The README's install route, as a user takes it: a fresh venv of PYTHON, then
# `pip install --no-build-isolation` of this clone. The module is not compiled again: the
# backend copies BUILD_DIR's (setup.py, ULTRAJSON_CMAKE_BUILD_DIR). Then checks that the
# venv's python imports the installed module, of the project's version.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 PYTHON BUILD_DIR VENV" >&2; exit 2; }
python=$1 build_dir=$2 venv=$3
root=$(cd "$(dirname "$0")/../.." && pwd)

rm -rf "$venv"
"$python" -m venv --system-site-packages "$venv"
# --no-index: nothing may come from elsewhere (the machines reach no package index).
ULTRAJSON_CMAKE_BUILD_DIR=$build_dir "$venv/bin/python" -m pip install --quiet --no-build-isolation \
  --no-index --no-deps --disable-pip-version-check "$root"

cd "$venv"  # not the source tree, whose files must not be what is imported
env -u PYTHONPATH "$venv/bin/python" - "$venv" <<'PY'
import importlib.metadata, os, sys
import ultrajson

venv = os.path.realpath(sys.argv[1])
where = os.path.realpath(ultrajson.__file__)
if not where.startswith(venv + os.sep):
    sys.exit(f"ultrajson was imported from {where}, not from the venv {venv}")
dist = importlib.metadata.version("ultrajson")
if dist != ultrajson.__version__:
    sys.exit(f"the wheel says version {dist}, the module {ultrajson.__version__}")
stubs = [str(f) for f in importlib.metadata.files("ultrajson") if str(f).startswith("ultrajson-stubs/")]
if stubs != ["ultrajson-stubs/__init__.pyi"]:
    sys.exit(f"the wheel's stubs are {stubs}, not ultrajson-stubs/__init__.pyi")
print(f"ultrajson {dist} installed: {where}")
PY
