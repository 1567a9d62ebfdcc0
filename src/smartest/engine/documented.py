"""Exceptions a function's docstring says it raises: expected outcomes, not bugs.

A library documents its errors: humanize's `activate` says "Raises: FileNotFoundError"
and lets `gettext` raise it. That exception comes from the runtime, not from a `raise`
statement of the package, so the raise-statement rule alone calls it a bug although the
function promises it. An exception is expected when a function of the target's own code
on its traceback documents its class (or a base class other than Exception and
BaseException) in a Google or NumPy "Raises" section, a Sphinx `:raises X:` field, or a
sentence "Raises X". AssertionError and RecursionError stay bugs whatever a docstring says.
"""
from __future__ import annotations

import functools
import re
from types import FrameType, TracebackType
from typing import Callable

_TOO_BROAD = frozenset({"Exception", "BaseException", "object"})
_NAME = r"[A-Za-z_][\w.]*"
_SPHINX = re.compile(rf":raises?\s+({_NAME}(?:\s*(?:,|\bor\b)\s*{_NAME})*)\s*:|:raises?:\s*`?~?({_NAME})")
_SENTENCE = re.compile(rf"\b[Rr]aises?\s+(?:an?\s+)?(?::(?:py:)?exc:)?`*~?({_NAME}(?:Error|Exception|Exit|Warning))\b")
_HEADER = re.compile(r"^(\s*)Raises\s*:?\s*$")
_UNDERLINE = re.compile(r"^\s*-{3,}\s*$")
_ENTRY = re.compile(rf"^\s*`*~?({_NAME})`*\s*(?::|$)")


def _section(lines: list[str], start: int, indent: int) -> list[str]:
    """The entries of the Raises section whose header is lines[start]: the lines below it
    (past a NumPy underline) that start an entry, up to the next section or a dedent."""
    i = start + 1
    numpy = i < len(lines) and _UNDERLINE.match(lines[i]) is not None
    i += numpy
    names, entry_indent = [], None
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip():
            continue
        width = len(line) - len(line.lstrip())
        if width <= indent and not numpy:
            break
        if numpy and i < len(lines) and _UNDERLINE.match(lines[i]):
            break   # the next NumPy section's header
        if entry_indent is None:
            entry_indent = width
        if width == entry_indent:
            m = _ENTRY.match(line)
            if m is None:
                break
            names.append(m.group(1))
        elif width < entry_indent:
            break
    return names


@functools.lru_cache(maxsize=512)
def documented_raises(doc: str) -> frozenset[str]:
    """The bare class names a docstring says the function raises."""
    names: list[str] = []
    for m in _SPHINX.finditer(doc):
        names += re.split(r"\s*(?:,|\bor\b)\s*", m.group(1)) if m.group(1) else [m.group(2)]
    names += _SENTENCE.findall(doc)
    lines = doc.expandtabs().splitlines()
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        if m:
            names += _section(lines, i, len(m.group(1)))
    return frozenset(n.rsplit(".", 1)[-1] for n in names if n) - _TOO_BROAD


def _docstring(frame: FrameType) -> str | None:
    """The docstring of the function running in `frame`, found by its qualified name in
    its module's globals (a nested function's is not reachable: None)."""
    obj = frame.f_globals
    for part in frame.f_code.co_qualname.split("."):
        if part == "<locals>":
            return None
        obj = obj.get(part) if isinstance(obj, dict) else getattr(obj, part, None)
        if obj is None:
            return None
    obj = getattr(obj, "__func__", obj)
    doc = getattr(obj, "__doc__", None)
    return doc if isinstance(doc, str) else None


def is_documented(exc: BaseException, is_own_file: Callable[[str], bool]) -> bool:
    """Whether a function of the target's own code on `exc`'s traceback documents it."""
    if isinstance(exc, (AssertionError, RecursionError)):
        return False
    classes = {c.__name__ for c in type(exc).__mro__} - _TOO_BROAD
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        if is_own_file(frame.f_code.co_filename):
            try:
                doc = _docstring(frame)
            except Exception:   # a module whose attribute lookup itself raises
                doc = None
            if doc and classes & documented_raises(doc):
                return True
        tb = tb.tb_next
    return False
