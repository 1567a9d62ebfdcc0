"""`explore`: resolve the target, assemble a strategy, run the engine, build the report."""
from __future__ import annotations

import dataclasses
import inspect
import os
import time
from typing import Callable

from smartest.calls.inline import InlinePolicy
from smartest.calls.intercept import intercept, own_modules
from smartest.engine.deepening import BoundProbe, at_ceiling, deeper
from smartest.solving.names import for_exploration as opaque_functions
from smartest.engine.loop import Engine, ExplorationStats
from smartest.engine.distributed import explore_on_ray
from smartest.engine.parallel import explore_parallel, merge_rounds
from smartest.engine.isolation import interrupted_by_user
from smartest.engine.sandbox import Sandbox
from smartest import models
from smartest.engine.target import Target, resolve
from smartest.errors import InvalidArgument
from smartest.guided import CONFIGURATIONS
from smartest.guided.session import Guidance
from smartest.models.rewrite import rewrite_tree
from smartest.options import Options
from smartest.report.confirm import confirm_bugs, unreproduced_note
from smartest.report.report import Report
from smartest.solver import build_solver_chain
from smartest.strategies import STRATEGIES
from smartest.strategies.settings import typed


def target_spec(target: str | Callable) -> str:
    if isinstance(target, str):
        return target
    if callable(target):
        module = inspect.getmodule(target)
        if module is None:
            raise InvalidArgument(f"cannot find the module of {target!r}")
        return f"{module.__name__}:{target.__qualname__}"
    raise InvalidArgument(f"target must be a spec string or a function, not {type(target).__name__}")


def explore(target: str | Callable, options: Options | None = None, *, handlers=(),
            coverage: bool = True, **option_values) -> Report:
    """Explore `target` (a spec like 'path/to/mod.py:func', or a function) and report.

    `options` or keyword option values (not both) set the budgets and the strategy;
    `handlers` receive each test case as it is generated (progress, run directory).
    """
    if options is not None and option_values:
        raise InvalidArgument("pass either options or keyword option values, not both")
    options = check_options(options or Options(**option_values))
    spec = target_spec(target)
    # The caller's process goes on after the exploration: its modules get back what
    # they were (the CLI explores in a child process instead).
    journal = models.Journal()
    try:
        resolved = resolve(spec, options.default_type, journal)
        return run_exploration(resolved, options, handlers=handlers, coverage=coverage)
    finally:
        journal.undo()


def check_options(options: Options) -> Options:
    """The options with the names checked against the registries above `Options` and
    the strategy's settings as an instance of its own `Settings` class."""
    if options.strategy not in STRATEGIES:
        raise InvalidArgument(f"unknown strategy {options.strategy!r} (choose from {', '.join(STRATEGIES)})")
    if options.guided not in CONFIGURATIONS:
        raise InvalidArgument(f"unknown guided configuration {options.guided!r} "
                              f"(choose from {', '.join(CONFIGURATIONS)})")
    strategy = STRATEGIES[options.strategy]
    settings = typed(strategy.name, strategy.settings_type(), options.settings)
    return options if settings is options.settings else dataclasses.replace(options, settings=settings)


def _opaque_report(report: Report, options: Options, mixed) -> None:
    from smartest.report.mixed import mixed_section, opaque_section
    section = opaque_section(options.solving, report.concretizations, mixed.stats if mixed else None)
    if section["functions"] or options.solving != "dart":
        report.extra["opaque"] = section
    if mixed is not None:
        report.extra["mixed"] = mixed_section(mixed.stats, report.tests)


class _Fanout:
    def __init__(self, handlers) -> None:
        self.handlers = [h for h in handlers if h is not None]

    def on_run_start(self, inputs) -> None:
        for h in self.handlers:
            start = getattr(h, "on_run_start", None)
            if start is not None:
                start(inputs)

    def on_run_end(self) -> None:
        for h in self.handlers:
            end = getattr(h, "on_run_end", None)
            if end is not None:
                end()

    def on_test(self, test, stats) -> None:
        for h in self.handlers:
            h.on_test(test, stats)


def _mixed_solving(options: Options):
    """The mixed solving layer's settings, with random values drawn as inputs are."""
    from smartest.solving.mixed import MixedSettings, MixedSolving
    from smartest.symbolic.inputs import KINDS
    kinds = {}
    for kind in KINDS.values():
        kinds.setdefault(kind.sort, kind)
    settings = MixedSettings(max_tries=options.max_tries, random_tries=options.random_tries,
                             partitions=options.partition_heuristic, complex_nonlinear=options.complex_nonlinear,
                             seed=options.seed)
    return MixedSolving(settings, lambda sort, rng: kinds[sort].draw(rng, options) if sort in kinds else None)


PARALLEL = ("dart", "duet", "portfolio", "interleaved", "generational",   # searchers engine/parallel.py splits (search.protocol.Splittable)
            "smart", "demand", "latest")              # and those it confines to regions (engine/regions.py)


def _workers(options: Options) -> tuple[int, str]:
    """How many processes explore (`workers`, 0: one per core), and why only one when
    more were asked for and the search cannot be split."""
    n = options.workers or os.cpu_count() or 1
    if options.ray:     # as many workers as the cluster has CPUs (engine/distributed.py)
        if options.strategy not in PARALLEL or options.guided != "off" or options.solving == "mixed":
            return 0, f"--ray runs {', '.join(PARALLEL)} without --guided or mixed solving"   # 0: --ray cannot apply
        return n, ""
    if n == 1:
        return 1, ""
    if options.strategy not in PARALLEL:
        return 1, f"one process: the {options.strategy} search runs in one process (workers split {', '.join(PARALLEL)})"
    if options.guided != "off":
        return 1, "one process: guided search (--guided) runs in one process"
    if options.solving == "mixed":
        return 1, "one process: mixed solving keeps its sampling state in one process"
    return n, ""


def run_exploration(target: Target, options: Options, *, handlers=(), coverage: bool = True,
                    run_path: str | None = None, resume=None) -> Report:
    """Explore a resolved target.  `run_path`: an exact run directory to use (the CLI
    reserves it before it forks, so that it can read the directory if the process dies).
    `resume`: the `RunEvents` of `run_path`, an interrupted exploration to continue."""
    options = check_options(options)
    strategy = STRATEGIES[options.strategy]
    mixed = _mixed_solving(options) if options.solving == "mixed" else None
    run_dir = replay = None
    if options.run_dir:
        from smartest.emit.pytest_writer import EmitTarget
        from smartest.report.rundir import Replay, RunDirectory
        run_dir = RunDirectory(options.run_dir, target.spec, target.qualname,
                               {"emit": EmitTarget.from_target(target).as_dict(), "options": options.as_dict()},
                               path=run_path, resume=resume is not None)
        replay = Replay(run_dir, resume) if resume is not None else None
        handlers = (replay or run_dir, *handlers)
    sandbox = Sandbox(options.allow) if options.sandbox else None
    try:
        return _explore_and_report(target, options, strategy, mixed, run_dir, replay, handlers, sandbox, coverage)
    finally:
        if sandbox is not None:
            sandbox.close()


def _guess_misfits(report: Report, target: Target) -> None:
    """A run that ended in the TypeError or AttributeError a guessed parameter type
    makes (not a bug, engine/execute.py) says the guess is wrong, and whatever the
    function does with the right type was not run: such a search is not complete
    (boltons' `args2cmd` got an int for its list of arguments and ended "complete"
    with 0 of 18 branches)."""
    misfits = [t for t in report.tests if t.raised is not None and t.raised.type in ("TypeError", "AttributeError")]
    if not misfits:
        return
    first = misfits[0].raised
    report.complete = False
    report.extra["guess_misfits"] = len(misfits)
    report.notes.append(f"the guessed types of {', '.join(target.guessed)} do not fit: {len(misfits)} run(s) ended in "
                        f"{first.type} at {first.where}; annotate the parameters (or set --default-type) to "
                        f"explore what the function does with the right types")


def _replayed_otherwise(report: Report) -> None:
    """A run whose plain replay ends another way (sqlparse's `token.parent = self`
    returned on an int proxy and raises AttributeError on the int) took a path the plain
    function does not: what the search ran is not what the function does, so no
    `complete`, whatever caused it."""
    otherwise = report.replay.get("otherwise")
    if not otherwise:
        return
    report.complete = False
    first = otherwise[0]
    report.notes.append(f"{len(otherwise)} run(s) ended another way when re-run plainly (the first "
                        f"{first['recorded']} in the search, {first['plain']} plainly): the search is not complete")


def _confirm(report: Report, target: Target, options: Options, sandbox: Sandbox | None) -> None:
    """Bugs only if a plain run of their input shows them (report/confirm.py)."""
    replayed = report.replay.get("mismatches") if report.replay else None
    known = () if replayed is None else [t.index for t in report.tests if t.index not in set(replayed)]
    try:
        report.tests, unreproduced = confirm_bugs(target, report.tests, timeout=options.per_run_timeout,
                                                  strict=options.strict, sandbox=sandbox, known=known)
    except BaseException as e:
        if not interrupted_by_user(e):
            raise
        return
    if unreproduced:
        report.complete = False
        report.extra["unreproduced_bugs"] = unreproduced
        report.notes.append(unreproduced_note(unreproduced))


def _explore_and_report(target, options, strategy, mixed, run_dir, replay, handlers, sandbox, coverage) -> Report:
    own = own_modules(target.is_own_file)
    workers, why_not = _workers(options)
    first, started, engine, stats, bounded, whole, parallel = options, time.monotonic(), None, None, None, False, None
    deadline = started + first.time_limit   # no solver query runs past it (solver/z3backend.py)
    while True:  # one round per pair of bounds (engine/deepening)
        solver, stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, rlimit=options.solver_rlimit,
                                           max_str_len=options.max_str_len, mixed=mixed, stats=stats,
                                           deadline=deadline)
        searcher, policy = strategy.build(options, solver, target)
        guidance = Guidance(target, options, rewrite=rewrite_tree)   # the loaded code is the rewritten one
        searcher = guidance.wrap(searcher)
        # Deepening rounds of a search whose call policy keeps no state carry their runs over.
        carry = options.deepen and type(policy) is InlinePolicy and options.guided == "off"
        engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats,
                        policy=policy, handler=_Fanout(handlers), sandbox=sandbox, previous=engine, carry=carry)
        # A round gets the whole budget left if its bounds are the ceiling or the last
        # round exhausted its own (a real cut); otherwise half, then it yields.
        engine.deadline = deadline
        probe = engine.probe = BoundProbe(target.params, options, engine.stats.runs,
                                          whole or at_ceiling(options) or not options.deepen, solver, stats,
                                          deadline)
        with opaque_functions(options, own, target.module), guidance.installed(), intercept(own, policy):
            factory = lambda: build_solver_chain(timeout_ms=options.solver_timeout_ms,  # noqa: E731
                                                 rlimit=options.solver_rlimit, max_str_len=options.max_str_len,
                                                 mixed=mixed, stats=stats,
                                                 deadline=None if options.ray else deadline)  # another machine's clock
            if options.ray and workers:
                result, section = explore_on_ray(engine, options.ray, strategy.build, solver_factory=factory)
                parallel = section if parallel is None else merge_rounds(parallel, section)
            elif workers > 1 and not hasattr(searcher, "give") and not hasattr(searcher, "restart"):
                # e.g. behind a wrapper: neither Splittable nor confinable to a region
                workers, why_not = 1, f"one process: the {type(searcher).__name__} search cannot be split"
                engine.stats.parallel = {"why_not": why_not}
                result = engine.explore()
            elif workers > 1:
                result, section = explore_parallel(engine, workers, solver_factory=factory)
                parallel = section if parallel is None else merge_rounds(parallel, section)
            else:
                if why_not:
                    engine.stats.parallel = {"why_not": why_not}
                result: ExplorationStats = engine.explore()
        if hasattr(policy, "finish"):
            policy.finish()  # e.g. SMART saves its summaries
        probe.cut = probe.cut or bool(parallel and parallel.get("cut"))   # the workers' own probes
        if not probe.cut and result.stop_reason != "deepen":
            bounded = None   # this round ran under larger bounds than any earlier cut
            break
        bounded = {"max_str_len": options.max_str_len, "max_len": options.max_len}
        again = options.deepen and result.stop_reason in ("exhausted", "stalled", "deepen")
        nxt = deeper(first, options, started, result.runs) if again else None
        if nxt is None:
            break
        options, whole = nxt, result.stop_reason != "deepen"
    for h in handlers:
        finishing = getattr(h, "on_explored", None)
        if finishing is not None:
            finishing()
    result.complete = result.complete and bounded is None
    report = Report(
        target=target.spec, strategy=options.strategy, runs=result.runs, paths=result.paths,
        complete=result.complete, time_s=result.time_s, solver=stats.as_dict(), tests=engine.tests,
        stop_reason=result.stop_reason, divergences=result.divergences, fallback_runs=result.fallback_runs,
        fallback_why=result.fallback_why,
        concretizations=[{"site": w, "callee": c, "reason": r, "count": n, "where": w, "runs": n}
                         for (w, c, r), n in result.concretizations.most_common()],
    )
    report.bounded = bounded
    if parallel is not None:
        report.extra["parallel"] = parallel
    elif why_not:
        report.extra["parallel"] = {"workers": 1, "why_not": why_not}
        report.notes.append(why_not)
    if replay is not None:
        report.tests = [*report.tests, *replay.unreplayed_tests()] if replay.diverged_at is not None \
            else report.tests
        report.extra["resumed"] = {"recorded_runs": len(replay.runs), "replayed_runs": replay.replayed,
                                   "replay_diverged_at": replay.diverged_at}
    if hasattr(policy, "report"):
        report.extra.update(policy.report())
    report.notes.extend(getattr(policy, "summary_lines", list)())
    report.notes.extend(guidance.summary_lines())
    report.complete_means = getattr(policy, "complete_means", report.complete_means)
    if target.guessed:
        report.complete_means += f", with the guessed types of {', '.join(target.guessed)}"
        _guess_misfits(report, target)
    if target.narrowed:
        # The members of a union that cannot be generated were never run: the promise
        # is over the narrowed inputs only (idna's `label: bytes | bytearray`).
        report.complete_means += f", with {', '.join(target.narrowed)}"
    _opaque_report(report, options, mixed)
    report.extra["sandbox"] = sandbox.as_dict() if sandbox is not None else {"on": False}
    report.extra.update(guidance.report())
    if target.notes:
        report.extra["annotation_notes"] = list(target.notes)
    if coverage:
        from smartest.report.coverage import replay_with_coverage
        try:
            report.coverage, report.replay = replay_with_coverage(
                target, engine.tests, timeout=options.per_run_timeout, strict=options.strict, sandbox=sandbox)
            plain = report.replay.pop("plain_messages", {})
            report.tests = [dataclasses.replace(t, raised=dataclasses.replace(t.raised, message=plain[t.index]))
                            if t.index in plain else t for t in report.tests]
            _replayed_otherwise(report)
        except BaseException as e:
            if not interrupted_by_user(e):
                raise
    _confirm(report, target, options, sandbox)
    if run_dir is not None:
        report.run_dir = run_dir.path
        run_dir.finish(report.as_dict())
    return report
