"""int(s, 16): invalid text raises ValueError (caught), 'ff' / '0xff' are 255."""


def hexval(s: str) -> int:
    try:
        v = int(s, 16)
    except ValueError:
        return -1
    if v == 255:
        return 1
    return 0


EXPECTED = {
    "function": "hexval",
    "reach": ["return -1", "return 1", "return 0"],
    "never": [],
    "complete": True,
    "max_str_len": 4,
    "witness": {"return -1": {"s": "g"}, "return 1": {"s": "ff"}, "return 0": {"s": "a"}},
}
