"""SMART's top-down search (SMART paper, Figures 1 and 3, the starred lines).

The search keeps a **context stack**.  Its bottom is the target itself; above it,
one entry per call being summarized, innermost on top: the call (its ordinal in
the run and its function), where its stretch of the path starts (k_f), the
decisions leading to it, and the input I that first reached it.  Each context
has its own execution tree and depth-first stack, so backtracking happens only
inside the innermost function being summarized:

    context stack             region of a run it owns        backtracks over
    ───────────────           ───────────────────────        ───────────────
    locate (call #0, k=0)     path[k : locate returns]       locate's branches
    top (the target)          path[0 : end of run]           top's, with locate summarized

A run explores calls its policy finds uncovered (`calls/smart.py`); the calls
beyond the contexts the run was asked to explore become new contexts, each saved
with the run's input.  When a context has no branch left to flip it is popped: its
calling context is now covered by the summary, and the run that first reached it
is repeated (Figure 3: "return (1, stack[0..k_f - 1], I)") with the call
summarized, so the search goes on in the caller, where the summary's disjunction
stands for every path of the callee.

Queries are over the program's inputs: the policy hands over, per run, what each
explored call's formal parameters stand for (`to_root`), and the conditions of the
path are instantiated with it before they reach the solver.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from smartest.calls.intercept import own_modules
from smartest.calls.protocol import RunNotes
from smartest.calls.purity import CodeTable, all_functions
from smartest.strategies.smart.policy import INLINE_ALL, STRETCH, SummaryPolicy
from smartest.strategies.smart.store import SummaryStore
from smartest.errors import InvalidArgument
from smartest.strategies.settings import flag
from smartest.search.protocol import Candidate, ExploredRun, decisions
from smartest.solver.protocol import Status
from smartest.trace.tree import ExecutionTree, SideStatus, dangling_sides


# A run of a context with fewer sides than this left to try records the resume
# stretch: recording costs the decisions of the calls past the callee, so not every
# run does it, and the last few sides of a depth-first search are often infeasible.
_NEAR_END = 4


class Context:
    """One entry of the context stack: a call being summarized (or the target)."""

    __slots__ = ("qualname", "chain", "start", "prefix", "saved", "key", "tree", "stack", "bounded", "resume",
                 "tail")

    def __init__(self, qualname: str | None, chain: tuple, start: int, prefix: tuple, saved: dict,
                 key: tuple | None) -> None:
        self.qualname = qualname
        self.chain = chain          # (ordinal, qualname) of every explored call down to this one
        self.start = start          # k_f: where the call's stretch of the path begins
        self.prefix = prefix        # the decisions that lead to the call
        self.saved = saved          # I: the input of the run that first reached it
        self.key = key              # its calling context, for the policy's cover cache
        self.tree = ExecutionTree()
        self.stack: list[Candidate] = []
        self.bounded = False
        self.resume: tuple | None = None   # (run, its resume stretch): the last run's, if it may stand for I's
        self.tail: tuple | None = None     # how the call ended in the run of I, how that run went on (stretch.py)


class SmartSearcher:
    # For the engine (search/protocol.py): a run an assumption prunes (a fully verified
    # `check`, `assume`) still marks every side it took, in every function it went
    # through; once one was pruned, DART's negation runs to its end before `complete`.
    uncovered_after_pruning = "SMART's summaries and trees count a side as run once any run took it, also a run an " \
                              "assumption pruned later (inputs outside the domain): such a side may have " \
                              "no run in the domain (targets/pruned_callee.py)"
    fallback_directive = INLINE_ALL
    partial_paths = True        # a run's path is its region's: what follows is off the path

    def __init__(self, policy) -> None:
        self.policy = policy
        self.root = Context(None, (), 0, (), {}, None)
        self.contexts: list[Context] = [self.root]

    # -- a region of a parallel exploration (engine/regions.py) ---------------
    def restart(self) -> None:
        """A fresh search of another region of the inputs: the contexts go, the
        summaries stay (they hold everywhere), and so does what the policy knows of
        calling contexts, except which it searched to their end in the last region."""
        self.root = Context(None, (), 0, (), {}, None)
        self.contexts = [self.root]
        self.policy.forget_regional()

    @property
    def settled(self) -> bool:
        """No callee's context is open: a split now does not leave two workers to build one summary."""
        return len(self.contexts) == 1

    # -- the Searcher protocol -----------------------------------------------
    def select(self) -> Candidate | None:
        while True:
            top = self.contexts[-1]
            if top is not self.root and top.stack and self.policy.saturated(top.qualname):
                top.stack.clear()   # the bound b on paths per function (§3.5)
                top.bounded = True
            if top.stack:
                cand = top.stack.pop()
                origin = cand.origin
                if isinstance(origin[0], Context) and origin[1].status[int(origin[2])] is SideStatus.EXPLORED:
                    continue   # another run took that side since it was stacked (a stretch, below)
                if top is not self.root and len(top.stack) < _NEAR_END:
                    # It may be the context's last run (the sides left may all be
                    # infeasible): let it record the resume stretch.
                    cand = replace(cand, directive=(*cand.directive, STRETCH))
                return cand
            if top is self.root:
                return None
            self.contexts.pop()
            self.policy.context_done(top.key, top.qualname, top.bounded)
            parent = self.contexts[-1]
            resume = Candidate(None, top.saved, top.prefix, parent.chain, ("resume", top))
            stretch, same = self._stretch(top)
            if stretch is None or not same and stretch.notes.info["explored"]:
                return resume
            # The last run of the context recorded a path of the caller past the call,
            # with the summary the resume run uses.  If it may stand for the resume
            # run, no run.  Otherwise it is still a path of the caller (no run needed
            # for it later), but the caller's search starts from I's, as the paper's
            # and DART's do (stretch.py): the resume run is made.
            self.policy.stretch_taken(top.resume[1], instead=same)
            self.update(stretch)
            if not same and self.contexts[-1] is parent:
                return resume

    def _stretch(self, ctx: Context) -> tuple[ExploredRun | None, bool]:
        """The caller's path a finished context's last run J recorded past the call, if
        it is one: it followed the context's prefix, and the callee's summary has not
        changed since (the resume run would use the same one).  And whether it stands
        for the resume run of I: J went on after the call as I's run did (the same
        outcome and decisions: the same path, stretch.py), or J went on for fewer
        decisions than I did, so the caller's depth-first search starts no deeper than
        from I's path.  Never for a call answered by the path it ran (answer.py)."""
        if ctx.resume is None or ctx.bounded:
            return None, False
        run, notes = ctx.resume
        if self.policy.summary(ctx.qualname).version != notes["version"]:
            return None, False
        path = notes["path"]
        if decisions(path[:ctx.start]) != ctx.prefix:
            return None, False
        mine = run.notes.info.get("tails", {}).get(ctx.chain[-1][0])
        same = (ctx.tail is not None and mine is not None and (mine[0] == ctx.tail[0] or mine[1] < ctx.tail[1])
                and ctx.qualname not in self.policy.producers.composed)
        info = {"explored": notes["explored"], "region_end": notes["region_end"],
                "to_root": run.notes.info.get("to_root", {}), "tails": run.notes.info.get("tails", {})}
        parent = self.contexts[-1]
        return replace(run, path=path, candidate=Candidate(None, ctx.saved, ctx.prefix, parent.chain, ("resume", ctx)),
                       diverged=False, new_path=False, notes=RunNotes(info=info)), same

    def update(self, run: ExploredRun) -> None:
        if self.policy.inline_all:
            return   # the engine's fallback ran it, every call inlined: DART's path, not a region
        cand = run.candidate
        if self.policy.producers.reshaped():
            # A summarized call goes on the path in another shape from now on (answer.py):
            # the search begins again at the target, from this run's input.
            self.restart()
            self.policy.cover.clear()
            self.root.stack.append(Candidate(None, dict(run.assignment), (), (), ("replay",)))
            return
        if cand is None:  # a random (re)start: the search begins again at the target
            self.contexts = [self.root]
        self.contexts[-1].resume = None
        if self._abandon():
            return
        ctx = self.contexts[-1]
        origin = cand.origin if cand is not None else None
        flipped = origin if origin is not None and origin[0] is ctx else None
        info = run.notes.info
        explored = info.get("explored", ())
        chain = ctx.chain
        reached = tuple((o, q) for o, q, _, _ in explored[:len(chain)]) == chain
        if run.diverged or not reached:
            if flipped is not None:
                ctx.tree.mark(flipped[1], flipped[2], SideStatus.DIVERGED)
            return
        new = explored[len(chain):]
        if any(q in self.policy.object_results for _, q, _, _ in new):
            # A new context of a function the policy now inlines: the run's path ended at
            # its region, so the same input runs again with the call inlined.
            start = min(s for _, _, s, _ in new)
            ctx.stack.append(Candidate(None, dict(run.assignment), decisions(run.path[:start]), chain, ("replay",)))
            return
        for ordinal, qualname, start, key in new:
            ctx = Context(qualname, (*ctx.chain, (ordinal, qualname)), start, decisions(run.path[:start]),
                          dict(run.assignment), key)
            self.contexts.append(ctx)
        tails = info.get("tails", {})
        for c in self.contexts[len(self.contexts) - len(new):]:
            c.tail = tails.get(c.chain[-1][0])
        self.policy.max_context_depth = max(self.policy.max_context_depth, len(self.contexts) - 1)
        self._insert(ctx, run, info.get("region_end", len(run.path)), info.get("to_root", {}))
        stretch = info.get("resume")
        if stretch is not None and stretch["qualname"] == ctx.qualname and ctx is not self.root:
            ctx.resume = (run, stretch)

    def _abandon(self) -> bool:
        """Drop the open contexts of functions the policy now inlines (they returned an
        object, `SummaryPolicy.object_results`) and run the input that first reached
        the outermost of them again, the call inlined, in its caller's context."""
        objects = self.policy.object_results
        i = next((i for i, c in enumerate(self.contexts) if i and c.qualname in objects), None)
        if i is None:
            return False
        dropped = self.contexts[i]
        del self.contexts[i:]
        self.contexts[-1].stack.append(Candidate(None, dropped.saved, dropped.prefix, self.contexts[-1].chain,
                                                 ("replay",)))
        return True

    def rejected(self, candidate: Candidate, status: Status) -> None:
        ctx, node, side, _ = candidate.origin
        ctx.tree.mark(node, side, SideStatus.INFEASIBLE if status is Status.UNSAT else SideStatus.UNKNOWN)

    # -- the depth-first search inside one context ---------------------------
    def _insert(self, ctx: Context, run: ExploredRun, end: int, to_root: dict) -> None:
        """Add the run's stretch of the path to the context's tree and stack the
        sides it leaves dangling (Figure 3: negate path[j] for j >= k_f)."""
        path = run.path
        region = path[ctx.start:end]
        nodes = ctx.tree.insert(region)
        cache: dict = {}
        root_prefix = None
        prefix: list = []
        done = ctx.start
        for jj, node in dangling_sides(region, nodes, 0):
            j = ctx.start + jj
            side = not path[j].taken
            negated = self.policy.to_root_term(path[j].negated, to_root, cache)
            if negated.op == "const" and not negated.value:
                # The other side is ruled out by the calling context alone (a constant actual).
                ctx.tree.mark(node, side, SideStatus.INFEASIBLE)
                continue
            while done < j:
                c = self.policy.to_root_term(path[done].constraint, to_root, cache)
                done += 1
                if c.op != "const":
                    prefix.append(c)
            if root_prefix is None:
                # The calling context of the context's call: path[:k_f] over the inputs.
                terms = (self.policy.to_root_term(b.constraint, to_root, cache) for b in path[:ctx.start])
                root_prefix = tuple(c for c in terms if c.op != "const")
            constraints = (*root_prefix, *prefix, negated)
            expect = (*decisions(path[:j]), (path[j].site, side))
            ctx.stack.append(Candidate(constraints, run.assignment, expect, ctx.chain, (ctx, node, side, j)))


@dataclass(frozen=True, kw_only=True)
class Settings:
    """SMART's own settings."""

    max_paths_per_function: int = flag(0, "smart: explore at most B paths of each function, 0 for no bound "
                                          "(default 0)", metavar="B", kind=int)
    summary_store: str | None = flag(None, "smart: SQLite file of function summaries (default "
                                           "RUN_DIR/summaries.sqlite)", metavar="FILE", kind=str)
    no_summary_store: bool = flag(False, "smart: keep no summaries between runs", kind=bool)

    def __post_init__(self) -> None:
        bound = self.max_paths_per_function
        if not isinstance(bound, int) or bound < 0:
            raise InvalidArgument(f"max_paths_per_function must be an int >= 0, not {bound!r}")


def store_path(options, settings: Settings) -> str | None:
    """Where summaries persist: `--summary-store` if given, nowhere with
    `--no-summary-store`, else `summaries.sqlite` in the run-directory base."""
    if settings.no_summary_store:
        return None
    if settings.summary_store is not None:
        return settings.summary_store or None
    return os.path.join(options.run_dir, "summaries.sqlite") if options.run_dir else None


def build(options, solver, target) -> tuple[SmartSearcher, SummaryPolicy]:
    """The `smart` strategy: the context-stack searcher and the summary policy, sharing
    the summaries and the cover cache."""
    settings = options.settings if isinstance(options.settings, Settings) else Settings()
    table = CodeTable(all_functions(own_modules(target.is_own_file)))
    policy = SummaryPolicy(options, solver, target, table, SummaryStore(store_path(options, settings)),
                           settings.max_paths_per_function)
    return SmartSearcher(policy), policy
