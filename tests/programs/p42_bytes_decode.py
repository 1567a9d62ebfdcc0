"""bytes.decode('utf-8') with the UnicodeDecodeError caught; multi-byte sequences
decode to fewer characters than bytes."""


def text_kind(data: bytes) -> str:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "binary"
    if len(text) < len(data):
        return "multibyte"
    if text.isdigit():
        return "digits"
    return "ascii"


EXPECTED = {
    "function": "text_kind",
    "reach": [
        "return 'binary'",
        "return 'multibyte'",
        "return 'digits'",
        "return 'ascii'",
    ],
    "never": ["bug UnicodeDecodeError"],
    "complete": True,
    "max_str_len": 2,
    "max_len": 2,
    # verify.py: a lead byte of a two-byte sequence and digits
    "grid": {"data": [b"\xc3\xa9", b"\xc3", b"\xc3A", b"07", b"7", b"\xe2\x82"]},
    "witness": {
        "return 'binary'": {"data": b"\xff"},
        "return 'multibyte'": {"data": b"\xc3\xa9"},
        "return 'digits'": {"data": b"42"},
        "return 'ascii'": {"data": b""},
    },
}
