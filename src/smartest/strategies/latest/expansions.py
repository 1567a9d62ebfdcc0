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
from typing import Callable, Hashable, Mapping, Sequence

from smartest.strategies.latest.policy import FORMAL_MARK, CallId, formal_slots, is_alpha
from smartest.symbolic.realize import realize, term_of
from smartest.terms import Term, var
from smartest.terms.rewrite import substitute
from smartest.trace.path import Branch
from smartest.trace.recorder import CallRecord

_NONE = ("none",)
_FORMAL = ("formal",)


_AT_CACHE: dict = {}   # KnownPath -> {call id: the path renamed for that call}


@dataclass(frozen=True, eq=False)
class KnownPath:
    """A concrete path of a call, over its formals renamed relative (`i#*`)."""

    decisions: tuple                  # (site, taken) of every branch inside the call
    constraints: tuple[Term, ...]     # those branches as they held
    result: Term | None               # the return value's term (None: the call raised)

    def at(self, cid: CallId) -> "KnownPath":
        """The path for call `cid`: relative formals renamed to that call's."""
        cache = _AT_CACHE.get(self)
        if cache is None:
            if len(_AT_CACHE) > 4096:
                _AT_CACHE.clear()
            cache = _AT_CACHE[self] = {}
        hit = cache.get(cid)
        if hit is None:
            hit = cache[cid] = self._at(cid)
        return hit

    def _at(self, cid: CallId) -> "KnownPath":
        mapping = {}
        for t in (*self.constraints, *((self.result,) if self.result is not None else ())):
            for v in t.free:
                if FORMAL_MARK + "*" in v.value and v not in mapping:
                    mapping[v] = var(v.value.replace(FORMAL_MARK + "*", FORMAL_MARK + _dotted(cid), 1), v.sort)
        if not mapping:
            return self
        return KnownPath(self.decisions, tuple(substitute(c, mapping) for c in self.constraints),
                         None if self.result is None else substitute(self.result, mapping))


def _dotted(cid: CallId) -> str:
    return ".".join(map(str, cid))


def _relative(terms, cid: CallId) -> dict[Term, Term]:
    """Renaming of call `cid`'s formals and its callees' (`i#3`, `c#3.0`) to `i#*`, `c#*.0`."""
    own = _dotted(cid)
    mapping = {}
    for t in terms:
        for v in t.free:
            base, mark, where = v.value.partition(FORMAL_MARK)
            if mark and (where == own or where.startswith(own + ".")):
                mapping[v] = var(base + FORMAL_MARK + "*" + where[len(own):], v.sort)
    return mapping


def _arg_key(value) -> Hashable | None:
    if value is None:
        return _NONE
    t = term_of(value)
    if t is None or any(is_alpha(v.value) for v in t.free):
        return None
    return t


def call_key(record: CallRecord, fn) -> Hashable | None:
    """What determines the call's behaviour: its function, and the terms of the
    arguments it does not take as formals (an integer argument is a formal: any value)."""
    slots = {w for w, _ in formal_slots(fn, record.args, record.kwargs)}
    parts = []
    for k, a in enumerate(record.args):
        key = _FORMAL if k in slots else _arg_key(a)
        if key is None:
            return None
        parts.append(key)
    for name in sorted(record.kwargs):
        key = _FORMAL if name in slots else _arg_key(record.kwargs[name])
        if key is None:
            return None
        parts.append((name, key))
    return (record.qualname, tuple(parts))


def relevant_context(prefix: Sequence[Branch], record: CallRecord, links: Sequence[Term],
                     cid: CallId) -> frozenset[Term]:
    """The constraints of the context of call `cid` that can restrict its paths: its
    links (formals renamed relative) and the constraints of `prefix` that share a
    variable, directly or transitively, with its arguments."""
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
    rename = _relative(links, cid)
    return frozenset(chosen) | {substitute(link, rename) for link in links}


class Expansions:
    """Known concrete paths per call key, and the contexts in which they are all."""

    def __init__(self, functions: Mapping[str, Callable]) -> None:
        self._function = functions.get         # qualified name -> the function (for its signature)
        self._paths: dict[Hashable, dict[tuple, KnownPath]] = {}
        self._complete: dict[Hashable, list[frozenset[Term]]] = {}
        self._uses: dict[tuple, int] = {}
        self._results: dict[tuple, Term] = {}     # (function, plain args) -> constant result

    def learn(self, view) -> None:
        """Record every call of a run that really ran with all its callees."""
        if not view.run.complete:
            return
        for i, c in enumerate(view.calls):
            if c.mode == "concrete" and c.raised is None:
                self._learn_result(c)
                continue
            if c.mode != "expanded" or not view.fully_concrete(i):
                continue
            key = call_key(c, self._function(c.qualname))
            if key is None:
                continue
            end = c.end if c.end >= 0 else len(view.path)
            branches = view.path[c.start:end]
            decisions = tuple((b.site, b.taken) for b in branches)
            known = self._paths.setdefault(key, {})
            if decisions not in known:
                result = None if c.raised is not None else term_of(c.result)
                constraints = tuple(b.constraint for b in branches)
                rename = _relative((*constraints, *((result,) if result is not None else ())), view.ids[i])
                known[decisions] = KnownPath(decisions, tuple(substitute(t, rename) for t in constraints),
                                             None if result is None else substitute(result, rename))

    def _learn_result(self, c: CallRecord) -> None:
        try:
            key = (c.qualname, tuple(realize(a) for a in c.args), tuple(sorted(c.kwargs.items())))
            result = term_of(c.result)
            if result is not None and result.op == "const" and len(self._results) < 100_000:
                self._results[key] = result
        except TypeError:   # unhashable arguments
            pass

    def result(self, qualname: str, args: tuple, kwargs: Mapping[str, object]) -> Term | None:
        """The constant a call with these plain arguments returned when it ran (section
        4.4: a call with no symbolic argument is not abstracted, it just runs)."""
        try:
            return self._results.get((qualname, tuple(args), tuple(sorted(kwargs.items()))))
        except TypeError:
            return None

    def known(self, key: Hashable) -> list[KnownPath]:
        """The known paths of a call, those that served most often first."""
        paths = list(self._paths.get(key, {}).values())
        paths.sort(key=lambda kp: -self._uses.get(kp.decisions, 0))
        return paths

    def path(self, key: Hashable, decisions: tuple) -> KnownPath | None:
        """The known path of a call with these decisions, if any."""
        return self._paths.get(key, {}).get(decisions)

    def used(self, known: KnownPath) -> None:
        """`known` was part of a concretization: try it early next time."""
        self._uses[known.decisions] = self._uses.get(known.decisions, 0) + 1

    def mark_complete(self, key: Hashable, context: frozenset[Term]) -> None:
        self._complete.setdefault(key, []).append(context)

    def is_complete(self, key: Hashable, context: frozenset[Term]) -> bool:
        return any(done <= context for done in self._complete.get(key, ()))

    def __len__(self) -> int:
        return sum(len(v) for v in self._paths.values())
