"""'-'.join of two inputs, str.index that always finds its '-', and str.index that raises
ValueError when 'q' is missing (a runtime error: a bug)."""


def locate(a: str, b: str) -> str:
    joined = "-".join([a, b])
    first = joined.index("-")
    if first == 0:
        return "empty_first"
    if joined.count("-") > 1:
        return "dash_inside"
    pos = a.index("q")
    return "q_at_0" if pos == 0 else "q_later"


EXPECTED = {
    "function": "locate",
    "reach": [
        "return 'empty_first'",
        "return 'dash_inside'",
        "return 'q_at_0'",
        "return 'q_later'",
        "bug ValueError",
    ],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {
        "return 'empty_first'": {"a": "", "b": "q"},
        "return 'dash_inside'": {"a": "q", "b": "-"},
        "return 'q_at_0'": {"a": "qq", "b": ""},
        "return 'q_later'": {"a": "xq", "b": "x"},
        "bug ValueError": {"a": "x", "b": ""},
    },
}
