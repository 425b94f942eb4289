#!/usr/bin/env bash
# run_installed.sh VENV [TEST_FILE...]
# tests/python's unittest files (default: every test_*.py) against the module installed in
# VENV (venv_install.sh), with the venv's python and no PYTHONPATH: support.py refuses a
# module from anywhere else.
set -euo pipefail
[[ $# -ge 1 ]] || { echo "usage: $0 VENV [TEST_FILE...]" >&2; exit 2; }
venv=$(cd "$1" && pwd)
shift
cd "$(dirname "$0")"
[[ $# -gt 0 ]] || set -- test_*.py
exec env -u PYTHONPATH UJSON_EXPECT_MODULE_IN="$venv" PYTHONDONTWRITEBYTECODE=1 \
  "$venv/bin/python" -m unittest -v "$@"
