#!/usr/bin/env bash
# check_types.sh stubtest|readme VENV WORK_DIR
# The stubs against the module installed in VENV (venv_install.sh), with the venv's python,
# which sees Debian's mypy through --system-site-packages:
#   stubtest  python3 -m mypy.stubtest ultrajson: every name, argument, kind and default of
#             the stub against the module's signatures
#   readme    README.md's ```python blocks, extracted into WORK_DIR: mypy --strict, then run
# Exits 77 (skipped) only when the venv's python has no mypy.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 stubtest|readme VENV WORK_DIR" >&2; exit 2; }
mode=$1 venv=$2 work=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
python=$venv/bin/python
unset PYTHONPATH

if ! "$python" -c 'import mypy.stubtest' 2>/dev/null; then
  echo "skipped: $python has no mypy (Debian: apt-get install mypy, or scripts/bootstrap python)"
  exit 77
fi
mkdir -p "$work"
cd "$work"  # mypy's cache goes here, and nothing in the source tree shadows the venv

case $mode in
  stubtest)
    exec "$python" -m mypy.stubtest ultrajson
    ;;
  readme)
    awk '/^```python$/ { inside = 1; ++blocks; next }
         /^```/ { inside = 0 }
         inside { print }
         END { if (blocks == 0) { print "README.md: no ```python block" > "/dev/stderr"; exit 1 } }' \
      "$root/README.md" >readme_examples.py
    "$python" -m mypy --strict readme_examples.py
    "$python" readme_examples.py >/dev/null
    echo "README.md's Python examples type-check (mypy --strict) and run"
    ;;
  *)
    echo "check_types.sh: unknown check '$mode' (stubtest or readme)" >&2
    exit 2
    ;;
esac
