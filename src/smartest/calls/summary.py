"""Function summaries (SMART paper, section 3.1): what the explored paths of a
function say about it, over its formal parameters, and their instances at a call.

A **path summary** φ_w = pre_w ∧ post_w records one explored path w of f:

* pre_w, the **precondition**: the conjunction of the conditions decided along w
  inside f (its own branches, and the outcome and domain of the calls it
  summarized), over f's *formal parameters*.  A condition that mentions anything
  else (an input read through a global or a container) is left out and the path
  marked incomplete, as §3.1 does for constraints outside the theory;
* an **outcome** class: returned a value of a sort, returned None, returned some
  other object, or raised an exception of a type (post = false in the paper: the
  caller never continues after such a path with a return value);
* post_w, the **postcondition** for value outcomes: the returned term.

The **function summary** φ_f is the disjunction of its path summaries.  At a call
site it is instantiated with the actual argument terms (`Instance`):

* the **domain** ∨ pre_w: the calling context implies it when the summary covers
  the call, and it joins the caller's path, so the caller's own summaries stay
  closed over the caller's formals;
* one disjunction per outcome class (which class a call falls in is a decision of
  the caller's path, so the caller's search can flip "returned" into "raised");
* the returned value as a term: ite(pre_1, t_1, ite(pre_2, t_2, ...)) over the
  value paths.  Preconditions of distinct paths are disjoint (they differ at the
  first branch where the paths part), so this functional form says exactly what
  the paper's relational form ∨(pre_w ∧ ret = t_w) says with `ret` a new input
  of the caller; it needs no new variable, so string results need no bound of
  their own and a summary never mentions a callee's variables.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.ints import SymInt, make_int
from smartest.symbolic.strs import SymStr, make_str
from smartest.terms import Sort, Term, build, var
from smartest.terms.evaluate import evaluate
from smartest.terms.rewrite import substitute, transform
from smartest.trace.path import Branch

Outcome = tuple  # ("value", "Int") | ("none",) | ("object", "tuple") | ("raise", "ValueError")

_VALUE_SORTS = {int: Sort.INT, SymInt: Sort.INT, str: Sort.STR, SymStr: Sort.STR, bool: Sort.BOOL, SymBool: Sort.BOOL}


def symbolic_sort(value: Any) -> Sort | None:
    """The sort of a value a formal parameter or a postcondition can stand for
    (exact types only: an int subclass such as an IntEnum keeps its identity)."""
    return _VALUE_SORTS.get(type(value))


def outcome_of(result: Any = None, raised: BaseException | None = None) -> Outcome:
    if raised is not None:
        return ("raise", type(raised).__qualname__)
    if result is None:
        return ("none",)
    sort = symbolic_sort(result)
    if sort is not None:
        return ("value", sort.value)
    return ("object", type(result).__qualname__)


def formal(qualname: str, param: str, sort: Sort) -> Term:
    """The canonical variable of a formal parameter, as summaries are stored."""
    return var(f"{qualname}.{param}", sort)


@dataclass(frozen=True)
class PathSummary:
    """φ_w = pre_w ∧ post_w for one explored path of a function, over its formals."""

    pre: tuple[Term, ...]
    outcome: Outcome
    post: Term | None = None        # the returned term, for value outcomes
    complete: bool = True           # no condition of the path was left out

    @cached_property
    def formals(self) -> frozenset[Term]:
        out = frozenset().union(*(c.free for c in self.pre))
        return out | self.post.free if self.post is not None else out


def extract(region: Sequence[Branch], rename: Mapping[Term, Term], outcome: Outcome, returned: Term | None,
            concretized: bool) -> PathSummary:
    """The path summary of one explored call: `region` is the stretch of the path its
    call decided, `rename` maps the variables of this call's formals to canonical ones."""
    allowed = frozenset(rename)
    complete = not concretized
    pre: list[Term] = []
    seen: set[Term] = set()
    for b in region:
        c = b.constraint
        if not c.free <= allowed:
            complete = False    # over something other than the formals: left out (§3.1)
            continue
        c = substitute(c, rename)
        if c.op == "const" or c in seen:
            continue
        seen.add(c)
        pre.append(c)
    post = None
    if outcome[0] == "value" and returned is not None:
        if returned.free <= allowed:
            post = substitute(returned, rename)
        else:
            complete = False
            outcome = ("object", "term outside the formals")
    return PathSummary(tuple(pre), outcome, post, complete)


def holds(pre: Iterable[Term], env: Mapping[Term, Any]) -> bool:
    """Do concrete formal values satisfy a precondition?  In path order, so a
    condition is only evaluated where the earlier ones (its guards) hold."""
    try:
        return all(evaluate(c, env) for c in pre)
    except Exception:  # a formal missing or of another type: not this path
        return False


def with_term(value: Any, term: Term) -> Any:
    """A proxy for `value` standing for `term` (a plain value when the term is constant)."""
    if term.sort is Sort.BOOL:
        return make_bool(bool(value), term)
    if term.sort is Sort.INT:
        return make_int(int(value), term)
    return make_str(str.__str__(value), term)


@dataclass
class Instance:
    """φ_f at one call site: the summary's paths with the actual argument terms."""

    classes: list[tuple[Outcome, Term]]     # (outcome, ∨ pre_w of its paths), sorted by outcome
    values: dict[Outcome, Term]             # value outcome -> the returned term
    object_paths: dict[Outcome, int]        # object outcome -> number of paths returning it
    incomplete: bool                        # some applicable path left a condition out

    @property
    def domain(self) -> Term:
        return build.or_(*(d for _, d in self.classes))


@dataclass
class FunctionSummary:
    """φ_f = ∨ φ_w, grown one explored path at a time (and from the store)."""

    qualname: str
    paths: list[PathSummary] = field(default_factory=list)
    stored: int = 0                 # paths loaded from the summary store
    _seen: set = field(default_factory=set)
    _instances: dict = field(default_factory=dict)

    @property
    def version(self) -> int:
        return len(self.paths)

    def add(self, path: PathSummary) -> bool:
        key = (path.pre, path.outcome, path.post)
        if key in self._seen:
            return False
        self._seen.add(key)
        self.paths.append(path)
        return True

    def match(self, env: Mapping[Term, Any]) -> PathSummary | None:
        """The path whose precondition the concrete formal values satisfy."""
        for p in self.paths:
            if p.formals <= env.keys() and holds(p.pre, env):
                return p
        return None

    def instance(self, actuals: Mapping[Term, Term]) -> Instance:
        """Instantiate with `actuals` (canonical formal -> the caller's term).  Paths
        over formals this call does not bind (another sort, say) do not apply."""
        key = (self.version, frozenset(actuals.items()))
        hit = self._instances.get(key)
        if hit is None:
            generic = self._generic(frozenset(actuals))
            cache: dict = {}
            hit = Instance([(o, _substitute(d, actuals, cache)) for o, d in generic.classes],
                           {o: _substitute(t, actuals, cache) for o, t in generic.values.items()},
                           generic.object_paths, generic.incomplete)
            if len(self._instances) > 4096:
                self._instances.clear()
            self._instances[key] = hit
        return hit

    def _generic(self, bound: frozenset) -> Instance:
        """The instance over the canonical formals themselves (built once per version)."""
        key = (self.version, bound)
        hit = self._instances.get(key)
        if hit is not None:
            return hit
        groups: dict[Outcome, list[PathSummary]] = {}
        incomplete = False
        for p in self.paths:
            if not p.formals <= bound:
                continue
            groups.setdefault(p.outcome, []).append(p)
            incomplete |= not p.complete
        tries = {o: _trie(members) for o, members in groups.items()}
        classes = [(o, _fold(tries[o], _domain)) for o in sorted(groups)]
        values = {o: _fold(t, _value) for o, t in tries.items() if o[0] == "value"}
        objects = {o: len(m) for o, m in groups.items() if o[0] == "object"}
        hit = self._instances[key] = Instance(classes, values, objects, incomplete)
        return hit


# Preconditions of paths from one depth-first tree share their prefixes, so the
# disjunction and the returned value are built on the trie of the preconditions:
#   (c ∧ d ∧ P1) ∨ (c ∧ ¬d ∧ P2)  becomes  c ∧ ((d ∧ P1) ∨ (¬d ∧ P2)),
# and the value is an ite per node where paths part.  Linear in the tree, not in
# the sum of the paths' lengths (locate at n = 16: 187 nodes for 818 conditions).
_END = object()


def _trie(paths: list[PathSummary]) -> dict:
    root: dict = {}
    for p in paths:
        node = root
        for c in p.pre:
            node = node.setdefault(c, {})
        node.setdefault(_END, p.post)
    return root


def _fold(root: dict, combine) -> Term:
    """`combine(node, done)` bottom-up over the trie, without recursion (paths of
    loops are long)."""
    done: dict[int, Term] = {}
    stack = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if ready:
            done[id(node)] = combine(node, done)
            continue
        stack.append((node, True))
        stack.extend((child, False) for c, child in node.items() if c is not _END)
    return done[id(root)]


def _domain(node: dict, done: dict) -> Term:
    if _END in node:
        return build.TRUE
    return build.or_(*(build.and_(c, done[id(child)]) for c, child in node.items()))


def _value(node: dict, done: dict) -> Term:
    branches = [(c, done[id(child)]) for c, child in node.items() if c is not _END]
    term = node[_END] if _END in node else branches.pop()[1]
    for c, v in reversed(branches):
        term = build.ite(c, v, term)
    return term


def _substitute(term: Term, mapping: Mapping[Term, Term], cache: dict) -> Term:
    if term.free.isdisjoint(mapping):
        return term
    return transform(term, lambda t: mapping.get(t) if t.op == "var" else
                     (t if t.free.isdisjoint(mapping) else None), cache)
