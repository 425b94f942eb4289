"""The wheel's build step: this project's CMake builds the `ultrajson` module, setuptools
packs it with its stubs (the metadata is in pyproject.toml).

ULTRAJSON_CMAKE_BUILD_DIR=DIR (relative to this directory) takes the module from an existing
build tree of this project whose `ultrajson` target is built, and compiles nothing: make
test's installed-module test reuses build/release so. Otherwise build/wheel/<interpreter>/
is configured for the running Python (module only: no tests, no service, so no Boost or
GoogleTest) and its `ultrajson` target built, CMAKE_BUILD_PARALLEL_LEVEL jobs at a time
(default: every core).
"""

import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
BUILD = ROOT / "build"


class BuildError(SystemExit):
    def __init__(self, message):
        super().__init__(f"ultrajson build: {message}")


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text(encoding="utf-8")
    match = re.search(r"project\(\s*ujson\s+VERSION\s+(\d+(?:\.\d+){0,3})\b", text)
    if not match:
        raise BuildError("CMakeLists.txt has no `project(ujson VERSION x.y.z ...)`")
    return match.group(1)


def cmake_cache(build_dir):
    values = {}
    for line in (build_dir / "CMakeCache.txt").read_text(encoding="utf-8").splitlines():
        match = re.match(r"([A-Za-z0-9_.-]+):[A-Z]+=(.*)", line)
        if match:
            values[match.group(1)] = match.group(2)
    return values


def run(command):
    print("+", " ".join(map(str, command)), flush=True)
    try:
        subprocess.run(command, check=True)
    except FileNotFoundError:
        raise BuildError(f"{command[0]} not found (Debian: scripts/bootstrap python)") from None
    except subprocess.CalledProcessError as error:
        raise BuildError(f"{command[0]} failed with exit status {error.returncode}") from None


def reused_module(build_dir, suffix):
    """The module of an existing build tree, checked to be this project's and loadable here."""
    if not (build_dir / "CMakeCache.txt").is_file():
        raise BuildError(f"ULTRAJSON_CMAKE_BUILD_DIR={build_dir} is not a CMake build tree (no CMakeCache.txt)")
    cache = cmake_cache(build_dir)
    home = cache.get("CMAKE_HOME_DIRECTORY", "")
    if not home or Path(home).resolve() != ROOT:
        raise BuildError(f"ULTRAJSON_CMAKE_BUILD_DIR={build_dir} is a build of {home or '?'}, not of {ROOT}")
    if cache.get("UJSON_SANITIZE", "OFF").upper() in ("ON", "1", "TRUE", "YES", "Y"):
        raise BuildError(f"ULTRAJSON_CMAKE_BUILD_DIR={build_dir} is a sanitizer build: "
                         "its module only loads with the ASan runtime preloaded")
    module = build_dir / "python" / f"ultrajson{suffix}"
    if not module.is_file():
        others = sorted(p.name for p in (build_dir / "python").glob("ultrajson.*"))
        if others:
            raise BuildError(f"{build_dir} holds {', '.join(others)}, built for another Python; "
                             f"{sys.executable} loads ultrajson{suffix}")
        raise BuildError(f"{module} is not built: cmake --build {build_dir} --target ultrajson")
    return module


def built_module(suffix):
    """Configures and builds a private tree for this interpreter (a venv's resolves to its base)."""
    python = os.path.realpath(sys.executable)
    key = hashlib.sha256(python.encode()).hexdigest()[:10]
    build_dir = BUILD / "wheel" / f"{sys.implementation.cache_tag}-{key}"
    run(["cmake", "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
         "-DUJSON_BUILD_TESTS=OFF", "-DUJSON_BUILD_SERVICE=OFF", "-DUJSON_BUILD_PYTHON=ON",
         f"-DPython3_EXECUTABLE={python}"])
    jobs = [] if os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") else ["--parallel", str(os.cpu_count() or 1)]
    run(["cmake", "--build", build_dir, "--target", "ultrajson", *jobs])
    module = build_dir / "python" / f"ultrajson{suffix}"
    if not module.is_file():
        raise BuildError(f"the build made no {module}")
    return module


def require_bdist_wheel():
    """setuptools before 70.1 takes bdist_wheel from the `wheel` package, and says only
    "invalid command 'bdist_wheel'" without it (pyenv's Pythons have none)."""
    if importlib.util.find_spec("wheel") or importlib.util.find_spec("setuptools.command.bdist_wheel"):
        return
    raise BuildError(f"{sys.executable} has no `wheel` package, which this setuptools needs: "
                     "pip install --no-index /usr/share/python-wheels/wheel-*.whl "
                     "(Debian: python3-wheel-whl), or use /usr/bin/python3's venv")


class cmake_build_ext(build_ext):
    def build_extension(self, ext):
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        reuse = os.environ.get("ULTRAJSON_CMAKE_BUILD_DIR")
        module = reused_module((ROOT / reuse).resolve(), suffix) if reuse else built_module(suffix)
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(module, target)


if {"bdist_wheel", "dist_info"} & set(sys.argv[1:]):
    require_bdist_wheel()
# setuptools' own scratch files go under build/setuptools, not beside the sources.
(BUILD / "setuptools").mkdir(parents=True, exist_ok=True)
setup(
    version=project_version(),
    # The module is top-level, as in the CMake build tree; its types are the PEP 561
    # stub-only package beside it (a module that is one .so file cannot hold py.typed).
    # Here, not in pyproject.toml, whose schema takes no "-stubs" package name.
    ext_modules=[Extension("ultrajson", sources=[])],
    packages=["ultrajson-stubs"],
    package_dir={"ultrajson-stubs": "python/ultrajson-stubs"},
    package_data={"ultrajson-stubs": ["__init__.pyi"]},
    cmdclass={"build_ext": cmake_build_ext},
    options={"build": {"build_base": str(BUILD / "setuptools")},
             "egg_info": {"egg_base": str(BUILD / "setuptools")}},
)
