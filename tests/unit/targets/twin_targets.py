"""Target for the pure-Python twin test: json.loads of a symbolic string."""
import json


def seven(s: str) -> int:
    try:
        v = json.loads(s)
    except ValueError:
        return -1
    if v == 7:
        return 1
    return 0
