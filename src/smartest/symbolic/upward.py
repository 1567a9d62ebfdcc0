"""What a proxy module reaches of the proxy modules above it, looked up by name.

The proxy types build one another (an int's `/` makes a float, `format()` of an int
makes a str, a sequence realizes its cells), which would make the modules of this
folder import each other in a circle.  Instead each module imports only the ones
below it, in this order,

    bools < ints < floats < strs < text_methods < bytestr < seqs < sequences
          < lists, tuples, dicts, sets < realize < formatting < inputs < kinds_*

and reaches upward through this table, which the upper module fills when it is
imported (`provide`).  `smartest.symbolic` imports every one of them, so the table
is full before any proxy exists.
"""
from __future__ import annotations

from typing import Any

_TABLE: dict[str, Any] = {}


def provide(**entries: Any) -> None:
    _TABLE.update(entries)


def upper(name: str) -> Any:
    try:
        return _TABLE[name]
    except KeyError:
        raise RuntimeError(f"smartest.symbolic: {name!r} is not provided yet (import smartest.symbolic first)") from None
