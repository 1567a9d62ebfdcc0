"""A bug behind a hash no solver inverts, reached only after a divergence: the
negation of `y == hash(x)` must be tried again from the run that diverged (issue 12:
generational and demand search stopped with this side untried)."""
import zlib


def hash_of(v: int) -> int:
    return zlib.crc32(str(v).encode("ascii"))


def guarded(x: int, y: int) -> int:
    if x > 0:
        if y == hash_of(x) and x == 7:
            raise AssertionError("hash-guarded")
        return 1
    if x < -5:
        return 2
    return 0


EXPECTED = {
    "function": "guarded",
    "reach": ["return 0", "return 1", "return 2", "bug AssertionError"],
    "never": [],
    "complete": False,
    "witness": {
        "return 0": {"x": 0, "y": 0},
        "return 1": {"x": 1, "y": 0},
        "return 2": {"x": -6, "y": 0},
        "bug AssertionError": {"x": 7, "y": 1790921346},
    },
    "grid": {"y": [1790921346]},
}
