"""str.count and str.replace of a two-character pattern; the assert relating their
lengths always holds."""


def rewrite(s: str) -> str:
    n = s.count("ab")
    t = s.replace("ab", "X")
    assert len(t) == len(s) - n
    if n == 2:
        return "two"
    if t == "X":
        return "exactly_ab"
    if n == 1:
        return "one"
    if s.count("a") > 2:
        return "many_a"
    return "none"


EXPECTED = {
    "function": "rewrite",
    "reach": [
        "return 'two'",
        "return 'exactly_ab'",
        "return 'one'",
        "return 'many_a'",
        "return 'none'",
    ],
    "never": ["bug AssertionError"],
    "complete": True,
    "max_str_len": 4,
    "witness": {
        "return 'two'": {"s": "abab"},
        "return 'exactly_ab'": {"s": "ab"},
        "return 'one'": {"s": "aab"},
        "return 'many_a'": {"s": "aaa"},
        "return 'none'": {"s": "ba"},
    },
}
