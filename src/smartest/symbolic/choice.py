"""Decisions taken while an input is built, before the target's code runs.

Some inputs cannot carry a symbolic value: `x is None` compares identities and calls
no method, an Enum member must be the member itself.  So which alternative of a
Union (or which member of an Enum) an input takes is decided when the input is built,
as a chain of branches on the input's *choice* variable (`tag == 0?`, `tag == 1?`...),
like an `if/elif` the caller wrote: DFS negates each in turn, so every alternative is
run, and a branch of the target on `x is None` is explored both ways.

Containers whose elements are built this way (a `list[Optional[int]]`, a list of
dataclass instances) build them in a loop that records its loop tests `k < len`, so
the length is decided before the elements' decisions, in the same order on every run.

Each decision gets a site of its own, named after the input (`<input x>`), since no
line of the target's code is running.
"""
from __future__ import annotations

from functools import lru_cache
from types import CodeType

from smartest.terms import Term, build, const
from smartest.trace.recorder import ACTIVE
from smartest.trace.site import Site


@lru_cache(maxsize=None)
def _code(name: str) -> CodeType:
    return compile("pass", f"<input {name}>", "exec")


def input_site(name: str, step: int = 0) -> Site:
    """The site of the `step`-th decision about input `name`."""
    return Site(_code(name), step)


def decide(name: str, tag: Term, index: int, count: int) -> None:
    """Record that input `name` took alternative `index` of `count` (tag == index)."""
    rec = ACTIVE.get()
    if rec is None:
        return
    for j in range(min(index + 1, count - 1)):  # tag == count-1 follows from the others
        rec.branch(build.eq(tag, const(j)), j == index, site=input_site(name, j))


def building_loop(name: str, length: Term, count: int) -> None:
    """Record the loop tests `k < len` of building `count` elements one by one."""
    rec = ACTIVE.get()
    if rec is None:
        return
    site = input_site(name + ".len")
    for k in range(count + 1):
        rec.branch(build.lt(const(k), length), k < count, site=site)


def assume_at_input(name: str, condition: Term) -> None:
    """A condition every value of input `name` satisfies and no search negates
    (the keys of a dict are distinct): on the path, so any query that mentions one
    of its variables mentions all of them."""
    rec = ACTIVE.get()
    if rec is not None:
        rec.assume(condition, True, site=input_site(name + ".distinct"))
