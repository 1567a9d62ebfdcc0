"""A checksum loop over indices (for i in range(len(s))) with modular arithmetic on ord()."""


def checksum(s: str) -> str:
    total = 0
    for i in range(len(s)):
        total = (total * 31 + ord(s[i])) % 256
    if len(s) == 2 and total == 42:
        return "magic"
    if total == 0:
        return "zero"
    return "other"


EXPECTED = {
    "function": "checksum",
    "reach": ["return 'magic'", "return 'zero'", "return 'other'"],
    "never": [],
    "complete": True,
    # length 0: 1 (total is 0); length 1, 3, 4: zero / other; length 2: magic / zero / other
    "paths": 10,
    "witness": {
        "return 'magic'": {"s": "ak"},
        "return 'zero'": {"s": ""},
        "return 'other'": {"s": "a"},
    },
}
