"""A hash-guarded assertion after a range check (issue 12's `mixed_hash`, after
SMART section 1's `obscure`): the bug needs y == crc32(str(x)) and x == 7.

DART records `y == h` with h the run-time value of the hash of the current x.
Solving `x == 7` under that constraint keeps y == h(x0) and sets x = 7, so the run
diverges (the hash of 7 is another number).  A search that trusts its execution
tree has then seen the side `y == hash(x)` taken and the side `x == 7` diverged,
and stops ("stalled") with 5 of 6 branches; the bug needs one more negation of
`y == hash(x)` from the diverged run, where the hash is that of 7.
"""
import zlib

EXPECTED = {
    "function": "mixed_hash",
    "bug": "AssertionError when y == crc32(str(x)) and x == 7",
    # zlib.crc32(b"7") == 1790921346
    "bug_input": {"x": 7, "y": 1790921346},
    "unreachable": [],
    "paths": {2: 5, 4: 5, 8: 5},
    "paper": "issue 12 (its own mixed_hash): DART found it at run 7; generational and demand stalled at runs 16-19 with 7 of 8 branches",
}


def hash_of(v: int) -> int:
    """A C routine over the decimal text of v: no solver inverts it."""
    return zlib.crc32(str(v).encode("ascii"))


def mixed_hash(x: int, y: int) -> int:
    if x > 0:
        if y == hash_of(x) and x == 7:
            raise AssertionError("hash-guarded bug")
        return 1
    if x < -5:
        return 2
    return 0
