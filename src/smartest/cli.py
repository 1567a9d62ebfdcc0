"""The command line: a thin layer over `smartest.api`.

    smartest explore TARGET [options]   explore a function, report, emit tests
    smartest emit RUN_DIR -o FILE       rebuild the pytest file from a run directory
    smartest strategies                 list the strategies

Exit status: 0 no bug found, 1 bug found, 2 usage or target error, 3 internal error.
Errors are one line on stderr, never a traceback (SMARTEST_DEBUG=1 shows it).
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from smartest.errors import InvalidArgument, SmartestError

EXPLORE_OPTIONS = [
    # (flags, dest, type, default, help)
    (("--strategy",), "strategy", str, "dart", "search strategy (see `smartest strategies`)"),
    (("--max-runs",), "max_runs", int, 1000, "stop after this many runs of the target"),
    (("--time-limit",), "time_limit", float, 60.0, "stop after this many seconds"),
    (("--per-run-timeout",), "per_run_timeout", float, 5.0, "seconds one run may take before it counts as a hang"),
    (("--seed",), "seed", int, 0, "seed of the random first inputs"),
    (("--max-str-len",), "max_str_len", int, 8, "longest string input tried"),
    (("--default-type",), "default_type", str, "int", "type of unannotated parameters (int, str, bool)"),
    (("--max-depth",), "max_depth", int, 5000, "most branches recorded in one run"),
    (("--solver-timeout",), "solver_timeout_ms", int, 5000, "milliseconds per solver query"),
]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="smartest", description="Concolic test generation for Python.")
    sub = p.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("explore", help="explore a function and generate tests")
    ex.add_argument("target", help="path/to/file.py:func, pkg.mod:func or pkg.mod:Class.method")
    for flags, dest, typ, default, help_ in EXPLORE_OPTIONS:
        ex.add_argument(*flags, dest=dest, type=typ, default=default, help=f"{help_} (default {default})")
    ex.add_argument("--strict", action="store_true", help="count every exception as a bug")
    ex.add_argument("--abstract", action="append", metavar="MODULE:FUNCTION", default=[],
                    help="with --strategy latest: a function that may be abstracted (repeatable; "
                         "default: every input-dependent function of the target's code)")
    ex.add_argument("--json", dest="json_path", metavar="FILE", help="write the JSON report here")
    ex.add_argument("--emit-tests", dest="emit_path", metavar="FILE", help="write a pytest module here")
    ex.add_argument("--run-dir", default=".smartest", help="where run directories go (default .smartest)")
    ex.add_argument("--no-run-dir", action="store_true", help="keep nothing on disk but --json/--emit-tests")
    ex.add_argument("--no-coverage", action="store_true", help="skip the coverage.py replay")
    ex.add_argument("--quiet", action="store_true", help="no progress display")
    em = sub.add_parser("emit", help="write the pytest module of a (possibly interrupted) run directory")
    em.add_argument("run_dir")
    em.add_argument("-o", "--output", required=True, metavar="FILE")
    sub.add_parser("strategies", help="list the strategies")
    return p


def _explore(args) -> int:
    from smartest.api import run_exploration
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.engine.target import resolve
    from smartest.options import Options
    from smartest.report.progress import make_progress
    from smartest.report.text import summary

    if args.abstract and args.strategy != "latest":
        raise InvalidArgument("--abstract applies to --strategy latest only")
    options = Options(**{dest: getattr(args, dest) for _, dest, _, _, _ in EXPLORE_OPTIONS},
                      strict=args.strict, run_dir=None if args.no_run_dir else args.run_dir,
                      extra={"abstract": args.abstract} if args.abstract else {})
    target = resolve(args.target, options.default_type)
    progress = make_progress(args.target, quiet=args.quiet)
    previous = signal.signal(signal.SIGTERM, _term_as_interrupt)
    try:
        report = run_exploration(target, options, handlers=(progress,) if progress else (),
                                 coverage=not args.no_coverage)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if progress:
            progress.close()
    emitted = None
    if args.json_path:
        report.write_json(args.json_path)
    if args.emit_path:
        counts = write_pytest_module(EmitTarget.from_target(target), report.tests, args.emit_path)
        emitted = (args.emit_path, counts)
    print(summary(report, target.qualname, emitted))
    return 1 if report.bugs else 0


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
    counts = write_pytest_module(EmitTarget.from_dict(start["emit"]), tests, args.output)
    state = "complete run" if end else "interrupted run"
    print(f"smartest: {args.output}: {counts['regression']} regression and {counts['bug']} bug tests "
          f"from {len(tests)} runs ({state})")
    return 1 if any(t.bug for t in tests) else 0


def _strategies(args) -> int:
    from smartest.strategies import STRATEGIES
    for s in STRATEGIES.values():
        print(f"{s.name:14} {s.description}")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return {"explore": _explore, "emit": _emit, "strategies": _strategies}[args.command](args)
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


if __name__ == "__main__":
    sys.exit(main())
