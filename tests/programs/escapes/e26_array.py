"""array.array (C) built from a list input.

An escape channel (issue 11): smartest either reaches every outcome or says the
exploration is incomplete."""
import array


def f(xs: list[int]) -> int:
    try:
        a = array.array("b", xs)
    except OverflowError:
        return -1
    if a.tobytes() == b"\x05":
        return 1
    return 0


EXPECTED = {
    'function': 'f',
    'reach': ['return -1', 'return 0', 'return 1'],
    'max_len': 2,
    'witness': {'return -1': {'xs': [200]}, 'return 0': {'xs': []}, 'return 1': {'xs': [5]}},
}
