"""The interprocedural path constraint Ψ_n of a target side n (TACAS'08 §4.2, Algorithm 2),
built from the intraprocedural trees without quantifiers (DESIGN.md decision 4).

The paper states Ψ_n with uninterpreted functions and quantified axioms:

    Ψ_n   = localpc(n) ∧ C_f(P_f) ∧ γ's ∧ δ's
    δ_g   = ∀P_g. D_g(P_g) ⇔ ∨_{leaf l of T_g} localpc(l) ∧ ret(l),
            ret(l) = (g(P_g) = Ret_g(l)) for an explored leaf, G_l for a dangling one
    γ_f   = ∀a. C_f(a) ⇔ ∨_g ∃P_g. C_g(P_g) ∧ (∨_{call sites m of f in T_g} a = args(m) ∧ localpc(m)
                                               ∨ ∨_{dangling d in T_g} localpc(d) ∧ G_d)

Here every axiom is instantiated where the solver would need it, as plain terms:

* an **instance** of a tree is the tree with its formals replaced by actual terms
  (over the program's inputs); D_g at a call site is the *fold* of g's instance:
  for each outcome class, the disjunction of the local path constraints of the
  leaves of that class (`Res.classes`, built on the tree, so linear in its size),
  and the returned value as ite(guard_1, t_1, ite(guard_2, t_2, ...)); dangling
  sides contribute G_d to `Res.any`, the outcomes nobody has seen yet.  The value
  a caller sees is `ite(known, value, u)` with u a fresh variable per call site and
  arguments (what a dangling path returns is unknown), so a caller's conditions on
  it need no variable when the callee's paths are known;
* C_f is unrolled top-down from the entry: each known call site of f (in an instance
  of its caller, reached the same way) is one *context* (its path constraint, the
  actual arguments); the dangling sides of a caller that may still call f (static
  control flow, `search/targets.py`) give a context with fresh arguments;
* lazy exploration sets every G but the target's own to false (they fold away);
  relevant exploration keeps them as free booleans.

Recursion (which the paper excludes) unrolls up to `max_repeat` instances of one
function on a chain; past that, and past `max_nodes` instantiated nodes, an instance
is *cut*: its outcomes are unknown (a G_cut that is false in lazy mode and free in
relevant mode), an over-approximation, so an unsatisfiable relevant Ψ_n still proves
the target unreachable.
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable

from smartest.strategies.demand.trees import (ENTRY, OTHER, CallNode, Forest, FunctionKey, FunctionTree, leaf_class,
                                         value_sort)
from smartest.terms import Sort, Term, build, var
from smartest.terms.rewrite import transform
from smartest.terms.term import make
from smartest.trace.tree import SideStatus

TRUE, FALSE = build.TRUE, build.FALSE
_SIDE_NAME = {True: "T", False: "F", OTHER: "O"}


def and2(a: Term, b: Term) -> Term:
    """a ∧ b as a binary node: path constraints share their prefixes (build.and_ would
    flatten every prefix into a new node, quadratic on long paths)."""
    if a is TRUE or b is FALSE:
        return b
    if b is TRUE or a is FALSE:
        return a
    return make("and", (a, b), Sort.BOOL)


def bite(c: Term, a: Term, b: Term) -> Term:
    """ite(c, a, b) for booleans, folded where one side is constant."""
    if a is b or c is TRUE:
        return a
    if c is FALSE:
        return b
    if b is FALSE:
        return and2(c, a)
    if a is FALSE:
        return and2(build.not_(c), b)
    return build.ite(c, a, b)


class Res:
    """What a subtree of an instance says: per outcome class (dom, value), and `any`,
    the condition of reaching a side nobody has run (whose outcome is unknown)."""

    __slots__ = ("classes", "any")

    def __init__(self, classes: dict | None = None, any_: Term = FALSE) -> None:
        self.classes = classes or {}
        self.any = any_


EMPTY = Res()


class Names:
    """Stable names for the auxiliary variables, so that equal formulas are equal
    terms from one query to the next (the solver cache and z3's own sharing)."""

    def __init__(self) -> None:
        self._ids: dict[Any, int] = {}

    def var(self, prefix: str, key: Any, sort: Sort) -> Term:
        n = self._ids.get(key)
        if n is None:
            n = self._ids[key] = len(self._ids)
        return var(f"demand:{prefix}{n}", sort)


class Instance:
    """A tree with its formals bound to actual terms.  σ maps the formals to the
    actuals and each call node's return variables to the value the callee's instance
    gives; every ret variable is bound once, above every term that mentions it, so one
    substitution cache serves the whole instance."""

    def __init__(self, builder: "Builder", tree: FunctionTree, args: tuple, deep: tuple) -> None:
        self.b = builder
        self.tree = tree
        self.args = args
        self.deep = deep                     # the versions of the trees it depends on
        self.cut = False                     # some instance below it was cut: not reusable
        self.sigma: dict[Term, Term] = dict(zip(tree.formals, args))
        self._cache: dict = {}
        self._bound: dict[int, Res] = {}
        self._rets: dict[int, int] = {}      # call node uid -> how many of its rets are bound
        self._vias: dict[int, int] = {}      # call node uid -> how many of its vias are bound
        self._callees: dict[int, Any] = {}   # call node uid -> the callee's instance (None: cut)
        self._pcs: dict[int, Term] = {}
        self._memo: dict[Any, dict[int, tuple[int, Res]]] = {}   # fold tag -> node uid -> (stamp, Res)

    def subst(self, t: Term) -> Term:
        hit = self._cache.get(t)
        if hit is not None:
            return hit
        sigma = self.sigma
        if not any(v in sigma for v in t.free):
            return t
        return transform(t, lambda x: sigma.get(x) if x.op == "var" else
                         (x if not any(v in sigma for v in x.free) else None), self._cache)

    # -- calls ---------------------------------------------------------------
    def bind(self, node: CallNode) -> Res:
        """D_callee at this call site; binds the call's return variables."""
        d = self._bound.get(node.uid)
        if d is None:
            cuts = self.b.cuts
            args = self._args(node)
            d = self._bound[node.uid] = self.b.definition(node.callee, args)
            self.cut |= self.b.cuts > cuts
            self._callees[node.uid] = self.b.instances.get((node.callee, args))
        if len(node.rets) > self._rets.get(node.uid, 0):   # a class seen here for the first time
            self._rets[node.uid] = len(node.rets)
            self._bind_rets(node, d)
        if len(node.vias) > self._vias.get(node.uid, 0):
            self._vias[node.uid] = len(node.vias)
            self._bind_vias(node)
        return d

    def _args(self, node: CallNode) -> tuple:
        return tuple(self.subst(a) for a in node.args)

    def _bind_rets(self, node: CallNode, d: Res) -> None:
        args = self._args(node)
        for cls, ret in node.rets.items():
            if ret in self.sigma:
                continue
            dom, val = d.classes.get(cls, (FALSE, None))
            if val is None:
                self.sigma[ret] = self.b.unknown(("ret", node.uid, cls), args, value_sort(cls))
            elif d.any is FALSE:
                self.sigma[ret] = val           # where the guard fails, the path is infeasible anyway
            else:
                self.sigma[ret] = build.ite(dom, val, self.b.unknown(("ret", node.uid, cls), args, value_sort(cls)))

    def _bind_vias(self, node: CallNode) -> None:
        """A value the callee's own call returned, as the callee's instance binds it: the
        caller's terms mention it only under an object class, one leaf of the callee,
        whose path holds that call.  Where the instance has no binding (a cut, a side
        these arguments decide against), the value is unknown."""
        callee = self._callees.get(node.uid)
        for inner, v in node.vias.items():
            if v in self.sigma:
                continue
            bound = callee.sigma.get(inner) if callee is not None else None
            self.sigma[v] = bound if bound is not None else \
                self.b.unknown(("via", node.uid, inner), self._args(node), inner.sort)

    @staticmethod
    def guard(d: Res, cls) -> Term:
        """The callee's instance took outcome class `cls`, or a path nobody knows."""
        dom = d.classes.get(cls, (FALSE, None))[0]
        return dom if cls[0] == "object" else build.or_(dom, d.any)

    @staticmethod
    def unobserved(node: CallNode, d: Res) -> Term:
        return build.or_(*(dom for cls, (dom, _) in d.classes.items() if cls not in node.children), d.any)

    # -- local path constraints ---------------------------------------------
    def edge(self, node, key) -> Term:
        """The condition of taking side `key` at `node`."""
        if node.kind == "branch":
            c = self.subst(node.term)
            return c if key else build.not_(c)
        d = self.bind(node)
        return self.unobserved(node, d) if key == OTHER else self.guard(d, key)

    def pc(self, node) -> Term:
        """localpc of a node: the conditions from the root down to it (its own not included)."""
        chain = []
        n = node
        while n is not None and n.uid not in self._pcs:
            chain.append(n)
            n = n.parent
        acc = self._pcs[n.uid] if n is not None else TRUE
        for m in reversed(chain):
            if m.parent is not None:
                acc = and2(acc, self.edge(m.parent, m.key))
            self._pcs[m.uid] = acc
        return acc

    def side_pc(self, node, key) -> Term:
        return and2(self.pc(node), self.edge(node, key))

    # -- the fold: definition predicates ---------------------------------------
    def fold(self, dangling: Callable[[Any, Any], Term], tag: Any = None) -> Res:
        """The tree as one Res, bottom-up (iteratively: paths of loops are long);
        `dangling(node, key)` is what a side nobody ran contributes to `any`.  Each
        node's Res is kept with its stamp, so a refold after a run redoes only the
        nodes on the paths that changed."""
        root = self.tree.root
        if root is None:
            return Res({}, self.b.hole(("root", self.tree.key)))
        memo = self._memo.setdefault(tag, {})
        done: dict[int, Res] = {}
        stack = [(root, False)]
        while stack:
            node, ready = stack.pop()
            hit = memo.get(node.uid)
            if hit is not None and hit[0] == node.stamp:
                done[node.uid] = hit[1]
                continue
            if node.kind == "leaf":
                res = self._leaf(node)
            elif not ready:
                stack.append((node, True))
                if node.kind == "call":
                    self.bind(node)
                else:
                    c = self.subst(node.term)
                    if c.op == "const":      # the arguments decide it: the other side is dead here
                        child = node.children[bool(c.value)]
                        if child is not None:
                            stack.append((child, False))
                        continue
                stack.extend((c, False) for c in node.children.values() if c is not None)
                continue
            else:
                self.b.size += 1
                res = self._branch(node, done, dangling) if node.kind == "branch" else self._call(node, done, dangling)
            done[node.uid] = res
            memo[node.uid] = (node.stamp, res)
        return done[root.uid]

    def _slot(self, node, key, done: dict, dangling) -> Res:
        child = node.children.get(key)
        if child is not None:
            return done[child.uid]
        if node.kind == "call":
            return Res({}, self.b.hole((node.uid, key)))        # a path that stopped here (truncated run)
        status = node.status[key]
        if status is SideStatus.INFEASIBLE:
            return EMPTY
        if status is SideStatus.EXPLORED:
            return Res({}, self.b.hole((node.uid, key)))
        return Res({}, dangling(node, key))

    def _leaf(self, leaf) -> Res:
        cls = leaf_class(leaf)
        sort = value_sort(cls)
        if sort is None:
            return Res({cls: (TRUE, None)})
        value = self.subst(leaf.value) if leaf.value is not None else \
            self.b.unknown(("leaf", leaf.uid), self.args, sort)
        return Res({cls: (TRUE, value)})

    def _branch(self, node, done, dangling) -> Res:
        c = self.subst(node.term)
        if c.op == "const":
            return self._slot(node, bool(c.value), done, dangling)
        rt, rf = self._slot(node, True, done, dangling), self._slot(node, False, done, dangling)
        classes = {}
        for cls in (*rt.classes, *(k for k in rf.classes if k not in rt.classes)):
            dt, vt = rt.classes.get(cls, (FALSE, None))
            df, vf = rf.classes.get(cls, (FALSE, None))
            val = vf if vt is None else vt if vf is None else build.ite(c, vt, vf)
            classes[cls] = (bite(c, dt, df), val)
        return Res(classes, bite(c, rt.any, rf.any))

    def _call(self, node: CallNode, done, dangling) -> Res:
        d = self._bound[node.uid]
        doms: dict[Any, list[Term]] = {}
        chains: dict[Any, list[tuple[Term, Term]]] = {}
        anys: list[Term] = []
        for cls in node.children:
            known = d.classes.get(cls, (FALSE, None))[0]
            guard = self.guard(d, cls)
            r = self._slot(node, cls, done, dangling)
            for x, (dx, vx) in r.classes.items():
                doms.setdefault(x, []).append(and2(guard, dx))
                if vx is not None:
                    chains.setdefault(x, []).append((and2(known, dx), vx))
            anys.append(and2(guard, r.any))
        if node.status[OTHER] is not SideStatus.INFEASIBLE:
            anys.append(and2(self.unobserved(node, d), dangling(node, OTHER)))
        classes = {}
        for x, ds in doms.items():
            chain = chains.get(x)
            val = None
            if chain:
                if d.any is FALSE:
                    val = chain[-1][1]       # the guards are exclusive and one holds
                    rest = chain[:-1]
                else:                        # an unknown path of the callee: any value
                    val = self.b.unknown(("val", node.uid, x), self.args, value_sort(x))
                    rest = chain
                for g, v in reversed(rest):
                    val = build.ite(g, v, val)
            classes[x] = (build.or_(*ds), val)
        return Res(classes, build.or_(*anys))


class Builder:
    """Builds Ψ_n for one target side, lazily (every G but the target's false) or
    relevantly (every G free).

    Instances outlive one build (`cache`, the searcher's): one of tree T at arguments
    a in one mode is the same as long as T and the trees its calls reach have not
    changed, so consecutive queries are mostly the same terms (and z3 translates
    only what is new).  An instance that met a cut is not kept: a deeper unrolling
    may be what the next build is for."""

    def __init__(self, forest: Forest, target: tuple[int, Any], relevant: bool, names: Names, static,
                 max_repeat: int = 3, max_nodes: int = 30_000, max_contexts: int = 1000,
                 cache: dict | None = None) -> None:
        self.forest = forest
        self.target = target
        self.target_tree = forest.sides[target].node.tree.key if target in forest.sides else None
        self.relevant = relevant
        self.names = names
        self.static = static                 # may_reach(G, F), may_call(node, key, F)
        self.cache = cache if cache is not None else {}
        self._reach: dict[FunctionKey, frozenset] = {}
        self.max_repeat = max_repeat
        self.max_nodes = max_nodes
        self.max_contexts = max_contexts
        self.instances: dict[tuple, Instance] = {}
        self.stack: Counter = Counter()      # functions being instantiated, for recursion
        self.size = 0                        # nodes folded
        self.cuts = 0

    # -- auxiliary variables --------------------------------------------------
    def g(self, node, key) -> Term:
        """G_d of a dangling side."""
        if self.relevant or (node.uid, key) == self.target:
            return var(f"demand:G{node.uid}.{_SIDE_NAME[key]}", Sort.BOOL)
        return FALSE

    def hole(self, key: Any) -> Term:
        """A part of a tree whose outcome no run showed (a truncated path, a cut)."""
        return self.names.var("H", ("hole", key), Sort.BOOL) if self.relevant else FALSE

    def unknown(self, key: Any, args: tuple, sort: Sort) -> Term:
        return self.names.var("u", (key, args, sort), sort)

    # -- instances and definition predicates ------------------------------------
    def instance(self, key: FunctionKey, args: tuple) -> Instance:
        inst = self.instances.get((key, args))
        if inst is not None:
            return inst
        reach, recursive = self.reach(key)
        mode = "R" if self.relevant else ("L", self.target) if self.target_tree in reach else "L"
        # Its own tree's changes are handled node by node (stamps); a callee's change
        # changes the values its calls return, so the instance starts over.
        deep = tuple(self.forest.trees[k].version for k in sorted(reach, key=str) if k != key or recursive)
        ck = (key, args, mode)
        inst = self.cache.get(ck)
        if inst is None or inst.deep != deep or inst.cut:
            inst = Instance(self, self.forest.tree(key), args, deep)
            if len(self.cache) > 50_000:
                self.cache.clear()
            self.cache[ck] = inst
        inst.b = self
        self.instances[(key, args)] = inst
        return inst

    def reach(self, key: FunctionKey) -> tuple[frozenset, bool]:
        """The trees an instance of `key` may instantiate (its own, and its callees'),
        and whether its own is among its callees' (recursion)."""
        hit = self._reach.get(key)
        if hit is None:
            seen, todo, recursive = {key}, [key], False
            while todo:
                tree = self.forest.trees.get(todo.pop())
                for m in tree.calls if tree is not None else ():
                    recursive |= m.callee == key
                    if m.callee not in seen:
                        seen.add(m.callee)
                        todo.append(m.callee)
            hit = self._reach[key] = (frozenset(k for k in seen if k in self.forest.trees), recursive)
        return hit

    def definition(self, key: FunctionKey, args: tuple) -> Res:
        """D_key(args): the callee's tree folded under these arguments."""
        if self.stack[key] >= self.max_repeat or self.size > self.max_nodes:
            self.cuts += 1
            return Res({}, self.hole(("cut", key, args)))
        self.stack[key] += 1
        try:
            inst = self.instance(key, args)
            cuts = self.cuts
            res = inst.fold(self.g)
            inst.cut |= self.cuts > cuts
            return res
        finally:
            self.stack[key] -= 1

    # -- calling contexts ------------------------------------------------------
    def contexts(self, f: FunctionKey) -> list[tuple[Term, tuple]]:
        """C_f unrolled: (condition over the inputs, actual arguments) for each way to
        call f known from the trees, and for the dangling sides that may call it."""
        if f == ENTRY:
            return [(TRUE, ())]
        callers: dict[FunctionKey, set] = {}
        for callee, nodes in self.forest.callsites.items():
            callers.setdefault(callee, set()).update(n.tree.key for n in nodes)
        toward = {f}                          # functions whose call sites lead to f
        todo = [f]
        while todo:
            for c in callers.get(todo.pop(), ()):
                if c not in toward:
                    toward.add(c)
                    todo.append(c)
        out: list[tuple[Term, tuple]] = []
        frontier = [(self.instance(ENTRY, ()), TRUE, ())]
        while frontier:
            inst, phi, chain = frontier.pop()
            key = inst.tree.key
            for m in inst.tree.calls:
                h = m.callee
                if h not in toward:
                    continue
                at = and2(phi, inst.pc(m))
                if at is FALSE:
                    continue
                args = tuple(inst.subst(a) for a in m.args)
                if h == f:
                    out.append((at, args))
                if chain.count(h) >= self.max_repeat or len(out) + len(frontier) > self.max_contexts \
                        or self.size > self.max_nodes:
                    # Deeper recursion, or too many contexts: f may be called from here with anything.
                    self.cuts += 1
                    out.append((and2(at, self.hole(("ctx", m.uid, args))), self.fresh_args(f, ("cut", m.uid, args))))
                    continue
                frontier.append((self.instance(h, args), at, (*chain, h)))
            if self.relevant and self.static.may_reach(key, f):
                towards = inst.fold(lambda node, side: self.g(node, side)
                                    if self.static.may_call(node, side, f) else FALSE, ("toward", f))
                if towards.any is not FALSE:
                    out.append((and2(phi, towards.any), self.fresh_args(f, (key, inst.args))))
        return out

    def fresh_args(self, f: FunctionKey, key: Any) -> tuple:
        tree = self.forest.tree(f)
        return tuple(self.names.var("a", (f, key, t), t.sort) for t in tree.formals)

    # -- Ψ_n ---------------------------------------------------------------
    def psi(self, node, key) -> Term:
        """The disjunction of the path constraints of the interprocedural paths to the
        side `key` of `node` that the trees can form."""
        tree = node.tree
        parts = []
        for phi, args in self.contexts(tree.key):
            local = self.instance(tree.key, args).side_pc(node, key)
            parts.append(and2(phi, local))
        psi = build.or_(*parts)
        leaked = [v for v in psi.free if v.value.startswith(("demand:ret", "demand:r#")) or "#" in v.value]
        if leaked:   # a variable of a tree's vocabulary that no instance bound: a bug here
            raise AssertionError(f"demand: unbound variables in a path constraint: {leaked[:3]}")
        return psi
