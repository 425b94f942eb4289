"""Shared by the ultrajson tests: the module under test and the project's data directory.

ctest sets PYTHONPATH to the build's python/ directory and UJSON_DATA_DIR to data/. Run by
hand from tests/python (python3 -m unittest -v), the release build is used. Against the
module pip installed in a venv: run_installed.sh.
"""

import decimal
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.environ.get("UJSON_DATA_DIR") or os.path.join(ROOT, "data")
# Under ASan (the asan preset) freed memory sits in a quarantine: resident-memory
# measurements mean nothing there, and everything runs several times slower.
SANITIZED = os.environ.get("UJSON_SANITIZED") == "1"


def share_of(full):
    """`full` random cases scaled to the pass's UJSON_TEST_SHARE (percent; see
    tests/support/test_share.hpp): the ASan, portable-kernel and installed-module passes
    repeat the release pass's cases in part."""
    try:
        percent = int(os.environ.get("UJSON_TEST_SHARE", "100"))
    except ValueError:
        percent = 100
    if not 1 <= percent <= 100:
        percent = 100
    return max(1, full * percent // 100)

# The installed-module test (run_installed.sh) names the venv the module must come from: no
# fallback then, and a module found anywhere else fails every test file.
INSTALLED_IN = os.environ.get("UJSON_EXPECT_MODULE_IN")
if INSTALLED_IN:
    import ultrajson  # noqa: F401

    _venv = os.path.realpath(INSTALLED_IN) + os.sep
    if not os.path.realpath(ultrajson.__file__).startswith(_venv):
        raise ImportError(f"ultrajson imported from {ultrajson.__file__}, not from {_venv}")
else:
    try:
        import ultrajson  # noqa: F401
    except ImportError:
        sys.path.insert(0, os.path.join(ROOT, "build", "release", "python"))
        import ultrajson  # noqa: F401


def same(a, b, ordered=True):
    """Equality that also holds for NaN and tells -0.0 from 0.0, 1 from 1.0 and
    Decimal("1.10") from Decimal("1.1"); with `ordered`, dict keys must also come in the
    same order."""
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if type(a) is not type(b):
        return False
    if isinstance(a, decimal.Decimal):
        return str(a) == str(b)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y, ordered) for x, y in zip(a, b))
    if isinstance(a, dict):
        keys_match = list(a) == list(b) if ordered else a.keys() == b.keys()
        return keys_match and all(same(a[k], b[k], ordered) for k in a)
    return a == b


def suite_files(prefix):
    """(name, bytes) of every JSONTestSuite test_parsing file whose name starts with prefix."""
    directory = os.path.join(DATA_DIR, "JSONTestSuite", "test_parsing")
    names = sorted(n for n in os.listdir(directory) if n.startswith(prefix) and n.endswith(".json"))
    for name in names:
        with open(os.path.join(directory, name), "rb") as f:
            yield name, f.read()


def corpus_files():
    directory = os.path.join(DATA_DIR, "corpus")
    for name in sorted(os.listdir(directory)):
        if name.endswith(".json"):
            with open(os.path.join(directory, name), "rb") as f:
                yield name, f.read()


# Subclasses of the builtin types: dumps must write them as their base type.
class ListSub(list):
    pass


class DictSub(dict):
    pass


class StrSub(str):
    pass


class IntSub(int):
    pass


class FloatSub(float):
    pass
