"""The command line: a thin layer over `smartest.api`.

    smartest explore TARGET [options]   explore a function (or every function of a module or package)
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
import dataclasses
import json
import os
import signal
import sys
import time

from smartest.engine.isolation import interrupted_by_user, user_interrupt
from smartest.engine.sandbox import KINDS as SIDE_EFFECT_KINDS, parse_allow
from smartest.errors import InvalidArgument, SmartestError
from smartest.options import Options
from smartest.strategies import STRATEGIES
from smartest.strategies.settings import flag_name, flagged

_OPTION_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Options)}

EXPLORE_OPTIONS = [
    # (flags, dest, type, help); defaults are Options' own
    (("--strategy",), "strategy", str, "search strategy (see `smartest strategies`)"),
    (("--guided",), "guided", str,
     "guidance toward unverified executions (off, may, must, may-must; needs assumed/check annotations)"),
    (("--max-runs",), "max_runs", int, "stop after this many runs of the target"),
    (("--max-bugs",), "max_bugs", int, "stop once this many bugs are found (0: never; 1 stops at the first)"),
    (("--time-limit",), "time_limit", float, "stop after this many seconds"),
    (("--per-run-timeout",), "per_run_timeout", float, "seconds one run may take before it counts as a hang"),
    (("--seed",), "seed", int, "seed of the random first inputs"),
    (("--max-str-len",), "max_str_len", int, "longest string input tried"),
    (("--max-len",), "max_len", int, "most elements of a list, tuple, dict or set input"),
    (("--default-type",), "default_type", str, "type of unannotated parameters (int, str, bool, float, bytes)"),
    (("--max-depth",), "max_depth", int, "most branches recorded in one run"),
    (("--solver-rlimit",), "solver_rlimit", int,
     "z3 resource steps per solver query, the same on any machine (0: no limit)"),
    (("--solver-timeout",), "solver_timeout_ms", int, "wall-clock backstop per solver query, in ms (0: none)"),
    (("--solving",), "solving", str,
     "opaque calls: dart (run-time value), concretize (EXE: fix the arguments) or mixed"),
    (("--max-tries",), "max_tries", int, "mixed solving: incremental heuristic tries (1: off)"),
    (("--random-tries",), "random_tries", int, "mixed solving: values tried for unconstrained inputs"),
    (("--workers",), "workers", int, "processes exploring one target at once, 0 for one per core (dart, generational "
                                "and the default split the execution tree; smart, demand and latest split the "
                                "inputs into regions; --guided and mixed solving run in one process and say so); a "
                                "module or package spreads its functions over them"),
    (("--ray",), "ray", str, "run the workers as Ray actors: a cluster address, auto, or local (pip install "
                              "'smartest[ray]')"),
    (("--per-run-memory",), "per_run_memory", int, "MB one run may grow the process by, 0 for no limit"),
]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="smartest", description="Concolic test generation for Python.")
    sub = p.add_subparsers(dest="command", required=True)
    ex = sub.add_parser("explore", help="explore a function and generate tests")
    ex.add_argument("target", nargs="?", help="path/to/file.py:func, pkg.mod:func or pkg.mod:Class.method; or a "
                    "module or package (pkg.mod, path/to/file.py, path/to/pkg/) to explore every public function")
    ex.add_argument("--resume", metavar="RUN_DIR",
                    help="continue the interrupted exploration of this run directory (its target and options)")
    for flags, dest, typ, help_ in EXPLORE_OPTIONS:
        default = _OPTION_DEFAULTS[dest]
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
    ex.add_argument("--allow", action="append", default=[], metavar="KIND",
                    help=f"let the target's side effects of this kind through the sandbox (repeatable; "
                         f"{', '.join(SIDE_EFFECT_KINDS)})")
    ex.add_argument("--allow-all", action="store_true", help="no sandbox: the target's side effects happen")
    ex.add_argument("--json", dest="json_path", metavar="FILE", help="write the JSON report here")
    ex.add_argument("--emit-tests", dest="emit_path", metavar="FILE",
                    help="write a pytest module here (a module or package target: a directory, one file per module)")
    ex.add_argument("--all-paths", action="store_true",
                    help="emit one regression test per path (default: only those that add coverage or an outcome)")
    ex.add_argument("--html", dest="html_dir", metavar="DIR",
                    help="write an HTML report here: annotated coverage of the replayed tests, bugs with "
                         "tracebacks, concretizations")
    ex.add_argument("--run-dir", default=".smartest", help="where run directories go (default .smartest)")
    ex.add_argument("--no-run-dir", action="store_true", help="keep nothing on disk but --json/--emit-tests")
    ex.add_argument("--no-coverage", action="store_true", help="skip the coverage.py replay")
    ex.add_argument("--quiet", action="store_true", help="no progress display")
    ex.add_argument("--no-isolate", action="store_true",
                    help="explore in this process (a target that kills the process then loses the report)")
    _strategy_flags(ex)
    em = sub.add_parser("emit", help="write the pytest module of a (possibly interrupted) run directory")
    em.add_argument("run_dir")
    em.add_argument("-o", "--output", required=True, metavar="FILE")
    sub.add_parser("strategies", help="list the strategies")
    return p


def _strategy_flags(parser: argparse.ArgumentParser) -> None:
    """The flags each strategy declares in its own Settings (strategies/settings.py)."""
    for strategy in STRATEGIES.values():
        settings_type = strategy.settings_type()
        for f in flagged(settings_type) if settings_type else ():
            kind, dest = f.metadata["kind"], f"setting:{strategy.name}:{f.name}"
            if kind is bool:
                parser.add_argument(flag_name(f), dest=dest, action="store_true", default=None, help=f.metadata["help"])
            else:
                parser.add_argument(flag_name(f), dest=dest, type=kind, default=None, metavar=f.metadata["metavar"],
                                    action="append" if f.metadata["repeat"] else "store", help=f.metadata["help"])


def _strategy_settings(args) -> dict:
    """The chosen strategy's settings given on the command line; a flag of another
    strategy is an error."""
    chosen = {}
    for dest, value in vars(args).items():
        if not dest.startswith("setting:") or value is None:
            continue
        _, name, field_name = dest.split(":")
        if name != args.strategy:
            raise InvalidArgument(f"--{field_name.replace('_', '-')} applies to --strategy {name} only")
        chosen[field_name] = tuple(value) if isinstance(value, list) else value
    return chosen


def _explore(args) -> int:
    from smartest.project.discover import is_project_target
    if args.target and not args.resume and is_project_target(args.target):   # a module or a package
        from smartest.project.driver import explore_project
        forked = not args.no_isolate and hasattr(os, "fork")
        run_one = _supervise_unit if forked else _explore_here
        return explore_project(args, _options(args), run_one, forked)
    # Options are checked here, before any fork, so that a bad argument is one line
    # from this process whatever happens later.  The target is imported in the child:
    # its module's code is the target's code, so it runs under the sandbox and the watchdog.
    options = _prepare(args)
    from smartest.report.outputs import check_outputs_early
    check_outputs_early(args.target, emit_path=args.emit_path, json_path=args.json_path,
                        run_dir=None if args.no_run_dir or args.resume else args.run_dir)
    if args.no_isolate or not hasattr(os, "fork"):
        return _explore_here(args, options, _resolve(args, options), None)
    return _supervise(args, options)


def _resolve(args, options):
    """Import the target's module (its code runs: confined like a run of the target)."""
    from smartest.engine.execute import confined
    from smartest.engine.sandbox import Sandbox
    from smartest.engine.target import resolve

    sandbox = Sandbox(options.allow) if options.sandbox else None
    try:
        return confined(lambda: resolve(args.target, options.default_type), sandbox)
    finally:
        if sandbox is not None:
            sandbox.close()


def _prepare(args):
    if args.resume:
        return _prepare_resume(args)
    if not args.target:
        raise InvalidArgument("explore needs a TARGET (or --resume RUN_DIR)")
    return _options(args)


def _prepare_resume(args):
    """Options of the run directory to resume, as its start event recorded them (and
    its target, into `args.target`)."""
    from smartest.api import check_options
    from smartest.report.rundir import read_run

    if args.target:
        raise InvalidArgument("--resume takes the target and options from the run directory: give no TARGET")
    if args.no_run_dir:
        raise InvalidArgument("--resume continues in the run directory: --no-run-dir does not apply")
    if not os.path.isfile(os.path.join(args.resume, "events.jsonl")):
        raise SmartestError(f"{args.resume} is not a run directory (no events.jsonl)")
    run = read_run(args.resume)
    if run.end is not None:
        raise SmartestError(f"{args.resume}: that exploration finished; nothing to resume")
    recorded = run.start.get("options")
    if not isinstance(recorded, dict) or not isinstance(run.start.get("target"), str):
        raise SmartestError(f"{args.resume}: the start event does not record the target and options")
    known = {f.name for f in dataclasses.fields(Options)}
    options = Options(**{k: v for k, v in recorded.items() if k in known})
    options = check_options(dataclasses.replace(options, run_dir=os.path.dirname(os.path.dirname(
        os.path.abspath(args.resume)))))
    args.target = run.start["target"]
    args.strategy = options.strategy
    return options


def _options(args):
    from smartest.api import check_options

    options = Options(**{dest: getattr(args, dest) for _, dest, _, _ in EXPLORE_OPTIONS},
                      strict=args.strict, run_dir=None if args.no_run_dir else args.run_dir,
                      settings=_strategy_settings(args),
                      opaque=tuple(args.opaque), partitions=tuple(tuple(p) for p in args.partition),
                      partition_heuristic=not args.no_partition, complex_nonlinear=args.complex_nonlinear,
                      deepen=not args.fixed_bounds,
                      default_opaque=not args.no_default_opaque,
                      sandbox=not args.allow_all, allow=parse_allow(args.allow))
    return check_options(options)


def _explore_here(args, options, target, run_path: str | None, temporary: bool = False, heartbeat=None) -> int:
    from smartest.api import run_exploration
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.emit.stability import Settings
    from smartest.report.outputs import check_outputs
    from smartest.report.progress import make_progress
    from smartest.report.text import summary

    if run_path is not None and options.run_dir is None:
        options = dataclasses.replace(options, run_dir=os.path.dirname(os.path.dirname(run_path)))
    # The outputs, checked before anything runs (the target's module is imported by now).
    check_outputs(target, emit_path=args.emit_path, json_path=args.json_path,
                  run_dir=None if args.no_run_dir or args.resume else args.run_dir)
    resume = None
    if args.resume:
        from smartest.report.rundir import read_run
        resume, run_path = read_run(args.resume), args.resume
    progress = make_progress(args.target, quiet=args.quiet)
    previous = signal.signal(signal.SIGTERM, user_interrupt)
    try:
        report = run_exploration(target, options, handlers=tuple(h for h in (progress, heartbeat) if h),
                                 coverage=not args.no_coverage, run_path=run_path, resume=resume)
    finally:
        signal.signal(signal.SIGTERM, previous)
        if progress:
            progress.close()
    if temporary:
        report.run_dir = None
    if getattr(args, "on_report", None):   # a module run collects each function's report
        args.on_report(report, target)
    if args.html_dir:
        from smartest.report.html import Section, write_html
        write_html(args.html_dir, [Section(target.qualname, target, report)], all_paths=args.all_paths,
                   timeout=options.per_run_timeout)
    emitted = None
    if args.json_path:
        report.write_json(args.json_path)
    if args.emit_path:
        from smartest.emit.names import phrases
        counts = write_pytest_module(EmitTarget.from_target(target), report.suite(args.all_paths), args.emit_path,
                                     phrases(report.replay, target.file), report.concretizations, report.bounded,
                                     stability=Settings.of(options))
        counts["paths"] = sum(1 for t in report.tests if not t.bug and t.outcome in ("returned", "raised"))
        emitted = (args.emit_path, counts)
    print(summary(report, target.qualname, emitted))
    return 1 if report.bugs else 0


def _supervise_unit(args, options, target) -> int:
    """A module run's one function: its child imports the target again, confined."""
    return _supervise(args, options)


def _supervise(args, options) -> int:
    """Fork, explore in the child under the watchdog, and report for it if it dies."""
    import shutil
    import tempfile

    from smartest.report.rundir import reserve_run_path
    from smartest.watchdog import Watchdog

    temporary = args.no_run_dir
    base = tempfile.mkdtemp(prefix="smartest-") if temporary else args.run_dir
    qualname = args.target.rpartition(":")[2] or "target"
    try:
        path = args.resume or reserve_run_path(base, qualname)
    except OSError as e:
        raise SmartestError(f"cannot create a run directory under {base}: {e.strerror}") from None
    # The child's temporary files (its sandbox's scratch directory among them) go in a
    # directory of this process's, removed below: a child the watchdog or a signal
    # kills never runs its own cleanup, and left one scratch directory per kill.
    holder = tempfile.mkdtemp(prefix="smartest-child-")
    sys.stdout.flush()
    sys.stderr.flush()
    beats, beat = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: explore, then leave without running the parent's cleanup
        os.close(beats)
        tempfile.tempdir = holder
        code = _guarded(lambda: _explore_child(args, options, path, temporary, beat))
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    os.close(beat)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass  # the child did it first
    watchdog = Watchdog(pid, beats, options.time_limit, options.per_run_timeout)
    # The child has its own process group, so a Ctrl-C reaches this process only: pass
    # it on (once), as `kill -INT` to this pid is.
    old_int = signal.signal(signal.SIGINT, lambda signum, frame: _forward(pid, signal.SIGINT))
    old_term = signal.signal(signal.SIGTERM, lambda signum, frame: _forward(pid, signal.SIGTERM))
    try:
        status = watchdog.wait()
    finally:
        signal.signal(signal.SIGINT, old_int)
        signal.signal(signal.SIGTERM, old_term)
        os.close(beats)
    try:
        if not watchdog.resolved:
            return _import_failed(args, status, watchdog.stopped)
        if watchdog.stopped and (os.WIFSIGNALED(status) or not os.path.isfile(os.path.join(path, "report.json"))):
            return _report_killed(args, options, path, temporary, stopped=watchdog.stopped,
                                  stuck_run=watchdog.stuck_run)
        if os.WIFSIGNALED(status):
            return _report_killed(args, options, path, temporary, signum=os.WTERMSIG(status))
        return os.WEXITSTATUS(status)
    finally:
        shutil.rmtree(holder, ignore_errors=True)
        if temporary:
            shutil.rmtree(base, ignore_errors=True)


def _explore_child(args, options, path: str, temporary: bool, beat: int) -> int:
    from smartest.watchdog import Heartbeat

    _die_with_parent()
    os.setpgid(0, 0)
    signal.signal(signal.SIGINT, user_interrupt)
    sys.unraisablehook = _unraisable
    _stdin_from_devnull()
    heartbeat = Heartbeat(beat)
    target = _resolve(args, options)
    heartbeat.resolved()
    return _explore_here(args, options, target, path, temporary, heartbeat)


def _stdin_from_devnull() -> None:
    """The child is not in the terminal's foreground group: a target reading stdin
    gets end of file, not a stop by SIGTTIN."""
    try:
        fd = os.open(os.devnull, os.O_RDONLY)
        os.dup2(fd, 0)
        os.close(fd)
    except OSError:
        pass


def _unraisable(info) -> None:
    """An exception nothing could catch (the target's __del__ raising, long after its
    run): one line, not a traceback in the middle of the report."""
    try:
        what = f"{type(info.exc_value).__name__}: {info.exc_value}"
    except Exception:
        what = type(info.exc_value).__name__
    print(f"smartest: note: an exception was ignored ({what})", file=sys.stderr)


def _forward(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except OSError:
        pass


def _import_failed(args, status: int, stopped: str | None) -> int:
    """The child ended before the target was imported: one line, exit 2 (the child
    has printed its own line for an error it caught)."""
    if stopped:
        print(f"smartest: error: {stopped}", file=sys.stderr)
        return 2
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) in (2, 3, 130):
        return os.WEXITSTATUS(status)
    how = (f"was killed by {_signal_name(os.WTERMSIG(status))}" if os.WIFSIGNALED(status)
           else f"ended with status {os.WEXITSTATUS(status)}")
    print(f"smartest: error: the process importing {args.target} {how}", file=sys.stderr)
    return 2


def _signal_name(signum: int) -> str:
    return signal.Signals(signum).name if signum in signal.Signals._value2member_map_ else str(signum)


def _die_with_parent() -> None:
    """Linux: have the kernel kill this child if the parent dies (e.g. SIGKILL)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _report_killed(args, options, path: str, temporary: bool, signum: int | None = None,
                   stopped: str | None = None, stuck_run: bool = False) -> int:
    """The exploring process died (the target took it down with `signum`) or the
    watchdog stopped it (`stopped` says why): say with which inputs, keep what was found,
    its bugs confirmed by plain runs as a finished exploration's are."""
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.emit.stability import Settings
    from smartest.engine.outcome import Raised
    from smartest.engine.testcase import TestCase
    from smartest.report.confirm import unreproduced_note
    from smartest.report.confirm_apart import confirm_apart
    from smartest.report.rundir import read_run

    name = _signal_name(signum) if signum is not None else None
    if not os.path.isfile(os.path.join(path, "events.jsonl")):
        print(f"smartest: error: the exploration was {f'killed by {name}' if name else 'stopped'} before it started",
              file=sys.stderr)
        return 3 if name else 2
    run = read_run(path)
    tests = list(run.tests)
    func = args.target.rpartition(":")[2]
    if run.unfinished is not None and (name or stuck_run):
        call = ", ".join(f"{k}={v!r}" for k, v in run.unfinished.items())
        if name:
            outcome, raised = "crashed", Raised(name, f"the process was killed by {name}", "?", False)
            print(_safe(f"smartest: the target killed the process with {name} on {func}({call})"))
        else:
            outcome, raised = "timeout", None
            print(_safe(f"smartest: {stopped}, on {func}({call})"))
        tests.append(TestCase(index=len(tests), inputs=run.unfinished, outcome=outcome, returned=None,
                              raised=raised, bug=bool(name), new_path=True, path_length=0, directed=False,
                              diverged=False, duration_s=0.0))
    elif name:
        print(f"smartest: the exploration process was killed by {name}")
    else:
        print(f"smartest: {stopped}")
    print(f"  {len(run.tests)} tests found before were kept" + ("" if temporary else f" in {path}"))
    tests, unreproduced, changed = confirm_apart(lambda: _resolve(args, options), tests, options)
    if unreproduced is None:
        print("  they could not be run again plainly in time: their outcomes are unconfirmed")
    elif unreproduced:
        print(_safe(f"  {unreproduced_note(unreproduced)}"))
    if changed:
        print(f"  {changed} of them did something else when run plainly: they now expect what the plain run did")
    if args.emit_path and "emit" in run.start:
        counts = write_pytest_module(EmitTarget.from_dict(run.start["emit"]), tests, args.emit_path,
                                     stability=Settings.of(options))
        print(f"  tests written to {args.emit_path} ({counts['regression']} regression, {counts['bug']} bug)")
    if args.json_path:
        _write_partial_json(args, run, tests, f"killed by {name}" if name else f"watchdog: {stopped}")
    return 1 if any(t.bug for t in tests) else 0


def _write_partial_json(args, run, tests, stop_reason: str) -> None:
    import json
    from collections import Counter
    from smartest.report.report import SCHEMA
    refused = Counter(t.raised.message.partition(":")[0] for t in tests if t.outcome == "side-effect" and t.raised)
    report = {"schema": SCHEMA, "target": args.target, "strategy": args.strategy, "runs": run.runs,
              "paths": None, "complete": False, "stop_reason": stop_reason,
              "tests": [t.as_dict() for t in tests], "bugs": [t.as_dict() for t in tests if t.bug],
              "extra": {"sandbox": {"on": not args.allow_all, "refused": dict(sorted(refused.items()))}}}
    with open(args.json_path, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=1)
        f.write("\n")


def _emit(args) -> int:
    from smartest.emit.pytest_writer import EmitTarget, write_pytest_module
    from smartest.emit.stability import Settings
    from smartest.report.outputs import check_writable_file
    from smartest.report.rundir import read_events

    if not os.path.isfile(os.path.join(args.run_dir, "events.jsonl")):
        raise SmartestError(f"{args.run_dir} is not a run directory (no events.jsonl)")
    check_writable_file(args.output, "-o")
    start, tests, end = read_events(args.run_dir)
    if "emit" not in start:
        raise SmartestError(f"{args.run_dir}: the start event does not say how to import the target")
    escapes, bounded, stdin = (), None, True
    finished = os.path.join(args.run_dir, "report.json")
    if os.path.isfile(finished):  # the exploration ended: say what it could not follow
        with open(finished, encoding="utf-8") as f:
            kept = json.load(f)
        escapes, bounded, stdin = kept.get("concretizations", ()), kept.get("bounded"), None
    # An interrupted run left no record of which runs read stdin, and every run had the
    # empty one (engine/standins.py): give every test the same, or a test of a stdin
    # reader fails under pytest's captured stdin for a reason no run had.
    recorded = start.get("options")
    counts = write_pytest_module(EmitTarget.from_dict(start["emit"]), tests, args.output, escapes=escapes,
                                 bounded=bounded, empty_stdin=stdin,
                                 stability=Settings.of(recorded if isinstance(recorded, dict) else {}))
    state = "complete run" if end else "interrupted run"
    print(f"smartest: {args.output}: {counts['regression']} regression and {counts['bug']} bug tests "
          f"from {len(tests)} runs ({state})")
    return 1 if any(t.bug for t in tests) else 0


def _strategies(args) -> int:
    for s in STRATEGIES.values():
        print(f"{s.name:14} {s.description}")
    return 0


def _guarded(action) -> int:
    """Run a command; errors become one line on stderr and an exit status."""
    try:
        return action()
    except SmartestError as e:
        print(f"smartest: error: {_safe(str(e))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("smartest: interrupted", file=sys.stderr)
        return 130
    except Exception as e:  # never a traceback from smartest unless asked for
        if interrupted_by_user(e):   # a Ctrl-C that surfaced as another exception
            print("smartest: interrupted", file=sys.stderr)
            return 130
        if os.environ.get("SMARTEST_DEBUG"):
            raise
        print(f"smartest: internal error: {type(e).__name__}: {_safe(str(e))} (SMARTEST_DEBUG=1 shows the "
              f"traceback)", file=sys.stderr)
        return 3


def _safe(text: str) -> str:
    from smartest.report.terminal import safe_text
    return safe_text(text)


def _fix_hash_seed() -> None:
    """Run `smartest explore` itself with string hashing fixed: the target's sets of
    strings iterate in hash order, so with a random hash seed the same --seed would
    explore other paths and write other tests (71 against 87 measured on one target).
    Re-executes this command once with PYTHONHASHSEED=0 unless it is already set."""
    if os.environ.get("PYTHONHASHSEED") == "0" or sys.flags.hash_randomization == 0:
        return
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        os.execve(sys.executable, [sys.executable, "-m", "smartest", *sys.argv[1:]], env)
    except OSError:
        pass  # cannot re-execute: explore with this process's hashing


def _started(command_line: bool) -> float:
    """When the user's command started (time.time()), from which a package run counts
    its --time-limit (project/slices.py): for a command line, the process's start
    (Linux: /proc), which execve keeps, so the interpreter's start, its re-execution
    under PYTHONHASHSEED=0 and the imports are counted; else (main() called from
    Python) now."""
    now = time.time()
    if not command_line:
        return now
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rpartition(")")[2].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return now
    return now - max(uptime - start_ticks / os.sysconf("SC_CLK_TCK"), 0.0)


def main(argv: list[str] | None = None) -> int:
    started = _started(argv is None)
    if argv is None and sys.argv[1:2] == ["explore"]:
        _fix_hash_seed()
    args = _parser().parse_args(argv)
    args.started_at = started
    command = {"explore": _explore, "emit": _emit, "strategies": _strategies}[args.command]
    return _guarded(lambda: command(args))


if __name__ == "__main__":
    sys.exit(main())
