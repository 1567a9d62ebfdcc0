"""A `match` statement on a str with a guard, an or-pattern and a wildcard."""


def dispatch(cmd: str, arg: int) -> str:
    match cmd:
        case "go" if arg > 0:
            return "forward"
        case "go":
            return "stay"
        case "turn" | "spin":
            return "rotate"
        case _:
            return "unknown"


EXPECTED = {
    "function": "dispatch",
    "reach": ["return 'forward'", "return 'stay'", "return 'rotate'", "return 'unknown'"],
    "never": [],
    "complete": True,
    "max_str_len": 4,
    # go with arg > 0; go otherwise (the guard fails, then the second case); turn; spin; other
    "paths": 5,
    "alphabet": "gotursp",
    # verify.py: both words of the or-pattern
    "grid": {"cmd": ["turn", "spin", "go"]},
    "witness": {
        "return 'forward'": {"cmd": "go", "arg": 1},
        "return 'stay'": {"cmd": "go", "arg": 0},
        "return 'rotate'": {"cmd": "spin", "arg": 0},
        "return 'unknown'": {"cmd": "g", "arg": 0},
    },
}
