"""Targets for the re end-to-end tests: unsupported syntax must be a recorded
concretization (backreference, lookahead), never a crash or a wrong branch; a pattern
held by a class attribute is modelled."""
import re


def backref(s: str) -> int:
    if re.match(r"(a)\1", s):
        return 1
    return 0


def lookahead(s: str) -> int:
    if re.search(r"a(?=b)", s):
        return 1
    return 0


class Lexer:
    NUMBER = re.compile(r"\d+")

    def kind(self, s):
        return "num" if self.NUMBER.fullmatch(s) else "other"


def classify(s: str) -> str:
    """A pattern compiled at import time as a class attribute."""
    return Lexer().kind(s)
