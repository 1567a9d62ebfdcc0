"""f-strings (with a format spec) and %-formatting of an int and a str."""


def render(n: int, s: str) -> str:
    a = f"{n}:{s}"
    b = "%d-%s" % (n, s)
    if a == "7:ok":
        return "f_exact"
    if b.startswith("-"):
        return "negative"
    if len(a) > 4:
        return "long"
    if f"{n:03d}" == "042":
        return "padded_42"
    return "short"


EXPECTED = {
    "function": "render",
    "reach": [
        "return 'f_exact'",
        "return 'negative'",
        "return 'long'",
        "return 'padded_42'",
        "return 'short'",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "grid": {"n": [42, 100, 999, 1000]},
    "witness": {
        "return 'f_exact'": {"n": 7, "s": "ok"},
        "return 'negative'": {"n": -1, "s": ""},
        "return 'long'": {"n": 100, "s": "o"},
        "return 'padded_42'": {"n": 42, "s": "k"},
        "return 'short'": {"n": 7, "s": "o"},
    },
}
