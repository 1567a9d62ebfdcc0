"""Memoized expansions (LATEST section 4.3): concrete paths already found for a call.

"We can apply summarization at function boundaries in concretize, that first checks
if a concrete path in the current function with the current symbolic constraints
has been seen before (and if so, returns it), and only performs the exploration if
a summary has not been seen before."

A call is identified by its function and its arguments' terms (`key`): the same
function on the same symbolic arguments decides its branches on the same terms, so
a concrete path found for it in one context (a `KnownPath`: the decisions inside
the call, their constraints, the result's term) is a candidate in any other.  The
searcher tries known paths first, conjoined with the rest of the abstract path it
is concretizing, and runs the ones the solver accepts; each run is then checked
like any other (stateless, section 4.2), so a path that no longer fits (the callee
read state its arguments do not show) costs one run, never a wrong answer.

When an expansion enumerated *every* path of a call in a context (no divergence,
no unknown answer, no early stop), the call's known paths are all its paths under
that context's constraints on the call's arguments (`relevant_context`); a later
expansion of the same call in a context that implies it (a superset of those
constraints) needs no new exploration: the known paths the solver rejects are
refuted, as the conceptual algorithm of section 4.1 would.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

from smartest.calls.lazy import is_alpha
from smartest.symbolic.realize import term_of
from smartest.terms import Term
from smartest.trace.path import Branch
from smartest.trace.recorder import CallRecord

_NONE = ("none",)


@dataclass(frozen=True)
class KnownPath:
    decisions: tuple                  # (site, taken) of every branch inside the call
    constraints: tuple[Term, ...]     # those branches as they held
    result: Term | None               # the return value's term (None: the call raised)


def _arg_key(value) -> Hashable | None:
    if value is None:
        return _NONE
    t = term_of(value)
    if t is None or any(is_alpha(v.value) for v in t.free):
        return None
    return t


def call_key(record: CallRecord) -> Hashable | None:
    """What determines the call's behaviour, if its arguments are values we can key on."""
    parts = []
    for a in record.args:
        k = _arg_key(a)
        if k is None:
            return None
        parts.append(k)
    for name in sorted(record.kwargs):
        k = _arg_key(record.kwargs[name])
        if k is None:
            return None
        parts.append((name, k))
    return (record.qualname, tuple(parts))


def relevant_context(prefix: Sequence[Branch], record: CallRecord) -> frozenset[Term]:
    """The constraints of `prefix` that (transitively) share a variable with the call's
    arguments: the only part of the context that can restrict the call's paths."""
    variables = set()
    for a in (*record.args, *record.kwargs.values()):
        t = term_of(a)
        if t is not None:
            variables |= t.free
    constraints = [b.constraint for b in prefix]
    chosen: set[Term] = set()
    grew = True
    while grew:
        grew = False
        for c in constraints:
            if c not in chosen and not c.free.isdisjoint(variables):
                chosen.add(c)
                variables |= c.free
                grew = True
    return frozenset(chosen)


class Expansions:
    """Known concrete paths per call key, and the contexts in which they are all."""

    def __init__(self) -> None:
        self._paths: dict[Hashable, dict[tuple, KnownPath]] = {}
        self._complete: dict[Hashable, list[frozenset[Term]]] = {}

    def learn(self, view) -> None:
        """Record every call of a run that really ran with all its callees."""
        if not view.run.complete:
            return
        for i, c in enumerate(view.calls):
            if c.mode != "expanded" or not view.fully_concrete(i):
                continue
            key = call_key(c)
            if key is None:
                continue
            end = c.end if c.end >= 0 else len(view.path)
            branches = view.path[c.start:end]
            decisions = tuple((b.site, b.taken) for b in branches)
            known = self._paths.setdefault(key, {})
            if decisions not in known:
                result = None if c.raised is not None else term_of(c.result)
                known[decisions] = KnownPath(decisions, tuple(b.constraint for b in branches), result)

    def known(self, key: Hashable) -> list[KnownPath]:
        return list(self._paths.get(key, {}).values())

    def mark_complete(self, key: Hashable, context: frozenset[Term]) -> None:
        self._complete.setdefault(key, []).append(context)

    def is_complete(self, key: Hashable, context: frozenset[Term]) -> bool:
        return any(done <= context for done in self._complete.get(key, ()))

    def __len__(self) -> int:
        return sum(len(v) for v in self._paths.values())
