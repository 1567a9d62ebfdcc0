"""Union[int, str]: isinstance picks the alternative, then each alternative branches."""
from typing import Union


def describe(v: Union[int, str]) -> str:
    if isinstance(v, int):
        if v < 0:
            return "negative_int"
        return "int"
    if v.isdigit():
        return "numeric_str"
    if v == "":
        return "empty_str"
    return "str"


EXPECTED = {
    "function": "describe",
    "reach": [
        "return 'negative_int'",
        "return 'int'",
        "return 'numeric_str'",
        "return 'empty_str'",
        "return 'str'",
    ],
    "never": ["bug AttributeError"],
    "complete": True,
    "max_str_len": 2,
    "alphabet": "1a",
    "witness": {
        "return 'negative_int'": {"v": -1},
        "return 'int'": {"v": 0},
        "return 'numeric_str'": {"v": "12"},
        "return 'empty_str'": {"v": ""},
        "return 'str'": {"v": "1a"},
    },
}
