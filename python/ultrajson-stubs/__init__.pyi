# Types of the `ultrajson` extension module: the names, order, kinds and defaults of
# python/module.cpp and python/dumps_args.cpp. Shipped in the wheel as the PEP 561 stub-only
# package ultrajson-stubs. `python3 -m mypy.stubtest ultrajson` (make test) holds it to the
# module's signatures; tests/python/test_stubs.py holds dump() to dumps(), whose options the
# module declares as **options.

import json
from collections.abc import Callable
from typing import Any, SupportsIndex

from _typeshed import ReadableBuffer, SupportsRead, SupportsWrite

__version__: str

class JSONDecodeError(json.JSONDecodeError): ...

def dumps(
    obj: Any,
    ensure_ascii: bool = True,
    encode_html_chars: bool = False,
    escape_forward_slashes: bool = True,
    sort_keys: bool = False,
    indent: SupportsIndex | None = 0,
    allow_nan: bool = True,
    reject_bytes: bool = True,
    default: Callable[[Any], Any] | None = None,
    separators: tuple[str, str] | None = None,
    double_precision: SupportsIndex | None = None,
    *,
    canonical: bool = False,
) -> str: ...

# Exactly two positional arguments (the module refuses obj= and fp=); dumps' options by name.
def dump(
    obj: Any,
    fp: SupportsWrite[str],
    /,
    *,
    ensure_ascii: bool = True,
    encode_html_chars: bool = False,
    escape_forward_slashes: bool = True,
    sort_keys: bool = False,
    indent: SupportsIndex | None = 0,
    allow_nan: bool = True,
    reject_bytes: bool = True,
    default: Callable[[Any], Any] | None = None,
    separators: tuple[str, str] | None = None,
    double_precision: SupportsIndex | None = None,
    canonical: bool = False,
) -> None: ...

# str, or any C-contiguous buffer (bytes, bytearray, memoryview, array.array, ...). The
# hooks are json.loads' (typed as typeshed types them there).
def loads(
    obj: str | ReadableBuffer,
    /,
    *,
    object_hook: Callable[[dict[Any, Any]], Any] | None = None,
    parse_float: Callable[[str], Any] | None = None,
    parse_int: Callable[[str], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
    object_pairs_hook: Callable[[list[tuple[Any, Any]]], Any] | None = None,
) -> Any: ...

# fp.read() may give str or a buffer; the hooks are loads'.
def load(
    fp: SupportsRead[str | ReadableBuffer],
    /,
    *,
    object_hook: Callable[[dict[Any, Any]], Any] | None = None,
    parse_float: Callable[[str], Any] | None = None,
    parse_int: Callable[[str], Any] | None = None,
    parse_constant: Callable[[str], Any] | None = None,
    object_pairs_hook: Callable[[list[tuple[Any, Any]]], Any] | None = None,
) -> Any: ...

encode = dumps
decode = loads
