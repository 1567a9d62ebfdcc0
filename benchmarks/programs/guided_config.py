"""Our own program for guided DSE (ICSE'16 §2), on strings: a configuration line
`key=digits` whose review assumed every setting has a key, and that the setting
`n` has at most three digits; an assumption made in one branch only.

    parse_setting(line):
        eq = line.find("=");  if eq < 0: return -1
        assumed eq > 0 as keyed
        if key == "n": assumed len(digits) <= 3 as short; limit = 1000
        else:          limit = 10**7
        value = to_number(digits)            a loop with a branch per character
        if value < 0: return -2
        assert key != "" verified keyed
        assert value < limit verified short

In the `else` branch `short` is never assumed, so it keeps its initial value,
true: for any other key the second assertion is verified (digits fit in the
string bound).  The unverified executions are lines with an empty key (`=12`)
and `n` with four digits or more (`n=1000`), and both fail.  The may-unverified
condition `not keyed or not short` is inserted at the start of both branches of
`if key == "n"`: it prunes the exploration of `to_number` for every line with a
key (any key but `n`, and `n` with at most three digits).

Bounded strings: with `--max-str-len 8`, `n=1000` (6 characters) is reachable.
"""
import smartest

EXPECTED = {
    "function": "parse_setting",
    "bug": "AssertionError('setting without a key') for '=<digits>'; "
           "AssertionError('value over its limit') for 'n=' and four or more digits",
    "bug_input": {"line": "=1"},
    "unreachable": [],
    "paths": None,
    "unverified_bugs": {"setting without a key": {"line": "=1"},
                        "value over its limit": {"line": "n=1000"}},
    "paper": "our own",
}


def to_number(digits: str) -> int:
    """The value of a string of decimal digits; -1 if it is empty or has another character."""
    if len(digits) == 0:
        return -1
    value = 0
    for ch in digits:
        if ch < "0" or ch > "9":
            return -1
        value = value * 10 + (ord(ch) - 48)
    return value


def parse_setting(line: str) -> int:
    eq = line.find("=")
    if eq < 0:
        return -1
    smartest.assumed(eq > 0, "keyed")
    key = line[:eq]
    digits = line[eq + 1:]
    if key == "n":
        smartest.assumed(len(digits) <= 3, "short")
        limit = 1000
    else:
        limit = 10**7
    value = to_number(digits)
    if value < 0:
        return -2
    smartest.check(len(key) > 0, verified="keyed", message="setting without a key")
    smartest.check(value < limit, verified="short", message="value over its limit")
    return value
