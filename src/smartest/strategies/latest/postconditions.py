"""What every real call of an abstracted function has done so far: postconditions
read off runs, to postpone abstract paths no real call could follow.

An abstracted call answers a fresh value, free of everything the function really
does.  With PL/0's lexer abstracted, `skip_space(s, i)` may answer a position
before `i` or past the end of `s`, and `next_token(s, i)` a symbol where `i` is
past the end: the abstract search makes token sequences longer than the string
bound lets any input hold (`begin a:=0;while` fills 16 characters, and a 7th
token needs a 17th), and refuting one means enumerating the lexer's paths one
character value at a time (notes/s6-latest.md: runs 1,061 to 2,000 on one such
path).  SMART would summarize the lexer; LATEST's point is not to.  So the lazy
search keeps, per abstracted function, the few facts every real call of it has
satisfied, over templates of the kind a caller's arithmetic depends on (Daikon's
idea: candidate invariants, each dropped at the first run that breaks it):

    r >= a_k                 an int argument: positions move forward
    r <= len(s_j)            a str argument: positions stay inside the string
    r >= lo                  the least result seen: token lengths are positive
    (a_k >= len(s_j)) == (r == v)
                             one result exactly when the position is past the
                             end: the end-of-input symbol
    args == c -> r == v      a function of ints only: each argument tuple seen

`r >= a_k` and `r <= len(s_j)` are used only once calls met them with equality
at three distinct values (a position at the argument, at the end of strings of
three lengths): a symbol that happens to be no smaller than every position seen
(`next_token(s, 0)` answering NUL = 0) is not taken for a position.  Only int results have facts.

These are guesses from runs, not proofs.  An abstract path that, with them and the
input bounds, is unsatisfiable is *postponed* until every other abstract path is
done (searcher.py), never refuted: `complete` does not rest on them.
"""
from __future__ import annotations

from typing import Any

from smartest.terms import Term, build, const

_TABLE = 256        # argument tuples remembered per function of ints only
_INSIDE = 64        # results remembered per (position, string) pair inside the string
_TIGHT = 3          # distinct values a bound must be met with equality at before it is used


class _Facts:
    """The templates still standing for one function."""

    def __init__(self, args: tuple) -> None:
        ints = [k for k, a in enumerate(args) if type(a) is int]
        strs = [j for j, a in enumerate(args) if type(a) is str]
        self.arity = len(args)
        self.forward: dict[int, set] = {k: set() for k in ints}   # r >= a_k holds; the a_k met with equality
        self.inside: dict[int, set] = {j: set() for j in strs}    # r <= len(s_j) holds; the lengths met
        self.lo: int | None = None
        self.end: dict[tuple[int, int], Any] = {(k, j): None for k in ints for j in strs}
        self.within: dict[tuple[int, int], set] = {(k, j): set() for k in ints for j in strs}
        self.table: dict[tuple, int] | None = {} if not strs and ints and len(ints) == len(args) else None

    def observe(self, args: tuple, r: int) -> None:
        if len(args) != self.arity:
            return
        for k in list(self.forward):
            a = args[k]
            if type(a) is not int or r < a:
                del self.forward[k]
            elif r == a and len(self.forward[k]) < _TIGHT:
                self.forward[k].add(a)
        for j in list(self.inside):
            s = args[j]
            if type(s) is not str or r > len(s):
                del self.inside[j]
            elif r == len(s) and len(self.inside[j]) < _TIGHT:
                self.inside[j].add(r)
        self.lo = r if self.lo is None else min(self.lo, r)
        for (k, j) in list(self.end):
            a, s = args[k], args[j]
            if type(a) is not int or type(s) is not str:
                del self.end[(k, j)]
            elif a >= len(s):
                if self.end[(k, j)] is None:
                    self.end[(k, j)] = r
                elif self.end[(k, j)] != r:
                    del self.end[(k, j)]
            elif len(self.within[(k, j)]) < _INSIDE:
                self.within[(k, j)].add(r)
        if self.table is not None:
            if self.table.get(args, r) != r:
                self.table = None
            elif len(self.table) < _TABLE:
                self.table[args] = r

    def constraints(self, args: tuple, r: Term) -> list[Term]:
        out = []
        for k, met in self.forward.items():
            if len(met) == _TIGHT and args[k] is not None:
                out.append(build.le(args[k], r))
        for j, met in self.inside.items():
            if len(met) == _TIGHT and args[j] is not None:
                out.append(build.le(r, build.length(args[j])))
        if self.lo is not None:
            out.append(build.le(const(self.lo), r))
        for (k, j), v in self.end.items():
            if v is None or v in self.within[(k, j)] or args[k] is None or args[j] is None:
                continue
            past, at_v = build.le(build.length(args[j]), args[k]), build.eq(r, const(v))
            out.append(build.or_(build.and_(past, at_v), build.and_(build.not_(past), build.not_(at_v))))
        if self.table and all(a is not None for a in args):
            for key, v in self.table.items():
                same = build.and_(*(build.eq(a, const(c)) for a, c in zip(args, key)))
                out.append(build.or_(build.not_(same), build.eq(r, const(v))))
        return out


class Postconditions:
    """Per abstracted function (qualified name), the facts its real calls kept."""

    def __init__(self) -> None:
        self._facts: dict[str, _Facts] = {}

    def observe(self, qualname: str, args: tuple, result: Any) -> None:
        """A real call returned `result` (concrete values only)."""
        if type(result) is not int:
            return
        facts = self._facts.get(qualname)
        if facts is None:
            facts = self._facts[qualname] = _Facts(args)
        facts.observe(args, result)

    def of(self, qualname: str, args: tuple[Term | None, ...], result: Term) -> list[Term]:
        """The facts for one abstracted call: its argument terms (None where an
        argument has none) and the variable standing for its result."""
        facts = self._facts.get(qualname)
        return facts.constraints(args, result) if facts is not None else []
