"""A target whose module a library caller keeps using after exploring it: every kind
of change installing models makes (a builtin's stand-in, a modelled module, a compiled
pattern at module and class level, rewritten `in` and f-strings) has something here."""
import re
import math

WORD = re.compile(r"[a-z]+")


class Checker:
    DIGITS = re.compile(r"[0-9]+")

    def digits(self, s: str) -> bool:
        return self.DIGITS.fullmatch(s) is not None


def classify(s: str, n: int) -> str:
    if "x" in s and WORD.fullmatch(s):
        return f"word {s}"
    if Checker().digits(s) and int(s) > n:
        return "bigger"
    if math.floor(n) == 7:
        return "seven"
    return "other"
