"""Intraprocedural execution trees with dangling nodes (Anand, Godefroid, Tillmann,
"Demand-Driven Compositional Symbolic Execution", TACAS'08, §3 and Figure 2).

One tree per function, over the function's own vocabulary: its formal parameters
and the values returned by the calls it made.  A run adds one *local path* to the
tree of every function it called (and to the entry function's): the decisions
that function took itself, in order, with the calls it made in between.

    BranchNode  a decision of the function: its condition (over the vocabulary)
                and two sides, each a child or a status (dangling, infeasible...)
    CallNode    a call of a function that has a tree of its own: the callee, the
                argument terms, one child per *outcome class* seen at this call
                (returned an Int, returned None, raised ValueError...) with the
                returned value as a variable of the caller (`rets`), and an
                OTHER side standing for the classes not seen here yet
    Leaf        where a local path ends: its outcome class and returned term

A side nobody has run is a **dangling node**: the targets of the search, and the
G_d of the definition and calling-context predicates (`demand_formula.py`).

A function is keyed by its qualified name and the kinds of its arguments
(`FunctionKey`): a parameter that is None in one call and an int in another makes
two trees, so each tree's paths are a function of its formals alone.  Trees only
grow, nodes are never removed, and every node has one `uid` across the forest, so a
side is named by (uid, side) for good.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from smartest.terms import Sort, Term, var
from smartest.trace.site import Site
from smartest.trace.tree import SideStatus

OTHER = "other"        # the side of a call node standing for outcome classes not seen there yet
Outcome = tuple        # ("value", "Int") | ("none",) | ("raise", "ValueError") | ("object", "tuple", leaf uid)


class FunctionKey(NamedTuple):
    """A function (None: the entry, the target itself) and the kinds of its arguments:
    ((param, "Int" | "String" | "Bool" | "none"), ...)."""

    qualname: str | None
    kinds: tuple = ()

    def __str__(self) -> str:
        if self.qualname is None:
            return "<entry>"
        if any(k == "none" for _, k in self.kinds):
            return f"{self.qualname}({', '.join(f'{p}={k}' for p, k in self.kinds if k == 'none')})"
        return self.qualname


ENTRY = FunctionKey(None, ())


def formal_var(key: FunctionKey, param: str, sort: Sort) -> Term:
    """The canonical variable of a formal parameter in its function's tree."""
    return var(f"{key.qualname}.{param}", sort)


def via_var(node: "CallNode", inner: Term) -> Term:
    """The caller's variable for `inner`, a variable of the callee's tree (a value one
    of the callee's calls returned), seen through call node `node`.  It is defined
    only under an object outcome class of the call: such a class is one leaf of the
    callee, so one path of its tree, on which `inner`'s call node lies."""
    v = node.vias.get(inner)
    if v is None:
        v = var(f"demand:ret{node.uid}.via{len(node.vias)}", inner.sort)
        node.vias[inner] = v
    return v


def leaf_class(leaf) -> Outcome:
    """The outcome class a leaf stands for at a call site (each object leaf is its own)."""
    return leaf.cls if leaf.cls[0] != "object" else (*leaf.cls, leaf.uid)


def value_sort(cls: Outcome) -> Sort | None:
    return Sort(cls[1]) if cls[0] == "value" else None


class BranchNode:
    __slots__ = ("uid", "tree", "parent", "key", "site", "term", "children", "status", "stamp")
    kind = "branch"

    def __init__(self, uid: int, tree: "FunctionTree", parent, key, site: Site, term: Term) -> None:
        self.uid, self.tree, self.parent, self.key = uid, tree, parent, key
        self.stamp = 0                       # the forest version of the last change below it
        self.site = site
        self.term = term                     # the condition; side True: it held
        self.children: dict[Any, Any] = {True: None, False: None}
        self.status = {True: SideStatus.DANGLING, False: SideStatus.DANGLING}


class CallNode:
    __slots__ = ("uid", "tree", "parent", "key", "site", "callee", "args", "children", "rets", "vias", "status",
                 "stamp")
    kind = "call"

    def __init__(self, uid: int, tree: "FunctionTree", parent, key, site: Site, callee: FunctionKey,
                 args: tuple) -> None:
        self.uid, self.tree, self.parent, self.key = uid, tree, parent, key
        self.stamp = 0
        self.site = site
        self.callee = callee
        self.args = args                     # one term per symbolic formal of the callee, in order
        self.children: dict[Any, Any] = {}   # outcome class -> child (None until the path goes on)
        self.rets: dict[Outcome, Term] = {}  # value class -> the variable the caller's terms use
        # A value the callee's own calls returned that reaches the caller inside an object
        # the callee returned: the callee tree's variable -> the caller's (see `via_var`).
        self.vias: dict[Term, Term] = {}
        self.status = {OTHER: SideStatus.DANGLING}


class Leaf:
    __slots__ = ("uid", "tree", "parent", "key", "cls", "value")
    kind = "leaf"
    stamp = 0                                # a leaf never changes

    def __init__(self, uid: int, tree: "FunctionTree", parent, key, cls: Outcome, value: Term | None) -> None:
        self.uid, self.tree, self.parent, self.key = uid, tree, parent, key
        self.cls = cls
        self.value = value                   # returned term for value classes (None: not expressible)


class FunctionTree:
    """T_f: the local paths of one function explored so far."""

    def __init__(self, key: FunctionKey) -> None:
        self.key = key
        self.root = None
        self.formals: tuple[Term, ...] = tuple(formal_var(key, p, Sort(k)) for p, k in key.kinds if k != "none") \
            if key.qualname is not None else ()
        self.paths = 0          # leaves
        self.calls: list[CallNode] = []
        self.version = 0        # bumped by every change of the tree (formulas cache on it)

    def nodes(self):
        """Every node of the tree (iteratively: paths of loops are long)."""
        stack = [self.root] if self.root is not None else []
        while stack:
            n = stack.pop()
            yield n
            if n.kind != "leaf":
                stack.extend(c for c in n.children.values() if c is not None)


@dataclass
class Side:
    """A side of a node that may be a target: a branch side, or a call's OTHER side."""

    node: Any
    key: Any
    order: int                              # creation order
    assignment: dict                        # the input of the run that created it
    attempts: int = 0                       # relevant explorations aimed at it so far
    lazy_failed: int = -1                   # the forest version its lazy Ψ was last refused at (-1: never)
    reach: Any = None                       # static distance to the target statement (search/targets.py)
    depth: int = 3                          # how deep Ψ unrolls recursion for this side

    @property
    def status(self) -> SideStatus:
        return self.node.status[self.key]

    @property
    def ident(self) -> tuple[int, Any]:
        return (self.node.uid, self.key)

    @property
    def site(self) -> Site:
        return self.node.site


@dataclass
class Forest:
    """All the intraprocedural trees of one exploration, and their sides."""

    trees: dict[FunctionKey, FunctionTree] = field(default_factory=dict)
    sides: dict[tuple[int, Any], Side] = field(default_factory=dict)
    callsites: dict[FunctionKey, list[CallNode]] = field(default_factory=dict)
    version: int = 0                        # bumped by every change a formula depends on
    mismatches: int = 0                     # local paths that contradicted their tree
    covered: set = field(default_factory=set)   # (site, side) some run took, in any tree
    _uids: Any = field(default_factory=lambda: itertools.count(1))
    _closed: tuple = (-1, frozenset(), {})

    def tree(self, key: FunctionKey) -> FunctionTree:
        t = self.trees.get(key)
        if t is None:
            t = self.trees[key] = FunctionTree(key)
        return t

    def mark(self, side: Side, status: SideStatus) -> None:
        if side.node.status[side.key] is not SideStatus.EXPLORED:
            side.node.status[side.key] = status
            self.changed(side.node.tree, side.node)

    def changed(self, tree: FunctionTree, node=None) -> None:
        """Something changed at `node` (None: the root slot): new versions for the
        forest and the tree, and a new stamp for the node and its ancestors."""
        self.version += 1
        tree.version += 1
        while node is not None:
            node.stamp = self.version
            node = node.parent

    def reopen(self) -> None:
        """Every side no run took is dangling again: the search of another region of the
        inputs (engine/regions.py) begins, and a side infeasible (or given up) in the
        last region may be reachable in this one."""
        for side in self.sides.values():
            if side.status not in (SideStatus.EXPLORED, SideStatus.DANGLING):
                side.node.status[side.key] = SideStatus.DANGLING
                self.changed(side.node.tree, side.node)
            side.attempts = 0
            side.lazy_failed = -1

    def open_sides(self):
        return (s for s in self.sides.values() if s.status is SideStatus.DANGLING)

    def uid(self) -> int:
        return next(self._uids)

    def closed(self) -> tuple[frozenset, dict]:
        """The functions whose every outcome is known, and the outcome classes of each.

        A function is closed when no side of its tree is open and each call in it
        either has its OTHER side proved infeasible or calls a closed function whose
        every class was seen at that call.  Recursion makes this a greatest fixpoint:
        start from every function with no open side of its own and drop the ones with a
        call that fails the test, until none does (by induction on the depth of the
        recursion, a run of a function left in the set ends in one of its leaves)."""
        if self._closed[0] == self.version:
            return self._closed[1], self._closed[2]
        classes: dict[FunctionKey, set] = {}
        calls: dict[FunctionKey, list] = {}
        for key, tree in self.trees.items():
            found, ok, cs = set(), tree.root is not None, []
            for n in tree.nodes() if ok else ():
                if n.kind == "leaf":
                    found.add(leaf_class(n))
                elif n.kind == "branch":
                    ok = all(s is SideStatus.INFEASIBLE or s is SideStatus.EXPLORED and n.children[k] is not None
                             for k, s in n.status.items())
                else:
                    ok = all(c is not None for c in n.children.values())
                    cs.append(n)
                if not ok:
                    break
            if ok:
                classes[key], calls[key] = found, cs
        members = set(classes)
        changed = True
        while changed:
            changed = False
            for key in list(members):
                for n in calls[key]:
                    if n.status[OTHER] is SideStatus.INFEASIBLE or \
                            n.callee in members and classes[n.callee] <= n.children.keys():
                        continue
                    members.discard(key)
                    changed = True
                    break
        self._closed = (self.version, frozenset(members), classes)
        return self._closed[1], classes


class Cursor:
    """Adds one local path to a tree, event by event.  `new` counts what the path
    added (nodes, leaves, sides run for the first time, outcome classes), `ok` turns
    false where the path contradicts the tree (the function is not a function of its
    vocabulary here: a concretization, or state); nothing is added past that point."""

    def __init__(self, forest: Forest, tree: FunctionTree, assignment: dict) -> None:
        self.forest, self.tree, self.assignment = forest, tree, assignment
        self.parent = None
        self.key = None
        self.ok = True
        self.where: Site | None = None               # the event that contradicted the tree
        self.new = 0
        self.explored: list[tuple[int, Any]] = []   # sides this path ran for the first time

    def _child(self):
        return self.tree.root if self.parent is None else self.parent.children[self.key]

    def _attach(self, child) -> None:
        if self.parent is None:
            self.tree.root = child
        else:
            self.parent.children[self.key] = child
        self.new += 1
        self.forest.changed(self.tree, self.parent)

    def _mismatch(self, site: Site | None) -> None:
        self.ok = False
        self.where = site
        self.forest.mismatches += 1

    def _side(self, node, key) -> None:
        self.forest.sides[(node.uid, key)] = Side(node, key, len(self.forest.sides), self.assignment)

    def branch(self, site: Site, term: Term, taken: bool, flippable: bool = True) -> BranchNode | None:
        if not self.ok:
            return None
        node = self._child()
        if node is None:
            node = BranchNode(self.forest.uid(), self.tree, self.parent, self.key, site, term)
            self._attach(node)
            self._side(node, True)
            self._side(node, False)
        elif node.kind != "branch" or node.site != site:
            self._mismatch(site)
            return None
        if node.status[taken] is not SideStatus.EXPLORED:
            node.status[taken] = SideStatus.EXPLORED
            self.forest.covered.add((site, taken))
            self.explored.append((node.uid, taken))
            self.new += 1
            self.forest.changed(self.tree, node)
        if not flippable and taken and node.status[False] is SideStatus.DANGLING:
            # An assumption that held has no other side; a violated one (a pruned run)
            # keeps its satisfying side dangling: a target, as in DART's tree.
            node.status[False] = SideStatus.INFEASIBLE
            self.forest.changed(self.tree, node)
        self.parent, self.key = node, taken
        return node

    def call(self, site: Site, callee: FunctionKey, args: tuple, cls: Outcome) -> CallNode | None:
        if not self.ok:
            return None
        node = self._child()
        if node is None:
            node = CallNode(self.forest.uid(), self.tree, self.parent, self.key, site, callee, args)
            self._attach(node)
            self._side(node, OTHER)
            self.tree.calls.append(node)
            self.forest.callsites.setdefault(callee, []).append(node)
        elif node.kind != "call" or node.site != site or node.callee != callee:
            self._mismatch(site)
            return None
        if cls not in node.children:
            node.children[cls] = None
            self.explored.append((node.uid, cls))
            self.new += 1
            self.forest.changed(self.tree, node)
            sort = value_sort(cls)
            if sort is not None:
                node.rets[cls] = var(f"demand:ret{node.uid}.{sort.value}", sort)
        self.parent, self.key = node, cls
        return node

    def end(self, cls: Outcome, value: Term | None) -> Leaf | None:
        if not self.ok:
            return None
        node = self._child()
        if node is None:
            node = Leaf(self.forest.uid(), self.tree, self.parent, self.key, cls, value)
            self._attach(node)
            self.tree.paths += 1
        elif node.kind != "leaf" or node.cls[:2] != cls[:2]:
            self._mismatch(getattr(node, "site", None))
            return None
        elif node.value is not value and node.value is not None:
            # The same local path returned another term: the value is not a function of
            # the path's vocabulary (a concretization, C code).  From now on it is unknown.
            node.value = None
            self.forest.changed(self.tree, node.parent)
            self._mismatch(getattr(node.parent, "site", None))
        return node
