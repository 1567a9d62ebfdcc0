"""Targets for opaque functions and mixed solving, annotated as a user would.

`fig1_line7` is the line #7 variant of the ISSTA'11 Figure 1 with the paper's own
annotations on `native_hash` (`@Concrete("true")`, `@Partition x > 3, x <= 3`);
`lookup` uses the builtin `hash` (in the default opaque set); `checksum_gate` calls
an opaque function on a string.
"""
import struct

import smartest


@smartest.partition(lambda x: x > 3, lambda x: x <= 3)
@smartest.opaque
def native_hash(x: int) -> int:
    """10*x for 0 <= x <= 10, else 0, computed by C (struct) so no proxy sees it."""
    try:
        (v,) = struct.unpack("<q", struct.pack("<q", x))
    except struct.error:
        return 0
    return 10 * v if 0 <= v <= 10 else 0


def fig1_line7(x: int, y: int) -> int:
    if x > 0 and y == native_hash(x):
        a = 0  # S0
    else:
        a = 1  # S1
    if y > 10:
        b = 3  # S3
    else:
        b = 4  # S4
    return 10 * a + b


def lookup(x: int) -> int:
    """hash() of a small int is the int itself, which no solver knows."""
    if x > 0 and hash(x) % 10 == 7:
        raise AssertionError("bucket 7")
    return 0


@smartest.opaque
def digest(s: str) -> int:
    """A checksum of the text: no solver inverts it."""
    return sum(ord(c) * 31 ** i for i, c in enumerate(s)) % 1000


def checksum_gate(s: str, n: int) -> int:
    if len(s) >= 2 and s[0] == "x" and n == digest(s):
        raise AssertionError("gate opened")
    return 0
