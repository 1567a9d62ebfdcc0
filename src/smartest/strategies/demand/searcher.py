"""Demand-driven compositional search (Anand, Godefroid, Tillmann, TACAS'08, Algorithms
1 and 2).

    Algorithm 1                                 here
    ───────────                                 ────
    exTrees ← Execute(P, input, exTrees)         the engine runs; `calls/demand.py`
                                                 adds each function's local path
    n ← ChooseDanglingNode(exTrees)              `_choose`: aimed sides first (--target),
                                                 then sides of branches no run covered
    input ← FindTestInput(exTrees, n)            Algorithm 2, over two `select`s:
      lazy:     Ψ_n ∧ ∧_{d ≠ n} G_d = false        a Candidate; if the solver says unsat,
      relevant: Ψ_n                               the side asks the relevant one when it
                                                  is chosen again (after every side a
                                                  lazy run may still reach)
    RemoveDanglingNode(n) on emptyModel          `rejected`: the side is infeasible

Ψ_n comes from `search/demand_formula.py`.  A lazy model drives the run along known
intraprocedural paths to n; a relevant one along a partially explored path that may
reach n (each run it causes explores at least one new side: the progress theorem;
a run that does not is a divergence, see `calls/demand.py`).

Lazy runs come first across the forest, not only for one side: a side whose lazy Ψ
was refused waits behind every side not yet refused.  A relevant run explores the
callers' dangling sides that may call the function with any arguments, so a side
infeasible in every known context (digits_end's loop exit on its first test, when
every caller checked a digit first) stays satisfiable until those callers are
explored; aiming relevant runs at it first spent 64 of calc_tokens' first 70 runs
there, while lazy runs to the parser's sides reach its bug in a few.  The side stays the
target until a run covers it or the solver proves it unreachable; a side that
relevant runs have aimed at `MAX_ATTEMPTS` times without reaching it yields to the
others (fair choice, as Pex's strategies are), and comes back when they are done.
"""
from __future__ import annotations

from dataclasses import dataclass

from smartest.strategies.demand.policy import DemandPolicy, DemandStats
from smartest.calls.intercept import own_modules
from smartest.calls.purity import CodeTable, all_functions
from smartest.errors import InvalidArgument
from smartest.strategies.demand.formula import Builder, Names
from smartest.strategies.demand.trees import ENTRY, OTHER, Forest, Side
from smartest.search.protocol import Candidate, ExploredRun
from smartest.search.targets import Aim, Static
from smartest.strategies.settings import flag
from smartest.solver.protocol import Status
from smartest import terms
from smartest.trace.tree import SideStatus

MAX_ATTEMPTS = 16
MAX_UNROLL = 24       # the deepest recursion a Ψ unrolls (doubling from Side.depth)


class DemandSearcher:
    # For the engine (search/protocol.py): a run an assumption prunes (a fully verified
    # `check`, `assume`) still marks every side it took, in every function it went
    # through; once one was pruned, DART's negation runs to its end before `complete`.
    uncovered_after_pruning = "demand's trees count a side as run once any run took it, also a run an " \
                              "assumption pruned later (inputs outside the domain): such a side may have " \
                              "no run in the domain (targets/pruned_callee.py)"

    def __init__(self, forest: Forest, static: Static, stats: DemandStats, limits: dict | None = None) -> None:
        self.forest = forest
        self.static = static
        self.stats = stats
        self.names = Names()
        self.limits = limits or {}
        self._instances: dict = {}           # instances kept between builds (demand_formula.Builder)

    # -- a region of a parallel exploration (engine/regions.py) -----------------
    def restart(self) -> None:
        """A fresh search of another region of the inputs: the trees' explored paths
        stay (they hold everywhere), every side no run took is a target again."""
        self.forest.reopen()
        self._instances = {}

    # -- the Searcher protocol -------------------------------------------------
    def select(self) -> Candidate | None:
        while True:
            side = self._choose()
            if side is None:
                return None
            if self._closed(side):
                self.forest.mark(side, SideStatus.INFEASIBLE)
                self.stats.unreachable += 1
                continue
            # Lazy first; relevant once the lazy Ψ was refused with the trees as they are.
            relevant = side.lazy_failed >= 0
            psi, cuts = self._psi(side, relevant)
            if psi is terms.build.FALSE:
                if relevant:                 # unsatisfiable by folding alone
                    self.forest.mark(side, SideStatus.INFEASIBLE)
                    self.stats.unreachable += 1
                else:
                    side.lazy_failed = self.forest.version
                continue
            mode = "relevant" if relevant else "lazy"
            # A relevant model may lean on an instance cut at the recursion bound: a run
            # that then explores nothing new asks for a deeper unrolling, not a divergence.
            retry = relevant and cuts > 0 and side.depth < MAX_UNROLL
            shaped = conjuncts(psi) if _dart_path(side) else path_shaped(psi)
            return Candidate(shaped, side.assignment, (), (side.ident, mode, retry), (side, mode),
                             provisional=not relevant)

    def rejected(self, candidate: Candidate, status: Status) -> None:
        side, mode = candidate.origin
        if mode == "lazy":
            side.lazy_failed = self.forest.version
        elif status is Status.UNSAT:
            self.forest.mark(side, SideStatus.INFEASIBLE)
            self.stats.unreachable += 1
        else:
            self.forest.mark(side, SideStatus.UNKNOWN)
            self.stats.unknown += 1

    def update(self, run: ExploredRun) -> None:
        cand = run.candidate
        if cand is None or not isinstance(cand.origin, tuple):
            return
        side, mode = cand.origin
        if mode == "lazy":
            self.stats.lazy += 1
        else:
            self.stats.relevant += 1
        if run.notes.info.get("reached"):
            self.stats.reached += 1
        elif run.notes.info.get("retry"):
            side.depth *= 2
        elif side.status is SideStatus.DANGLING:
            if mode == "lazy" or not run.notes.info.get("new"):
                self.forest.mark(side, SideStatus.DIVERGED)
                self.stats.diverged += 1
            else:
                side.attempts += 1

    # -- ChooseDanglingNode ------------------------------------------------------
    def _choose(self) -> Side | None:
        best, best_key = None, None
        covered = self.forest.covered
        for side in self.forest.open_sides():
            if side.reach is None:
                side.reach = self.static.distance(side.node, side.key)
                if side.reach is None:
                    side.reach = -1
            key = (side.attempts >= MAX_ATTEMPTS,
                   0 if side.reach >= 0 else 1,
                   side.reach,
                   side.lazy_failed >= 0,
                   side.key == OTHER,
                   (side.site, side.key) in covered,
                   side.order)
            if best_key is None or key < best_key:
                best, best_key = side, key
        return best

    def _closed(self, side: Side) -> bool:
        """An OTHER side of a call of a closed function whose every outcome class was
        seen at the call: no other outcome exists, no query needed."""
        if side.key != OTHER:
            return False
        members, classes = self.forest.closed()
        node = side.node
        return node.callee in members and classes[node.callee] <= node.children.keys()

    def _psi(self, side: Side, relevant: bool):
        b = Builder(self.forest, side.ident, relevant, self.names, self.static, max_repeat=side.depth,
                    cache=self._instances, **self.limits)
        psi = b.psi(side.node, side.key)
        self.stats.cuts += b.cuts
        self.stats.largest = max(self.stats.largest, b.size)
        return psi, b.cuts


def _dart_path(side: Side) -> bool:
    """Whether Ψ of the side is DART's path constraint: a side of the entry's tree with
    no call node above it (the only context, and no callee's fold).  Its conjuncts are
    the conditions the side's own run took, so slicing may drop those the negated one
    does not depend on, as it does for DART."""
    node = side.node
    if node.tree.key != ENTRY:
        return False
    while node is not None:
        if node.kind == "call":
            return False
        node = node.parent
    return True


def path_shaped(psi) -> tuple:
    """Ψ's conjuncts but the last, then Ψ whole: the prefix is what consecutive queries
    share in the incremental solver, and the last constraint mentions every variable,
    so independence slicing (which drops what does not share a variable with the last
    constraint, trusting the current input to satisfy it) keeps all of it.  The side's
    input need not satisfy a conjunct of Ψ (it came from another context, a relevant
    path): a sliced Ψ made runs that diverged (demand_aim.twice)."""
    parts = conjuncts(psi)
    return (*parts[:-1], psi) if len(parts) > 1 else (psi,)


def conjuncts(psi) -> tuple:
    """Ψ as the solver chain likes a path constraint: its top-level conjuncts, root
    first (a local path constraint is a chain of binary ands, `formula.and2`).  One
    term made every query a new first constraint, so the incremental solver popped
    and re-asserted the whole path each time; as a tuple, consecutive queries share
    their prefix, as DART's do."""
    out, seen, stack = [], set(), [psi]
    while stack:
        t = stack.pop()
        if t.op == "and":
            stack.extend(reversed(t.args))
        elif t not in seen:
            seen.add(t)
            out.append(t)
    return tuple(out)


@dataclass(frozen=True, kw_only=True)
class Settings:
    """The demand-driven strategy's own settings."""

    target: str | None = flag(None, "demand: aim at assert, raise, FILE:LINE or LINE (of the target's file) first",
                              metavar="SPEC", kind=str)

    def __post_init__(self) -> None:
        if self.target is not None and not isinstance(self.target, str):
            raise InvalidArgument(f"target must be a string, not {self.target!r}")


def build(options, solver, target) -> tuple[DemandSearcher, DemandPolicy]:
    """The `demand` strategy: the searcher and the policy share the forest of trees."""
    settings = options.settings if isinstance(options.settings, Settings) else Settings()
    spec = settings.target
    aim = Aim(spec, target.file) if spec else None
    functions = all_functions(own_modules(target.is_own_file))
    table = CodeTable(functions)
    entry = f"{target.module.__name__}.{target.qualname}"
    static = Static(functions, table.callees, entry, aim)
    forest = Forest()
    stats = DemandStats()
    policy = DemandPolicy(table, forest, stats, entry, spec or None)
    return DemandSearcher(forest, static, stats), policy
