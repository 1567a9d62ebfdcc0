"""str.encode('utf-8'), int.from_bytes and bytes.hex: a two-byte character, the value
of the bytes, their hex spelling; a lone surrogate cannot be encoded (a bug)."""


def encoded(s: str) -> str:
    b = s.encode("utf-8")
    if len(b) == 2 and len(s) == 1:
        return "two_bytes"
    if int.from_bytes(b, "big") == 0x4142:
        return "AB"
    if b.hex() == "7a":
        return "z"
    return "other"


EXPECTED = {
    "function": "encoded",
    "reach": ["return 'two_bytes'", "return 'AB'", "return 'z'", "return 'other'", "bug UnicodeEncodeError"],
    "never": [],
    "complete": True,
    "max_str_len": 2,
    "witness": {"return 'two_bytes'": {"s": "\u00e9"}, "return 'AB'": {"s": "AB"}, "return 'z'": {"s": "z"},
                "return 'other'": {"s": "a"}, "bug UnicodeEncodeError": {"s": "\ud800"}},
    "alphabet": "ABaz\u00e9\ud800",
}
