"""`for b in data` over bytes (each item an int) with a masked running sum."""


def checksum(data: bytes) -> str:
    total = 0
    for b in data:
        total = (total + b) & 0xFF
    if total == 0x42 and len(data) == 2:
        return "magic"
    if total == 0:
        return "zero"
    return "other"


EXPECTED = {
    "function": "checksum",
    "reach": ["return 'magic'", "return 'zero'", "return 'other'"],
    "never": [],
    "complete": True,
    "max_str_len": 3,
    "max_len": 3,
    # length 0: 1; lengths 1 and 3: sum 0x42 (then not length 2) / zero / other;
    # length 2: magic / zero / other
    "paths": 10,
    "witness": {
        "return 'magic'": {"data": b"\x41\x01"},
        "return 'zero'": {"data": b"\x80\x80"},
        "return 'other'": {"data": b"B"},
    },
}
