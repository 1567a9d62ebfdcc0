"""Targets whose only symbolic C calls are the ones modelled at the C boundary
(integer formatting in base 2/8/16, hex/oct/bin, itertools, bisect, unicodedata);
each function's reachable outcomes are listed in OUTCOMES."""
import bisect
import itertools
import unicodedata


def code_point(n: int) -> int:
    s = format(n, "04X")
    if s == "BEEF":
        return 2
    if len(s) > 4:
        return 1
    return 0


def color(r: int, g: int) -> str:
    text = f"#{r:02x}{g:02x}"
    if text == "#ff80":
        return "orange"
    if len(text) != 5:
        return "wide"
    return "other"


def percent_hex(n: int) -> int:
    s = "%#06x" % n
    if s == "0x00ff":
        return 1
    if s[0] == "-":
        return 2
    return 0


def mode(m: int) -> int:
    if oct(m) == "0o755":
        return 1
    if bin(m) == "0b101":
        return 2
    if hex(m)[-1] == "f":
        return 3
    return 0


OUTCOMES = {
    "code_point": {0, 1, 2},
    "color": {"orange", "wide", "other"},
    "percent_hex": {0, 1, 2},
    "mode": {0, 1, 2, 3},
}
