"""Our own program for guided DSE (ICSE'16 §2–3): a bounded buffer driven by a
string of operations, with an assumption made inside a loop and verified and
unverified assertions interleaved in it.

    run(start, ops):                     start items already in a buffer of 4
        for op in ops:
            "+": assumed size < 4 as room        the review assumed it never fills
                 size += 1
                 assert size <= 4 verified room
            "-": assert size > 0 verified false  nobody checked pops
                 size -= 1
            other: log it (a helper with branches)
        assert size >= 0 verified false

`room` accumulates over the iterations (`a = a && P` each time), which the
abstraction follows to a fixed point.  The unverified assertions make the
may-unverified conditions true everywhere (nothing is pruned); the
must-unverified condition `not room` before the overflow check is where
guidance helps: `tryfirst` puts the inputs that overflow first (start = 4 and a
push).  Both the overflow and a pop from an empty buffer fail.
"""
import smartest

EXPECTED = {
    "function": "run",
    "bug": "AssertionError('buffer overflow') pushing onto a full buffer; AssertionError('pop from empty')",
    "bug_input": {"start": 4, "ops": "+"},
    "unreachable": [],
    "paths": None,
    "unverified_bugs": {"buffer overflow": {"start": 4, "ops": "+"},
                        "pop from empty": {"start": 0, "ops": "-"}},
    "paper": "our own",
}

CAPACITY = 4


def log_other(op: str) -> int:
    """A helper with its own branches, for operations that are neither push nor pop."""
    if op == " ":
        return 0
    if op == "?":
        return 1
    return 2


def run(start: int, ops: str) -> int:
    smartest.assume((start >= 0) & (start <= CAPACITY))
    size = start
    noise = 0
    for op in ops:
        if op == "+":
            smartest.assumed(size < CAPACITY, "room")
            size += 1
            smartest.check(size <= CAPACITY, verified="room", message="buffer overflow")
        elif op == "-":
            smartest.check(size > 0, verified="False", message="pop from empty")
            size -= 1
        else:
            noise += log_other(op)
    smartest.check(size >= 0, verified="False", message="negative size")
    return size * 10 + noise
