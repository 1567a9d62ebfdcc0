"""strip / rstrip and lower / upper: blank, case-insensitive keyword, all-caps, padding."""


def normalize(s: str) -> str:
    t = s.strip()
    if t == "":
        return "blank"
    if t.lower() == "ok":
        return "ok" if t == "ok" else "ok_mixed_case"
    if t.upper() == t and t.lower() != t:
        return "shouting"
    if t != s:
        if s.rstrip() == s:
            return "left_padded"
        return "padded"
    return "plain"


EXPECTED = {
    "function": "normalize",
    "reach": [
        "return 'blank'",
        "return 'ok'",
        "return 'ok_mixed_case'",
        "return 'shouting'",
        "return 'left_padded'",
        "return 'padded'",
        "return 'plain'",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    # verify.py: both cases of the keyword's letters, spaces and a non-letter
    "alphabet": "oOkK \t1",
    "witness": {
        "return 'blank'": {"s": " \t"},
        "return 'ok'": {"s": " ok"},
        "return 'ok_mixed_case'": {"s": "oK"},
        "return 'shouting'": {"s": "K1"},
        "return 'left_padded'": {"s": " k"},
        "return 'padded'": {"s": "k "},
        "return 'plain'": {"s": "k"},
    },
}
