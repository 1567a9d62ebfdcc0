"""The command line: a thin layer over `smartest.api`.

    smartest explore TARGET [options]   explore a function, report, emit tests
    smartest emit RUN_DIR -o FILE       rebuild the pytest file from a run directory
    smartest strategies                 list the strategies

Exit status: 0 no bug found, 1 bug found, 2 usage or target error, 3 internal error.
Errors are one line on stderr, never a traceback (SMARTEST_DEBUG=1 shows it).

`explore` runs the exploration in a forked child and waits for it: a target that
kills its process (a segfault in a C extension, `os.kill`) takes only the child
down, and the parent reads the run directory to report the inputs that did it,
keep the tests found before, and still write --emit-tests and --json.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys

from smartest.errors import InvalidArgument, SmartestError

EXPLORE_OPTIONS = [
    # (flags, dest, type, default, help)
    (("--strategy",), "strategy", str, "dart", "search strategy (see `smartest strategies`)"),
    (("--guided",), "guided", str, "off",
     "guidance toward unverified executions (off, may, must, may-must; needs assumed/check annotations)"),
    (("--max-runs",), "max_runs", int, 1000, "stop after this many runs of the target"),
    (("--time-limit",), "time_limit", float, 60.0, "stop after this many seconds"),
    (("--per-run-timeout",), "per_run_timeout", float, 5.0, "seconds one run may take before it counts as a hang"),
    (("--seed",), "seed", int, 0, "seed of the random first inputs"),
    (("--max-str-len",), "max_str_len", int, 8, "longest string input tried"),
    (("--max-len",), "max_len", int, 4, "most elements of a list, tuple, dict or set input"),
    (("--default-type",), "default_type", str, "int", "type of unannotated parameters (int, str, bool, float, bytes)"),
    (("--max-depth",), "max_depth", int, 5000, "most branches recorded in one run"),
    (("--solver-timeout",), "solver_timeout_ms", int, 5000, "milliseconds per solver query"),
    (("--solving",), "solving", str, "dart",
     "opaque calls: dart (run-time value), concretize (EXE: fix the arguments) or mixed"),
    (("--max-tries",), "max_tries", int, 1, "mixed solving: incremental heuristic tries (1: off)"),
    (("--random-tries",), "random_tries", int, 8, "mixed solving: values tried for unconstrained inputs"),
]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="smartest", description="Concolic test generation for Python.")
    sub = p.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("explore", help="explore a function and generate tests")
    ex.add_argument("target", help="path/to/file.py:func, pkg.mod:func or pkg.mod:Class.method")
    for flags, dest, typ, default, help_ in EXPLORE_OPTIONS:
        ex.add_argument(*flags, dest=dest, type=typ, default=default, help=f"{help_} (default {default})")
    ex.add_argument("--strict", action="store_true", help="count every exception as a bug")
    ex.add_argument("--opaque", action="append", default=[], metavar="MODULE:FUNCTION",
                    help="keep calls of this function opaque (repeatable)")
    ex.add_argument("--partition", action="append", nargs=2, default=[], metavar=("MODULE:FUNCTION", "CONDITION"),
                    help="a partition of an opaque function's domain, over its parameter names (repeatable)")
    ex.add_argument("--fixed-bounds", action="store_true",
                    help="keep --max-str-len/--max-len fixed (no deepening); a path they cut still clears `complete`")
    ex.add_argument("--no-partition", action="store_true", help="mixed solving: skip the partitioning heuristic")
    ex.add_argument("--complex-nonlinear", action="store_true",
                    help="mixed solving: non-linear integer terms go to the complex part")
    ex.add_argument("--no-default-opaque", action="store_true",
                    help="do not treat math's transcendental functions, hash, zlib and hashlib as opaque")
    ex.add_argument("--abstract", action="append", metavar="MODULE:FUNCTION", default=[],
                    help="with --strategy latest: a function that may be abstracted (repeatable; "
                         "default: every input-dependent function of the target's code)")
    ex.add_argument("--json", dest="json_path", metavar="FILE", help="write the JSON report here")
    ex.add_argument("--emit-tests", dest="emit_path", metavar="FILE", help="write a pytest module here")
    ex.add_argument("--run-dir", default=".smartest", help="where run directories go (default .smartest)")
    ex.add_argument("--no-run-dir", action="store_true", help="keep nothing on disk but --json/--emit-tests")
    ex.add_argument("--no-coverage", action="store_true", help="skip the coverage.py replay")
    ex.add_argument("--quiet", action="store_true", help="no progress display")
    ex.add_argument("--no-isolate", action="store_true",
                    help="explore in this process (a target that kills the process then loses the report)")
    ex.add_argument("--max-paths-per-function", type=int, default=0, metavar="B",
                    help="smart: explore at most B paths of each function, 0 for no bound (default 0)")
    ex.add_argument("--summary-store", metavar="FILE",
                    help="smart: SQLite file of function summaries (default RUN_DIR/summaries.sqlite)")
    ex.add_argument("--no-summary-store", action="store_true", help="smart: keep no summaries between runs")
    ex.add_argument("--target", dest="aim", metavar="SPEC",
                    help="demand: aim at assert, raise, FILE:LINE or LINE (of the target's file) first")
    em = sub.add_parser("emit", help="write the pytest module of a (possibly interrupted) run directory")
    em.add_argument("run_dir")
    em.add_argument("-o", "--output", required=True, metavar="FILE")
    sub.add_parser("strategies", help="list the strategies")
    return p


def _explore(args) -> int:
    # Options and the target are checked here, before any fork, so that a bad
    # argument is one line from this process whatever happens later.
    options, target = _prepare(args)
    if args.no_isolate or not hasattr(os, "fork"):
        return _explore_here(args, options, target, None)
    return _supervise(args, options, target)


def _prepare(args):
    from smartest.engine.target import resolve
    from smartest.options import Options

    extra = {}
    if args.abstract:
        if args.strategy != "latest":
            raise InvalidArgument("--abstract applies to --strategy latest only")
        extra["abstract"] = args.abstract
    if args.max_paths_per_function:
        extra["max_paths_per_function"] = args.max_paths_per_function
    if args.no_summary_store or args.summary_store:
        extra["summary_store"] = None if args.no_summary_store else args.summary_store
    if args.aim:
        if args.strategy != "demand":
            raise SmartestError("--target applies to --strategy demand")
        extra["target"] = args.aim
    options = Options(**{dest: getattr(args, dest) for _, dest, _, _, _ in EXPLORE_OPTIONS},
                      strict=args.strict, run_dir=None if args.no_run_dir else args.run_dir, extra=extra,
                      opaque=tuple(args.opaque), partitions=tuple(tuple(p) for p in args.partition),
                      partition_heuristic=not args.no_partition, complex_nonlinear=args.complex_nonlinear,
                      deepen=not args.fixed_bounds,
                      default_opaque=not args.no_default_opaque)
    return options, resolve(args.target, options.default_type)


def _explore_here(args, options, target, run_path: str | None, temporary: bool = False) -> int:
    import dataclasses

    from smartest.api import run_exploration
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.report.progress import make_progress
    from smartest.report.text import summary

    if run_path is not None and options.run_dir is None:
        options = dataclasses.replace(options, run_dir=os.path.dirname(os.path.dirname(run_path)))
    progress = make_progress(args.target, quiet=args.quiet)
    previous = signal.signal(signal.SIGTERM, _term_as_interrupt)
    try:
        report = run_exploration(target, options, handlers=(progress,) if progress else (),
                                 coverage=not args.no_coverage, run_path=run_path)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if progress:
            progress.close()
    if temporary:
        report.run_dir = None
    emitted = None
    if args.json_path:
        report.write_json(args.json_path)
    if args.emit_path:
        counts = write_pytest_module(EmitTarget.from_target(target), report.tests, args.emit_path,
                                     report.concretizations, report.bounded)
        emitted = (args.emit_path, counts)
    print(summary(report, target.qualname, emitted))
    return 1 if report.bugs else 0


def _supervise(args, options, target) -> int:
    """Fork, explore in the child, and report for it if the target kills it."""
    import shutil
    import tempfile

    from smartest.report.rundir import reserve_run_path

    temporary = args.no_run_dir
    base = tempfile.mkdtemp(prefix="smartest-") if temporary else args.run_dir
    qualname = args.target.rpartition(":")[2] or "target"
    try:
        path = reserve_run_path(base, qualname)
    except OSError as e:
        raise SmartestError(f"cannot create a run directory under {base}: {e.strerror}") from None
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: explore, then leave without running the parent's cleanup
        _die_with_parent()
        code = _guarded(lambda: _explore_here(args, options, target, path, temporary))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    old_int = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the child gets Ctrl-C and stops cleanly
    old_term = signal.signal(signal.SIGTERM, lambda signum, frame: os.kill(pid, signal.SIGTERM))
    try:
        while True:
            try:
                _, status = os.waitpid(pid, 0)
                break
            except InterruptedError:
                continue
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)
    try:
        if os.WIFSIGNALED(status):
            return _report_killed(args, path, os.WTERMSIG(status), temporary)
        return os.WEXITSTATUS(status)
    finally:
        if temporary:
            shutil.rmtree(base, ignore_errors=True)


def _die_with_parent() -> None:
    """Linux: have the kernel kill this child if the parent dies (e.g. SIGKILL)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _report_killed(args, path: str, signum: int, temporary: bool) -> int:
    """The target took its process down: say with which inputs, keep what was found."""
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.engine.outcome import Raised
    from smartest.engine.testcase import TestCase
    from smartest.report.rundir import read_run

    name = signal.Signals(signum).name if signum in signal.Signals._value2member_map_ else str(signum)
    if not os.path.isfile(os.path.join(path, "events.jsonl")):
        print(f"smartest: error: the exploration was killed by {name} before it started", file=sys.stderr)
        return 3
    run = read_run(path)
    tests = list(run.tests)
    if run.unfinished is not None:
        tests.append(TestCase(index=len(tests), inputs=run.unfinished, outcome="crashed", returned=None,
                              raised=Raised(name, f"the process was killed by {name}", "?", False),
                              bug=True, new_path=True, path_length=0, directed=False, diverged=False,
                              duration_s=0.0))
        call = ", ".join(f"{k}={v!r}" for k, v in run.unfinished.items())
        print(f"smartest: the target killed the process with {name} on {args.target.rpartition(':')[2]}({call})")
    else:
        print(f"smartest: the exploration process was killed by {name}")
    print(f"  {len(run.tests)} tests found before were kept" + ("" if temporary else f" in {path}"))
    if args.emit_path and "emit" in run.start:
        counts = write_pytest_module(EmitTarget.from_dict(run.start["emit"]), tests, args.emit_path)
        print(f"  tests written to {args.emit_path} ({counts['regression']} regression, {counts['bug']} bug)")
    if args.json_path:
        _write_partial_json(args, run, tests, name)
    return 1


def _write_partial_json(args, run, tests, signal_name: str) -> None:
    import json
    from smartest.report.report import SCHEMA
    report = {"schema": SCHEMA, "target": args.target, "strategy": args.strategy, "runs": run.runs,
              "paths": None, "complete": False, "stop_reason": f"killed by {signal_name}",
              "tests": [t.as_dict() for t in tests], "bugs": [t.as_dict() for t in tests if t.bug]}
    with open(args.json_path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")


def _term_as_interrupt(signum, frame):
    raise KeyboardInterrupt


def _emit(args) -> int:
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.report.rundir import read_events

    if not os.path.isfile(os.path.join(args.run_dir, "events.jsonl")):
        raise SmartestError(f"{args.run_dir} is not a run directory (no events.jsonl)")
    start, tests, end = read_events(args.run_dir)
    if "emit" not in start:
        raise SmartestError(f"{args.run_dir}: the start event does not say how to import the target")
    escapes, bounded = (), None
    finished = os.path.join(args.run_dir, "report.json")
    if os.path.isfile(finished):  # the exploration ended: say what it could not follow
        with open(finished, encoding="utf-8") as f:
            kept = json.load(f)
        escapes, bounded = kept.get("concretizations", ()), kept.get("bounded")
    counts = write_pytest_module(EmitTarget.from_dict(start["emit"]), tests, args.output, escapes, bounded)
    state = "complete run" if end else "interrupted run"
    print(f"smartest: {args.output}: {counts['regression']} regression and {counts['bug']} bug tests "
          f"from {len(tests)} runs ({state})")
    return 1 if any(t.bug for t in tests) else 0


def _strategies(args) -> int:
    from smartest.strategies import STRATEGIES
    for s in STRATEGIES.values():
        print(f"{s.name:14} {s.description}")
    return 0


def _guarded(action) -> int:
    """Run a command; errors become one line on stderr and an exit status."""
    try:
        return action()
    except SmartestError as e:
        print(f"smartest: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("smartest: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # never a traceback from smartest unless asked for
        if os.environ.get("SMARTEST_DEBUG"):
            raise
        print(f"smartest: internal error: {type(e).__name__}: {e} (SMARTEST_DEBUG=1 shows the traceback)",
              file=sys.stderr)
        return 3


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = {"explore": _explore, "emit": _emit, "strategies": _strategies}[args.command]
    return _guarded(lambda: command(args))


if __name__ == "__main__":
    sys.exit(main())
