"""Held-out campaign (issue 11): small wrappers over standard-library code and a few
small packages from the package index, none written for smartest.  Each takes str,
bytes or int inputs, calls the real library, and branches on the result so that its
return values are the outcomes to reach.  Explored by benchmarks/heldout.py."""
import base64
import binascii
import bisect
import calendar
import collections
import colorsys
import datetime
import decimal
import email.utils
import fnmatch
import fractions
import gettext
import hashlib
import heapq
import html
import ipaddress
import keyword
import re
import shlex
import string
import struct
import textwrap
import tomllib
import unicodedata
import urllib.parse
import zlib

try:    # packages from the index, installed into a scratch venv (see benchmarks/heldout.py)
    import inflection
    import roman
    import semver
    import stringcase
    import webcolors
except ImportError:     # the campaign skips their entries
    inflection = roman = semver = stringcase = webcolors = None


def shlex_split(s: str) -> int:
    try:
        parts = shlex.split(s)
    except ValueError:
        return -1
    return min(len(parts), 3)


def dedent(s: str) -> int:
    return 1 if textwrap.dedent(s) != s else 0


def unescape(s: str) -> int:
    u = html.unescape(s)
    if u == "<":
        return 2
    return 1 if u != s else 0


def plural(s: str) -> int:
    try:
        f = gettext.c2py(s)
    except ValueError:
        return -1
    return 1 if f(2) else 0


def parseaddr(s: str) -> int:
    name, addr = email.utils.parseaddr(s)
    if not addr:
        return 0
    return 2 if name else 1


def urlsplit(s: str) -> int:
    try:
        u = urllib.parse.urlsplit(s)
    except ValueError:
        return -1
    if u.scheme == "http":
        return 2
    return 1 if u.netloc else 0


def ipaddr(s: str) -> int:
    try:
        a = ipaddress.ip_address(s)
    except ValueError:
        return -1
    return a.version


def glob_like(s: str) -> int:
    return 1 if fnmatch.fnmatchcase(s, "a*b?") else 0


def template(s: str) -> int:
    try:
        r = string.Template(s).substitute(a="Z")
    except KeyError:
        return -2
    except ValueError:
        return -1
    return 1 if "Z" in r else 0


def hsv(r: int, g: int, b: int) -> int:
    h, s, v = colorsys.rgb_to_hsv(r, g, b)
    if v == 0:
        return 0
    if s == 0:
        return 1
    return 2 if h < 0.5 else 3


def month_days(y: int, m: int) -> int:
    try:
        return calendar.monthrange(y, m)[1]
    except ValueError:
        return -1


def b64(s: bytes) -> int:
    try:
        r = base64.b64decode(s, validate=True)
    except binascii.Error:
        return -1
    return min(len(r), 3)


def unhex(s: str) -> int:
    try:
        r = binascii.unhexlify(s)
    except (binascii.Error, ValueError):
        return -1
    return 1 if r == b"\xab" else 0


def crc(s: bytes) -> int:
    return 1 if zlib.crc32(s) % 4 == 0 else 0


def sha(s: str) -> int:
    return 1 if hashlib.sha256(s.encode()).hexdigest()[0] in "0123" else 0


def category(s: str) -> int:
    if len(s) != 1:
        return -1
    c = unicodedata.category(s)
    if c == "Lu":
        return 1
    return 2 if c == "Nd" else 0


def hex_width(n: int) -> int:
    return min(len(format(n, "x")), 4)


TABLE = str.maketrans("ab", "xy")


def translate(s: str) -> int:
    return 1 if s.translate(TABLE) == "xy" else 0


def most_common(s: str) -> int:
    top = collections.Counter(s).most_common(1)
    if not top:
        return 0
    return 2 if top[0][1] >= 3 else 1


def grade(n: int) -> int:
    return bisect.bisect([10, 20, 30], n)


def smallest(a: int, b: int, c: int) -> int:
    m = heapq.nsmallest(1, [a, b, c])[0]
    if m == a:
        return 0
    return 1 if m == b else 2


def dec(s: str) -> int:
    try:
        d = decimal.Decimal(s)
    except decimal.InvalidOperation:
        return -1
    if d.is_nan():
        return 3
    if d > 10:
        return 2
    return 1 if d < 0 else 0


def frac(s: str) -> int:
    try:
        f = fractions.Fraction(s)
    except ValueError:
        return -1
    except ZeroDivisionError:
        return -2
    return 1 if f.denominator == 1 else 2


def isodate(s: str) -> int:
    try:
        d = datetime.date.fromisoformat(s)
    except ValueError:
        return -1
    return 1 if d.month == 2 else 0


def key_value(s: str) -> int:
    key, sep, _ = s.partition("=")
    if not sep:
        return 0
    return 2 if key.isidentifier() else 1


def centered(s: str) -> int:
    return 1 if s.center(5, "*").startswith("**") else 0


def swapped(s: str) -> int:
    return 1 if s.swapcase() == "aB" else 0


def tabs(s: str) -> int:
    return 1 if len(s.expandtabs(4)) > 6 else 0


def lines(s: str) -> int:
    return min(len(s.splitlines()), 3)


def toml_keys(s: str) -> int:
    try:
        d = tomllib.loads(s)
    except tomllib.TOMLDecodeError:
        return -1
    return min(len(d), 2)


def squeeze(s: str) -> int:
    return 1 if re.sub(r"\s+", " ", s).strip() == "a b" else 0


def is_keyword(s: str) -> int:
    return 1 if keyword.iskeyword(s) else 0


def unpack_short(b: bytes) -> int:
    try:
        (v,) = struct.unpack("<H", b)
    except struct.error:
        return -1
    return 1 if v > 1000 else 0


def from_bytes(b: bytes) -> int:
    return 1 if int.from_bytes(b, "big") % 7 == 3 else 0


def grouped(n: int) -> int:
    return 1 if "," in "{:,}".format(n) else 0


def email_ok(s: str) -> int:
    return 1 if re.fullmatch(r"[a-z]+@[a-z]+\.[a-z]{2,3}", s) else 0


def quote(s: str) -> int:
    q = urllib.parse.quote(s)
    if q == s:
        return 0
    return 2 if "%20" in q else 1


# -- packages from the index -----------------------------------------------------------
def underscore(s: str) -> int:
    return 1 if inflection.underscore(s) != s.lower() else 0


def ordinal(n: int) -> int:
    return ["st", "nd", "rd", "th"].index(inflection.ordinal(n))


def semver_major(s: str) -> int:
    try:
        v = semver.Version.parse(s)
    except ValueError:
        return -1
    return 1 if v.major == 1 else 0


def from_roman(s: str) -> int:
    try:
        v = roman.fromRoman(s)
    except roman.InvalidRomanNumeralError:
        return -1
    return 2 if v > 10 else 1


def to_roman(n: int) -> int:
    try:
        r = roman.toRoman(n)
    except roman.OutOfRangeError:
        return -1
    return 1 if "X" in r else 0


def snake(s: str) -> int:
    return 1 if stringcase.snakecase(s) == "a_b" else 0


def normal_hex(s: str) -> int:
    try:
        h = webcolors.normalize_hex(s)
    except ValueError:
        return -1
    return 1 if h == "#ffffff" else 0
