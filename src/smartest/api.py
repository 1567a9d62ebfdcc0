"""`explore`: resolve the target, assemble a strategy, run the engine, build the report."""
from __future__ import annotations

import inspect
import time
from typing import Callable

from smartest.calls.intercept import intercept, own_modules
from smartest.calls.opaque_names import for_exploration as opaque_functions
from smartest.engine.deepening import BoundProbe, at_ceiling, deeper
from smartest.engine.loop import Engine, ExplorationStats
from smartest.engine.target import Target, resolve
from smartest.errors import InvalidArgument
from smartest.guided.session import Guidance
from smartest.models.rewrite import rewrite_tree
from smartest.options import Options
from smartest.report.report import Report
from smartest.solver import build_solver_chain
from smartest.strategies import STRATEGIES


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
    options = options or Options(**option_values)
    spec = target_spec(target)
    resolved = resolve(spec, options.default_type)
    return run_exploration(resolved, options, handlers=handlers, coverage=coverage)


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

    def on_test(self, test, stats) -> None:
        for h in self.handlers:
            h.on_test(test, stats)


def _mixed_solving(options: Options):
    """The mixed solving layer's settings, with random values drawn as inputs are."""
    from smartest.solver.mixed import MixedSettings, MixedSolving
    from smartest.symbolic.inputs import KINDS
    kinds = {}
    for kind in KINDS.values():
        kinds.setdefault(kind.sort, kind)
    settings = MixedSettings(max_tries=options.max_tries, random_tries=options.random_tries,
                             partitions=options.partition_heuristic, complex_nonlinear=options.complex_nonlinear,
                             seed=options.seed)
    return MixedSolving(settings, lambda sort, rng: kinds[sort].draw(rng, options) if sort in kinds else None)


def run_exploration(target: Target, options: Options, *, handlers=(), coverage: bool = True,
                    run_path: str | None = None) -> Report:
    """Explore a resolved target.  `run_path`: an exact run directory to use (the CLI
    reserves it before it forks, so that it can read the directory if the process dies)."""
    strategy = STRATEGIES[options.strategy]
    mixed = _mixed_solving(options) if options.solving == "mixed" else None
    run_dir = None
    if options.run_dir:
        from smartest.emit.pytest_writer import EmitTarget
        from smartest.report.rundir import RunDirectory
        run_dir = RunDirectory(options.run_dir, target.spec, target.qualname,
                               {"emit": EmitTarget.from_target(target).as_dict(), "options": options.as_dict()},
                               path=run_path)
        handlers = (run_dir, *handlers)
    own = own_modules(target.is_own_file)
    first, started, engine, stats, bounded, whole = options, time.monotonic(), None, None, None, False
    while True:  # one round per pair of bounds (engine/deepening)
        solver, stats = build_solver_chain(timeout_ms=options.solver_timeout_ms, max_str_len=options.max_str_len,
                                           mixed=mixed, stats=stats)
        searcher, policy = strategy.build(options, solver, target)
        guidance = Guidance(target, options, rewrite=rewrite_tree)   # the loaded code is the rewritten one
        searcher = guidance.wrap(searcher)
        engine = Engine(target, options, searcher=searcher, solver=solver, solver_stats=stats,
                        policy=policy, handler=_Fanout(handlers), previous=engine)
        # A round gets the whole budget left if its bounds are the ceiling or the last
        # round exhausted its own (a real cut); otherwise half, then it yields.
        probe = engine.probe = BoundProbe(target.params, options, engine.stats.runs,
                                          whole or at_ceiling(options) or not options.deepen)
        with opaque_functions(options, own, target.module), guidance.installed(), intercept(own, policy):
            result: ExplorationStats = engine.explore()
        if hasattr(policy, "finish"):
            policy.finish()  # e.g. SMART saves its summaries
        if not probe.cut and result.stop_reason != "deepen":
            bounded = None   # this round ran under larger bounds than any earlier cut
            break
        bounded = {"max_str_len": options.max_str_len, "max_len": options.max_len}
        again = options.deepen and result.stop_reason in ("exhausted", "stalled", "deepen")
        nxt = deeper(first, options, started, result.runs) if again else None
        if nxt is None:
            break
        options, whole = nxt, result.stop_reason != "deepen"
    result.complete = result.complete and bounded is None
    report = Report(
        target=target.spec, strategy=options.strategy, runs=result.runs, paths=result.paths,
        complete=result.complete, time_s=result.time_s, solver=stats.as_dict(), tests=engine.tests,
        stop_reason=result.stop_reason, divergences=result.divergences,
        concretizations=[{"site": w, "callee": c, "reason": r, "count": n, "where": w, "runs": n}
                         for (w, c, r), n in result.concretizations.most_common()],
    )
    report.bounded = bounded
    if hasattr(policy, "report"):
        report.extra.update(policy.report())
    _opaque_report(report, options, mixed)
    report.extra.update(guidance.report())
    if coverage:
        from smartest.report.coverage import replay_with_coverage
        try:
            report.coverage, report.replay = replay_with_coverage(
                target, engine.tests, timeout=options.per_run_timeout, strict=options.strict)
        except KeyboardInterrupt:
            pass
    if run_dir is not None:
        report.run_dir = run_dir.path
        run_dir.finish(report.as_dict())
    return report
