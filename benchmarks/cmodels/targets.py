"""Realistic functions whose only symbolic C calls are the ones field trials found
unfollowed: integer formatting with a spec, bisect on a sorted table, unicodedata,
itertools.  Each returns a small code per outcome; benchmarks/cmodels/escapes.py
explores them and counts the recorded escapes per callee."""
import bisect
import itertools
import unicodedata


def hex_word(n: int) -> str:
    # idna-style: a code point named in an error message
    label = "U+{:04X}".format(n)
    if label == "U+BEEF":
        return "beef"
    return "wide" if len(label) > 6 else "short"


def fhex_color(r: int, g: int, b: int) -> int:
    text = "#" + "".join(f"{v:02x}" for v in (r, g, b))
    return 1 if text == "#ff8000" else 0


def percent_hex(n: int) -> int:
    s = "%04x" % n
    if s.startswith("ff"):
        return 1
    return 0


def percent_width(n: int) -> int:
    s = "%5d|" % n
    if s[0] == "-":
        return 2
    if s[:2] == "  ":
        return 1
    return 0


def right_align(s: str) -> int:
    out = "{:>5}".format(s)
    if out == "  abc":
        return 1
    if len(out) > 5:
        return 2
    return 0


def octal_mode(mode: int) -> int:
    text = oct(mode)
    if text == "0o755":
        return 1
    return 0


def binary_flags(n: int) -> int:
    text = bin(n)
    if text.count("1") == 3 and len(text) == 6:
        return 1
    return 0


def hex_builtin(n: int) -> int:
    if hex(n) == "0xff":
        return 1
    return 0


def alt_hex(n: int) -> int:
    if f"{n:#06x}" == "0x00ff":
        return 1
    return 0


def grouped(n: int) -> int:
    if f"{n:,}" == "1,234":
        return 1
    return 0


def char_code(n: int) -> int:
    if "%c" % n == "A":
        return 1
    return 0


GRADES = [60, 70, 80, 90]


def grade(score: int) -> str:
    return "FDCBA"[bisect.bisect(GRADES, score)]


RANGES = [0x30, 0x3A, 0x41, 0x5B, 0x61, 0x7B]


def in_table(cp: int) -> int:
    i = bisect.bisect_left(RANGES, cp)
    if i % 2 == 1:
        return 1
    return 0


def cat(c: str) -> str:
    # a tokenizer's character class
    if len(c) != 1:
        return "none"
    major = unicodedata.category(c)[0]
    return {"L": "letter", "N": "number", "Z": "space"}.get(major, "other")


def nfc(s: str) -> int:
    if unicodedata.normalize("NFC", s) == "e":
        return 1
    return 0


def rising(s: str) -> int:
    # how often a character is followed by a larger one
    return sum(1 for a, b in itertools.pairwise(s) if a < b)


def squeeze(s: str) -> str:
    # runs of a repeated character collapsed: "aab" -> "ab"
    return "".join(key for key, _ in itertools.groupby(s))


def digits_in(s: str, t: str) -> int:
    count = 0
    for c in itertools.chain(s, t):
        if c.isdigit():
            count += 1
    return count


def prefix3(s: str) -> bool:
    return tuple(itertools.islice(s, 3)) == ("a", "b", "c")


def zero_pad(s: str) -> int:
    if s.zfill(4) == "0042":
        return 1
    return 0


def justify(s: str) -> int:
    if s.rjust(4, "*") == "**ab":
        return 1
    return 0
