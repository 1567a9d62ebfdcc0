"""Targets for the re end-to-end tests: unsupported syntax must be a recorded
concretization (backreference, lookahead), never a crash or a wrong branch."""
import re


def backref(s: str) -> int:
    if re.match(r"(a)\1", s):
        return 1
    return 0


def lookahead(s: str) -> int:
    if re.search(r"a(?=b)", s):
        return 1
    return 0
