"""The model of `range` with symbolic bounds.

`range(a, b)` with a symbolic `a` or `b` (and a constant step) is a SymRange:
iterating records each loop test `i < stop`; `len`, `in`, indexing and `reversed`
are terms over the bounds (the length is `max(0, (stop - start + step - 1) // step)`
for a positive step), so none of them concretizes.  A symbolic step is fixed at its
value by a branch.
"""
from __future__ import annotations

import sys

from smartest.models.registry import register
from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import SymInt, int_term, make_int
from smartest.symbolic.sequences import concrete_value, plain
from smartest.terms import Term, build, const
from smartest.trace.recorder import record_branch, record_concretization

_range = range
_ZERO = const(0)


def _fits(r: range) -> bool:
    try:
        len(r)
    except OverflowError:
        return False
    return True


class SymRange:
    """range() with a symbolic bound and a constant step."""

    def __init__(self, start, stop, step: int) -> None:
        self.start, self.stop, self.step = start, stop, step
        self._plain = _range(plain(start), plain(stop), step)

    def _terms(self) -> tuple[Term, Term]:
        return int_term(self.start), int_term(self.stop)

    def _len_term(self) -> Term:
        start, stop = self._terms()
        s = self.step
        span = build.sub(stop, start) if s > 0 else build.sub(start, stop)
        count = build.floordiv(build.add(span, const(abs(s) - 1)), const(abs(s)))
        return build.ite(build.lt(count, _ZERO), _ZERO, count)

    def sym_len(self):
        # CPython's len() is a C ssize_t: a longer range raises OverflowError (a branch:
        # `len(range(n))` with n past 2**63 - 1 is an outcome of its own).
        n = self._len_term()
        if n.op != "const" and not record_branch(build.le(n, const(sys.maxsize)),
                                                 _fits(self._plain)):
            return len(self._plain)     # raises OverflowError like CPython
        return make_int(len(self._plain), n)

    def __len__(self) -> int:
        if self._len_term().op != "const":
            record_concretization("len() of a range with a symbolic bound, outside the target's code")
        return len(self._plain)

    def __iter__(self):
        step = self.step
        cur = self.start
        while True:
            more = cur < self.stop if step > 0 else cur > self.stop
            if not more:  # a SymBool here records the loop test as a branch
                return
            yield cur
            cur = cur + step

    def __reversed__(self):
        n = self._len_term()
        start, _ = self._terms()
        j = 0
        size = len(self._plain)
        while record_branch(build.lt(const(j), n), j < size):
            pos = build.sub(build.sub(n, const(1)), const(j))
            yield make_int(self._plain[size - 1 - j], build.add(start, build.mul(pos, const(self.step))))
            j += 1

    def __contains__(self, x) -> bool:
        xt = int_term(x)
        if xt is None or type(x) not in (int, bool, SymInt, SymBool):
            return plain(x) in self._plain
        start, stop = self._terms()
        if self.step > 0:
            inside = build.and_(build.le(start, xt), build.lt(xt, stop))
        else:
            inside = build.and_(build.le(xt, start), build.lt(stop, xt))
        if abs(self.step) != 1:
            inside = build.and_(inside, build.eq(build.mod(build.sub(xt, start), const(abs(self.step))), _ZERO))
        return make_bool(plain(x) in self._plain, inside)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._plain[slice(*(concrete_value(b, "slice of a range with a symbolic bound")
                                       for b in (i.start, i.stop, i.step)))]
        it = int_term(i)
        if it is None:
            return self._plain[i]  # raises TypeError like CPython
        n, size, iv = self._len_term(), len(self._plain), int(plain(i))
        nonneg = record_branch(build.le(_ZERO, it), iv >= 0) if it.op != "const" else iv >= 0
        if nonneg:
            pos, ok = it, record_branch(build.lt(it, n), iv < size)
        else:
            pos = build.add(n, it)
            ok = record_branch(build.le(_ZERO, pos), iv + size >= 0)
        if not ok:
            raise IndexError("range object index out of range")
        start, _ = self._terms()
        return make_int(self._plain[iv], build.add(start, build.mul(pos, const(self.step))))

    def __eq__(self, other):
        return self._plain == (other._plain if isinstance(other, SymRange) else other)

    def __hash__(self) -> int:
        return hash(self._plain)

    def __bool__(self) -> bool:
        return record_branch(build.not_(build.eq(self._len_term(), _ZERO)), len(self._plain) > 0)

    def __repr__(self) -> str:
        return repr(self._plain)

    def count(self, x):
        inside = self.__contains__(x)
        if isinstance(inside, SymBool):
            return make_int(int(inside.value), build.ite(inside.term, const(1), _ZERO))
        return int(inside)

    def index(self, x):
        if not self.__contains__(x):
            raise ValueError(f"{plain(x)!r} is not in range")
        start, _ = self._terms()
        return make_int(self._plain.index(plain(x)),
                        build.floordiv(build.sub(int_term(x), start), const(self.step)))


@register("range")
def range_(*args):
    if not any(type(a) is SymInt or type(a) is SymBool for a in args):
        return _range(*args)
    for a in args:
        if not isinstance(a, (int, SymBool)):
            return _range(*args)  # raises TypeError like CPython
    if len(args) == 1:
        start, stop, step = 0, args[0], 1
    elif len(args) == 2:
        (start, stop), step = args, 1
    else:
        start, stop, step = args
    step = concrete_value(step, "range() with a symbolic step")
    if step == 0:
        return _range(0, 1, 0)  # raises ValueError like CPython
    start = start.as_int() if type(start) is SymBool else start
    stop = stop.as_int() if type(stop) is SymBool else stop
    return SymRange(start, stop, step)
