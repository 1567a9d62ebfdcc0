"""A run's return value as smartest can keep it.

Reports, run directories and emitted tests repr, compare and walk what the target
returned, long after the run's timer and sandbox are gone.  So, still inside the
run, a value is checked once: plain values (builtin scalars and containers) must be
small enough and acyclic; other objects must have a repr that works.  A value that
fails is replaced by an `Unrecordable` that says why, which reports show and
emitted tests do not compare with.
"""
from __future__ import annotations

from typing import Any

MAX_DEPTH = 100
MAX_NODES = 100_000
MAX_INT_BITS = 13_000          # about 3,900 digits: below CPython's int-to-str limit
MAX_REPR = 100_000

_SCALARS = frozenset((type(None), bool, int, float, complex, str, bytes))
_CONTAINERS = frozenset((list, tuple, dict, set, frozenset))


class Unrecordable:
    """Stands for a returned value smartest could not keep (the text says why)."""
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other: object) -> bool:
        return type(other) is Unrecordable and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


def recordable(value: Any) -> Any:
    """`value` itself when smartest can keep it, else an `Unrecordable`."""
    problem = _problem(value)
    if problem is None:
        return value
    if problem != "object":
        return Unrecordable(f"<{problem}>")
    name = type(value).__qualname__
    try:
        text = repr(value)
    except Exception as e:
        return Unrecordable(f"<{name} object whose repr raised {type(e).__name__}>")
    if type(text) is not str or len(text) > MAX_REPR:
        return Unrecordable(f"<{name} object whose repr is not a short string>")
    return value


def _problem(value: Any) -> str | None:
    """None for a plain value within bounds, "object" if it holds other objects,
    else what is wrong with it."""
    stack: list = [(value, 0, False)]
    on_path: set[int] = set()     # containers being walked: meeting one again is a cycle
    done: set[int] = set()        # containers walked: a shared sub-value is walked once
    nodes = 0
    found_object = False
    while stack:
        x, depth, leaving = stack.pop()
        if leaving:
            on_path.discard(id(x))
            done.add(id(x))
            continue
        t = type(x)
        nodes += 1
        if nodes > MAX_NODES:
            return f"a value of more than {MAX_NODES} elements"
        if t in _SCALARS:
            if t is int and x.bit_length() > MAX_INT_BITS:
                return f"an int of {x.bit_length()} bits"
            continue
        if t not in _CONTAINERS:
            found_object = True
            continue
        if id(x) in on_path:
            return f"a self-referential {t.__name__}"
        if id(x) in done:
            continue
        if depth >= MAX_DEPTH:
            return f"a value nested more than {MAX_DEPTH} deep"
        on_path.add(id(x))
        stack.append((x, depth, True))
        for item in (x.items() if t is dict else x):
            if t is dict:
                stack.append((item[0], depth + 1, False))
                stack.append((item[1], depth + 1, False))
            else:
                stack.append((item, depth + 1, False))
    return "object" if found_object else None
