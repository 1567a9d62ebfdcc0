"""Builtin types used as values: isinstance(x, int), a tuple of types, a class chosen at
run time (`conv = str if flag else int`) and called, isinstance(conv, type), type(y) is
int.  An engine that shadows builtins with its models must keep every one of these
meaning what it means in plain Python (no TypeError, no unreachable return)."""


def convert(x: int, flag: bool) -> str:
    if not isinstance(x, int) or isinstance(x, (str, bytes, float)):
        return "not_an_int"
    conv = str if flag else int
    if not isinstance(conv, type):
        return "not_a_type"
    y = conv(x)
    if type(y) is int:
        return "int_big" if y > 3 else "int_small"
    if y == "7":
        return "seven"
    return "text"


EXPECTED = {
    "function": "convert",
    "reach": ["return 'int_big'", "return 'int_small'", "return 'seven'", "return 'text'"],
    "never": ["return 'not_an_int'", "return 'not_a_type'", "bug TypeError"],
    "complete": True,
    # flag false: y > 3 or not; flag true: str(x) == "7" or not
    "paths": 4,
    "witness": {
        "return 'int_big'": {"x": 4, "flag": False},
        "return 'int_small'": {"x": -5, "flag": False},
        "return 'seven'": {"x": 7, "flag": True},
        "return 'text'": {"x": 70, "flag": True},
    },
}
