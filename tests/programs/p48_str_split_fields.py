"""str.split(',') into fields: the number of parts and empty parts."""


def fields(line: str) -> str:
    parts = line.split(",")
    if len(parts) == 1:
        return "no_comma"
    if len(parts) == 2:
        return "key_value" if parts[0] else "empty_key"
    if parts[1] == "":
        return "empty_middle"
    return "three_or_more"


EXPECTED = {
    "function": "fields",
    "reach": [
        "return 'no_comma'",
        "return 'key_value'",
        "return 'empty_key'",
        "return 'empty_middle'",
        "return 'three_or_more'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "max_str_len": 4,
    "witness": {
        "return 'no_comma'": {"line": "abc"},
        "return 'key_value'": {"line": "k,v"},
        "return 'empty_key'": {"line": ",v"},
        "return 'empty_middle'": {"line": "a,,"},
        "return 'three_or_more'": {"line": ",a,"},
    },
}
