"""Targets for SMART: helpers whose summaries must be exact across calls.

Each entry point has finitely many paths under small bounds, so DART's and
SMART's complete searches must find the same bugs (Theorem 2)."""
import sys


def digit(c: str) -> int:
    """Raises on a non-digit: the caller catches it once and lets it escape once."""
    if c < "0" or c > "9":
        raise ValueError("not a digit")
    return ord(c) - 48


def two_digits(a: str, b: str) -> str:
    if len(a) != 1 or len(b) != 1:
        return "length"
    try:
        x = digit(a)
    except ValueError:
        return "bad first"
    y = digit(b)                    # a ValueError here escapes: "raise ValueError"
    if x + y == 17:
        raise AssertionError("8 + 9")  # the bug needs both summaries' values
    return "ok"


def bracket(s: str, left: str = "<") -> str:
    """A string result longer than any input: the summary's term must not be cut
    to the input bound."""
    return left + s + ">"


def bracketed(s: str) -> str:
    t = bracket(s)
    if len(t) == 6 and t[3] == "x":
        raise AssertionError("four characters, x in the middle")
    if t.startswith("<ab"):
        return "ab"
    return "other"


def is_even(n: int) -> bool:
    if n < 0:
        return is_even(-n)
    if n == 0:
        return True
    if n == 1:
        return False
    return is_even(n - 2)


def parity(x: int, y: int) -> str:
    """Recursion inside summarized calls, and a bool result used in arithmetic."""
    if x > 4 or x < -4 or y > 4 or y < -4:
        return "out of range"
    count = is_even(x) + is_even(y)
    if count == 2 and x + y == 8:
        raise AssertionError("both even, sum 8")
    return "count %d" % count


class Meter:
    unit = 10

    def scaled(self, v: int) -> int:
        if v > 3:
            return v * self.unit
        return v

    @staticmethod
    def clamp(v: int, hi: int = 50) -> int:
        if v > hi:
            return hi
        return v


def metered(a: int, b: int) -> int:
    m = Meter()
    total = Meter.clamp(m.scaled(a)) + Meter.clamp(m.scaled(b), hi=35)
    if total == 85:
        raise AssertionError("both clamped")
    return total


def countdown(n: int) -> int:
    if n <= 0:
        # How many more frames the recursion limit allows here.
        frame, depth = sys._getframe(), 0
        while frame is not None:
            depth += 1
            frame = frame.f_back
        raise ValueError(str(sys.getrecursionlimit() - depth))
    return countdown(n - 1)


def deep(x: int) -> int:
    """Every run raises with the frames left at the deepest point: interception
    must leave the target the budget it has when it runs plainly."""
    if x > 5:
        return countdown(4)
    return countdown(2)


def maybe(x: int):
    if x > 10:
        return None
    return x * 2


def pair(x: int):
    """An object result whose contents depend on the path: one outcome class per path."""
    if x > 0:
        return (x, 1)
    return (0, x)


def keyword(x: int, *, scale: int = 3, flag: bool = False) -> int:
    if flag and x > 2:
        return x * scale
    return x


def even(n: int) -> bool:
    if n == 0:
        return True
    return odd(n - 1)


def odd(n: int) -> bool:
    if n == 0:
        return False
    return even(n - 1)


def total(xs) -> int:
    """A list argument: the call is inlined."""
    t = 0
    for v in xs:
        if v > 0:
            t += v
    return t


def shapes(x: int, y: int) -> str:
    """None or an int, a tuple, keyword-only parameters, mutual recursion, a list."""
    m = maybe(x)
    r = "none" if m is None else ("eight" if m == 8 else "some")
    p, q = pair(y)
    if p == 5 and q == 1:
        raise AssertionError("pair five")
    if keyword(x, flag=True) == 12:
        r += "k"
    if 0 <= x <= 4 and even(x):
        r += "e"
    if total([x, y]) == 9 and x < 0:
        raise AssertionError("total")
    return r
