"""Function summaries (SMART paper, section 3.1): what the explored paths of a
function say about it, over its formal parameters, and their instances at a call.

A **path summary** φ_w = pre_w ∧ post_w records one explored path w of f:

* pre_w, the **precondition**: the conjunction of the conditions decided along w
  inside f (its own branches, and the outcome and domain of the calls it
  summarized), over f's *formal parameters*.  A condition that mentions anything
  else (an input read through a global or a container) is left out and the path
  marked incomplete, as §3.1 does for constraints outside the theory;
* an **outcome**: returned a value of a sort, returned None, returned some other
  object, or raised an exception of a type (post = false in the paper: the caller
  never continues after such a path with a return value);
* post_w, the **postcondition** for value outcomes: the returned term.

The **function summary** φ_f is the disjunction of its path summaries.  At a call
site it is instantiated with the actual argument terms (`Instance`):

* the **domain** ∨ pre_w: the calling context implies it when the summary covers
  the call, and it joins the caller's path, so the caller's own summaries stay
  closed over the caller's formals;
* one disjunction per outcome class (which class a call falls in is a decision of
  the caller's path, so the caller's search can flip "returned" into "raised"; each
  path returning an object that is not a value of the theory is a class of its own);
* the returned value as a term: ite(pre_1, t_1, ite(pre_2, t_2, ...)) over the
  value paths (factored on the trie of the preconditions, below).  Where two
  preconditions both hold, both paths describe the same execution (each is exact
  within the theory), so this functional form says what the paper's relational
  form ∨(pre_w ∧ ret = t_w) says with `ret` a new input of the caller; it needs no
  new variable, so string results need no bound of their own and a summary never
  mentions a callee's variables.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Mapping, Sequence

from smartest.calls.outcomes import Outcome
from smartest.symbolic.bools import make_bool
from smartest.symbolic.ints import make_int
from smartest.symbolic.strs import make_str
from smartest.terms import Sort, Term, build, var
from smartest.terms.evaluate import evaluate
from smartest.terms.rewrite import substitute
from smartest.trace.path import Branch

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

    classes: list[tuple[tuple, Term]]       # (outcome class, ∨ pre_w of its paths), in order of appearance
    values: dict[tuple, Term]               # value class -> the returned term
    incomplete: bool                        # some applicable path left a condition out

    @property
    def domain(self) -> Term:
        return build.or_(*(d for _, d in self.classes))


def outcome_class(index: int, path: PathSummary) -> tuple:
    """The class of a path's outcome at a call site: its outcome, except that each path
    returning some other object is a class of its own.  Such a result cannot be a term,
    but the summarized call computes it from the actual arguments, so once the caller's
    path says which path of f ran, the object's contents are exact."""
    return (*path.outcome, index) if path.outcome[0] == "object" else path.outcome


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

    def match(self, env: Mapping[Term, Any]) -> tuple[int, PathSummary] | None:
        """The path (and its index) whose precondition the concrete formal values satisfy."""
        for i, p in enumerate(self.paths):
            if p.formals <= env.keys() and holds(p.pre, env):
                return i, p
        return None

    def instance(self, actuals: Mapping[Term, Term]) -> Instance:
        """Instantiate with `actuals` (canonical formal -> the caller's term).  Paths
        over formals this call does not bind (another sort, say) do not apply."""
        key = (self.version, frozenset(actuals.items()))
        hit = self._instances.get(key)
        if hit is None:
            generic = self._generic(frozenset(actuals))
            cache: dict = {}
            hit = Instance([(o, substitute(d, actuals, cache)) for o, d in generic.classes],
                           {o: substitute(t, actuals, cache) for o, t in generic.values.items()},
                           generic.incomplete)
            if len(self._instances) > 4096:
                self._instances.clear()
            self._instances[key] = hit
        return hit

    def path_instance(self, index: int, actuals: Mapping[Term, Term]) -> tuple[Term, Term | None]:
        """One path's precondition (a conjunction) and returned term at a call site."""
        key = ("path", index, frozenset(actuals.items()))
        hit = self._instances.get(key)
        if hit is None:
            p = self.paths[index]
            cache: dict = {}
            hit = (substitute(build.and_(*p.pre), actuals, cache),
                   substitute(p.post, actuals, cache) if p.post is not None else None)
            self._instances[key] = hit
        return hit

    def _generic(self, bound: frozenset) -> Instance:
        """The instance over the canonical formals themselves (built once per version)."""
        key = (self.version, bound)
        hit = self._instances.get(key)
        if hit is not None:
            return hit
        # Classes in order of first appearance: a summary only grows at the end, so the
        # outcome decisions a caller recorded stay the same as it grows.
        groups: dict[tuple, list[PathSummary]] = {}
        incomplete = False
        for i, p in enumerate(self.paths):
            if not p.formals <= bound:
                continue
            groups.setdefault(outcome_class(i, p), []).append(p)
            incomplete |= not p.complete
        folded = {o: _fold(_trie(members), o[0] == "value") for o, members in groups.items()}
        classes = [(o, d) for o, (d, _) in folded.items()]
        values = {o: v for o, (_, v) in folded.items() if o[0] == "value"}
        hit = self._instances[key] = Instance(classes, values, incomplete)
        return hit


# Preconditions of paths from one depth-first tree share their prefixes, so the
# disjunction and the returned value are built on the trie of the preconditions:
#   (c ∧ d ∧ P1) ∨ (c ∧ ¬d ∧ P2)  becomes  c ∧ ((d ∧ P1) ∨ (¬d ∧ P2)),
# and the value is ite(d, value of P1, value of P2) where the paths part at a branch
# (d, ¬d).  Paths can also part at conditions that are not each other's negation
# (one run summarized a callee, another inlined it): there each child is guarded by
# its whole sub-disjunction, so the ite picks a path whose precondition holds.
# Linear in the tree, not in the sum of the paths' lengths (locate at n = 16: 187
# nodes for 818 conditions).
_END = object()


def _trie(paths: list[PathSummary]) -> dict:
    root: dict = {}
    for p in paths:
        node = root
        for c in p.pre:
            node = node.setdefault(c, {})
        node.setdefault(_END, p.post)
    return root


def _fold(root: dict, value: bool) -> tuple[Term, Term | None]:
    """(∨ of the trie's preconditions, the returned value) bottom-up, without
    recursion (paths of loops are long)."""
    done: dict[int, tuple[Term, Term | None]] = {}
    stack = [(root, False)]
    while stack:
        node, ready = stack.pop()
        if ready:
            done[id(node)] = _combine(node, done, value)
            continue
        stack.append((node, True))
        stack.extend((child, False) for c, child in node.items() if c is not _END)
    return done[id(root)]


def _combine(node: dict, done: dict, value: bool) -> tuple[Term, Term | None]:
    children = [(c, done[id(child)]) for c, child in node.items() if c is not _END]
    guarded = [(build.and_(c, d), v) for c, (d, v) in children]
    if _END in node or _both_sides(children):
        # c ∨ ¬c under both sides' whole domains: no condition at all.  Without this a
        # complete summary's domain stays a tautology the solver is asked about at
        # every call (the implication check) and that joins every later query.
        domain = build.TRUE
    else:
        domain = build.or_(*(g for g, _ in guarded))
    if not value:
        return domain, None
    if _END in node:
        term = node[_END]          # a path ends here: it holds wherever this node is reached
    elif len(children) == 2 and children[1][0] is build.not_(children[0][0]):
        (c, (_, v1)), (_, (_, v2)) = children
        return domain, build.ite(c, v1, v2)
    else:
        term = guarded.pop()[1]
    for g, v in reversed(guarded):
        term = build.ite(g, v, term)
    return domain, term


def _both_sides(children: list) -> bool:
    """Do the children part at a branch (c, ¬c), each with the whole domain below it?"""
    if len(children) != 2:
        return False
    (c1, (d1, _)), (c2, (d2, _)) = children
    whole = all(d.op == "const" and d.value is True for d in (d1, d2))
    return whole and (c2 == build.not_(c1) or c1 == build.not_(c2))
