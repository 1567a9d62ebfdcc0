"""Text for a terminal: what the target wrote (exception messages, reprs, names)
never reaches the user's terminal as control characters.

An exception message can hold `ESC [ 2 J` (clear the screen), `ESC ] 0 ; ... BEL`
(retitle the window), bidirectional overrides that make a line read otherwise than
it runs, or a lone surrogate that makes `print` itself raise.  Every such
character is shown as its Python escape (`\\x1b`, `\\u202e`, `\\udc80`) instead.
"""
from __future__ import annotations

import unicodedata

# Cc: C0/C1 controls and DEL; Cf: format characters (bidi overrides, zero widths);
# Cs: lone surrogates; Zl/Zp: line and paragraph separators.
_UNSAFE = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _escape(ch: str) -> str:
    code = ord(ch)
    if ch == "\t":
        return "\\t"
    if ch == "\n":
        return "\\n"
    if ch == "\r":
        return "\\r"
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def safe_text(text: str, *, keep_newlines: bool = False) -> str:
    """`text` with every control, format and surrogate character escaped (newlines
    kept as line breaks if `keep_newlines`: for smartest's own multi-line output)."""
    if text.isascii() and text.isprintable():
        return text
    out = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
        elif unicodedata.category(ch) in _UNSAFE:
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "".join(out)
