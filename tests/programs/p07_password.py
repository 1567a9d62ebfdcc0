"""String equality with a fixed password."""


def login(pw: str) -> str:
    if pw == "s3cr":
        return "granted"
    if len(pw) != 4:
        return "bad_length"
    if pw[0] == "s":
        return "close"
    return "denied"


EXPECTED = {
    "function": "login",
    "reach": [
        "return 'granted'",
        "return 'bad_length'",
        "return 'close'",
        "return 'denied'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "max_str_len": 4,
    "paths": 4,
    "witness": {
        "return 'granted'": {"pw": "s3cr"},
        "return 'bad_length'": {"pw": ""},
        "return 'close'": {"pw": "sabc"},
        "return 'denied'": {"pw": "abcd"},
    },
}
