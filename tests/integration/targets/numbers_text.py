"""Targets for the numbers-and-text tests: each function's outcomes are checked by
re-running the generated inputs on the plain function."""
import math


def bits(x: int, y: int) -> str:
    """Bit operations with a constant operand on negative and huge ints: exact, never
    wrapped, and every infeasible combination provable (linear integer arithmetic)."""
    if x & 0xFF == 0x80 and x < 0:
        return "low_byte_negative"
    if (x ^ -1) == y and y > 2**70:
        return "complement_huge"
    if x >> 64 == -3:
        return "shifted_down"
    if ~x == 2**64:
        return "inverted"
    if x | 0x0F == -1 and y << 3 == -8:
        return "masked"
    return "other"


def mixed_bits(x: int, y: int) -> str:
    """Bit operations between two symbolic ints (bit-vectors of a width per query)."""
    if x | y == 7 and x & y == 0 and x > y > 0:
        return "split_bits"
    if x ^ y == -1 and x > 2**64:
        return "complement"
    return "other"


def power(n: int) -> str:
    """** with an exponent the program bounds."""
    if 0 <= n <= 100:
        if 3 ** n == 3**77:
            return "found"
        if 2 ** n > 10**20:
            return "big"
        return "small"
    return "outside"


def floats(x: float, y: float) -> str:
    """nan, the infinities and -0.0: every answer here is what CPython computes."""
    if x != x:
        return "nan"
    if x == y and math.copysign(1.0, x) != math.copysign(1.0, y):
        return "signed_zeros"
    if x > 1e308 and x + x == x:
        return "inf_sum"
    if x * 0.0 != 0.0:
        assert math.isinf(x), "only an infinity times zero is not zero here"
        return "inf_times_zero"
    if -x == 0.0 and 1.0 / y < 0.0:
        return "negative_inverse"   # a ZeroDivisionError for y == +-0.0
    return "plain"


def text(s: str) -> str:
    """Strings through split, strip, case, int(), an f-string and `in` on a literal."""
    parts = s.strip().split(":")
    if len(parts) == 2 and parts[0].lower() == "id":
        n = int(parts[1])
        label = f"{n:03d}"
        if label == "-07":
            return "minus_seven"
        return "id"
    if s and s[0] in "aeiou":
        return "vowel_first"
    return "other"


def data(b: bytes) -> str:
    """bytes: a magic number, an int per byte, UTF-8 decoding."""
    if b[:2] == b"\xff\xfe":
        return "bom"
    try:
        t = b.decode("utf-8")
    except UnicodeDecodeError:
        return "binary"
    if len(t) < len(b):
        return "multibyte"
    if b and b[-1] == 0x21:
        return "exclaim"
    return "ascii"
