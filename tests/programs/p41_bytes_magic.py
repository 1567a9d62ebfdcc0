"""File-type sniffing on bytes: slice comparison, startswith, length, indexing (an int)."""


def sniff(data: bytes) -> str:
    if data[:2] == b"\x89P":
        return "png"
    if data.startswith(b"GI"):
        return "gif"
    if len(data) == 0:
        return "empty"
    if data[0] >= 0x80:
        return "high"
    if data[-1] == 0:
        return "nul_end"
    return "other"


EXPECTED = {
    "function": "sniff",
    "reach": [
        "return 'png'",
        "return 'gif'",
        "return 'empty'",
        "return 'high'",
        "return 'nul_end'",
        "return 'other'",
    ],
    "never": ["bug IndexError"],
    "complete": True,
    "max_str_len": 3,
    "max_len": 3,
    "paths": 6,
    "witness": {
        "return 'png'": {"data": b"\x89P"},
        "return 'gif'": {"data": b"GIF"},
        "return 'empty'": {"data": b""},
        "return 'high'": {"data": b"\xff\x00"},
        "return 'nul_end'": {"data": b"A\x00"},
        "return 'other'": {"data": b"G"},
    },
}
