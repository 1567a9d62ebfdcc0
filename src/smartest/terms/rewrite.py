"""Rebuilding terms: `apply` an operator by name, `substitute` variables, and a
memoized bottom-up `transform` that the other two (and the string lowering) share.

Rebuilding goes through the constructors of `build`, so a substitution that makes
arguments constant folds the result (a summary instantiated at a call site with
constant actuals collapses to a constant).  The walk is iterative: path terms of
long loops nest thousands deep.
"""
from __future__ import annotations

from typing import Callable, Mapping

from smartest.terms import build
from smartest.terms.term import Sort, Term, make

_BUILD: dict[str, Callable[..., Term]] = {
    "add": build.add, "sub": build.sub, "mul": build.mul, "neg": build.neg,
    "floordiv": build.floordiv, "mod": build.mod, "pow": build.power,
    "eq": build.eq, "lt": build.lt, "le": build.le, "not": build.not_,
    "and": build.and_, "or": build.or_, "ite": build.ite,
    "len": build.length, "concat": build.concat, "at": build.at, "substr": build.substr,
    "find": build.find, "to_code": build.to_code, "from_code": build.from_code,
    "prefixof": build.prefixof, "suffixof": build.suffixof, "contains": build.contains,
    "str_to_int": build.str_to_int, "int_to_str": build.nat_to_str,
}


def register_op(op: str, constructor: Callable[..., Term]) -> None:
    """Let `apply` rebuild a node of an operator defined outside `build` (models of
    other areas add their own operators)."""
    _BUILD[op] = constructor


def apply(op: str, args: tuple[Term, ...], sort: Sort, value=None) -> Term:
    """The node `op(args)`, folded and simplified as its constructor would."""
    ctor = _BUILD.get(op)
    if ctor is None or value is not None:
        return make(op, args, sort, value)
    return ctor(*args)


def transform(root: Term, leaf: Callable[[Term], Term | None], cache: dict,
              rebuild: Callable[[Term, tuple], Term | None] | None = None) -> Term:
    """Rebuild `root` bottom-up; `leaf(t)` may replace any node outright (return a
    term) or let it be rebuilt from its transformed arguments (return None);
    `rebuild(t, args)` may then replace it given those arguments (None: the node
    with its new arguments)."""
    stack = [root]
    while stack:
        t = stack[-1]
        if t in cache:
            stack.pop()
            continue
        replaced = leaf(t)
        if replaced is not None:
            cache[t] = replaced
            stack.pop()
            continue
        pending = [a for a in t.args if a not in cache]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        args = tuple(cache[a] for a in t.args)
        done = rebuild(t, args) if rebuild is not None else None
        if done is None:
            done = t if all(x is y for x, y in zip(args, t.args)) else apply(t.op, args, t.sort, t.value)
        cache[t] = done
    return cache[root]


def substitute(term: Term, mapping: Mapping[Term, Term], cache: dict | None = None) -> Term:
    """`term` with each variable in `mapping` replaced by its image; `cache` (term ->
    image) may be shared by the substitutions of one mapping, so that terms built one
    over the other (a call's result in a loop) are walked once, not once per use."""
    if not mapping or disjoint(term, mapping):
        return term
    return transform(term, lambda t: mapping.get(t) if t.op == "var" else
                     (t if disjoint(t, mapping) else None), {} if cache is None else cache)


def disjoint(term: Term, mapping: Mapping[Term, Term]) -> bool:
    """Does `term` mention none of `mapping`'s variables?  Walks the smaller of the two:
    `frozenset.isdisjoint(dict)` walks the whole mapping, and a run's mapping holds
    thousands of variables where a term mentions a few (quadratic per run before)."""
    return mapping.keys().isdisjoint(term.free)


def any_below(root: Term, memo: dict, here: Callable[[Term], bool]) -> bool:
    """Does `here` hold of `root` or of any term below it?  Iterative, since a long
    loop's path (or a summary's nested ite) builds terms thousands deep; memoized in
    `memo` (term -> answer) across calls."""
    stack = [root]
    while stack:
        t = stack[-1]
        if t in memo:
            stack.pop()
            continue
        if here(t):
            memo[t] = True
            stack.pop()
            continue
        pending = [a for a in t.args if a not in memo]
        if pending:
            stack.extend(pending)
            continue
        memo[t] = any(memo[a] for a in t.args)
        stack.pop()
    return memo[root]
