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


def amount(n: int) -> int:
    text = f"{n:,}"
    if text == "1,000,000":
        return 1
    if "," in text:
        return 2
    return 0


def initial(n: int) -> int:
    # n = 0 first: CPython raises OverflowError, and the range must be recorded all the same
    if "%c" % (n - 1) == "A":
        return 1
    return 0


def doubled(s: str) -> int:
    n = 0
    for a, b in itertools.pairwise(s):
        if a == b:
            n += 1
    return n


def longest_run(s: str) -> int:
    best = 0
    for _, group in itertools.groupby(s):
        best = max(best, len(list(group)))
    return best


def either_has_x(s: str, t: str) -> int:
    for c in itertools.chain(s, t):
        if c == "x":
            return 1
    return 0


def starts_ab(s: str) -> int:
    if "".join(itertools.islice(s, 2)) == "ab":
        return 1
    return 0


def pairs_sum(xs: list[int]) -> int:
    for a, b in itertools.combinations(xs, 2):
        if a + b == 10:
            return 1
    return 0


def cut(s: str, n: int) -> int:
    # the count is read by C as a machine integer: an escape that stays recorded
    return 1 if "".join(itertools.islice(s, n)) == "ab" else 0


GRADES = [60, 70, 80, 90]


def grade(score: int) -> str:
    return "FDCBA"[bisect.bisect(GRADES, score)]


def digit_or_letter(cp: int) -> int:
    i = bisect.bisect_left([0x30, 0x3A, 0x41, 0x5B], cp)
    return i % 2


def rank_in(xs: list[int], x: int) -> int:
    # the searched list is symbolic: C reads its length directly; stays recorded
    return bisect.bisect_left(xs, x)


def kind(c: str) -> int:
    if len(c) != 1:
        return -1
    k = unicodedata.category(c)
    if k == "Lu":
        return 1
    if k.startswith("N"):
        return 2
    if k == "Zs":
        return 3
    return 0


def latin_kind(c: str) -> int:
    if len(c) != 1 or ord(c) > 255:
        return -1
    return kind(c)


def rtl(c: str) -> int:
    if len(c) != 1 or ord(c) >= 0x800:
        return -1
    d = unicodedata.bidirectional(c)
    if d == "AL":
        return 2
    if d == "R":
        return 1
    return 0


def folded(s: str) -> int:
    if not s.isascii():
        return -1
    if unicodedata.normalize("NFKC", s) == "ab":
        return 1
    return 0


def decomposable(c: str) -> int:
    # an unmodelled function of a modelled module: recorded under its own name
    if len(c) != 1:
        return -1
    return 1 if unicodedata.decomposition(c) == "" else 0


OUTCOMES = {
    "kind": {-1, 0, 1, 2, 3},
    "latin_kind": {-1, 0, 1, 2, 3},
    "folded": {-1, 0, 1},
    "rtl": {-1, 0, 1, 2},
    "doubled": {0, 1, 2},
    "longest_run": {0, 1, 2, 3},
    "either_has_x": {0, 1},
    "starts_ab": {0, 1},
    "pairs_sum": {0, 1},
    "grade": set("FDCBA"),
    "digit_or_letter": {0, 1},
    "code_point": {0, 1, 2},
    "color": {"orange", "wide", "other"},
    "percent_hex": {0, 1, 2},
    "mode": {0, 1, 2, 3},
    "amount": {0, 1, 2},
    "initial": {0, 1, "OverflowError"},
}
