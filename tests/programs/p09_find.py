"""str.find: where does the first 'ab' occur?"""


def locate(s: str) -> str:
    i = s.find("ab")
    if i < 0:
        return "absent"
    if i == 0:
        return "start"
    if i + 2 == len(s):
        return "end"
    return "middle"


EXPECTED = {
    "function": "locate",
    "reach": [
        "return 'absent'",
        "return 'start'",
        "return 'end'",
        "return 'middle'",
    ],
    "never": [],
    "complete": True,
    "paths": 4,
    "witness": {
        "return 'absent'": {"s": ""},
        "return 'start'": {"s": "ab"},
        "return 'end'": {"s": "xab"},
        "return 'middle'": {"s": "xaby"},
    },
}
