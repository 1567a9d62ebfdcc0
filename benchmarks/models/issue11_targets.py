"""The small functions of issue 11's table, the channels modelled by models/regex.py,
models/binary.py, models/numbers.py (int(s, base)), models/syntax.py (dict lookups) and
models/twins.py (json), for benchmarks/models_e2e.py."""
import json
import re
import struct

VERSION = re.compile(r"^(\d+)\.(\d+)(?:\.(\d+))?$")
TABLE = {"GET": 1, "PUT": 2, "RM": 3}


def abc(s: str) -> int:
    if re.fullmatch(r"[a-c]+x", s):
        return 1
    return 0


def version(s: str) -> int:
    m = VERSION.match(s)
    if not m:
        return -1
    major, minor = int(m.group(1)), int(m.group(2))
    patch = m.group(3)
    if patch is None:
        return 0
    if major == 1 and minor == 2:
        assert int(patch) != 3
        return 2
    return 1


def hexff(s: str) -> int:
    try:
        v = int(s, 16)
    except ValueError:
        return -1
    return 1 if v == 255 else 0


def seven(s: str) -> int:
    try:
        v = json.loads(s)
    except ValueError:
        return -1
    return 1 if v == 7 else 0


def packed(n: int) -> int:
    if struct.pack("<i", n)[:1] == b"\x07":
        return 1
    return 0


def verb(s: str) -> int:
    n = TABLE.get(s)
    return 0 if n is None else n * 10


def pairs(s: str) -> int:
    d = {}
    for k, v in re.findall(r"(\w+)=(\d+)", s):
        d[k] = v
    return 5 if "ab" in d else len(d)


def backref(s: str) -> int:
    if re.match(r"(a)\1", s):
        return 1
    return 0
