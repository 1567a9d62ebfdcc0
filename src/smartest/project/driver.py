"""Exploring a whole module or package: each function in turn, through the same
forked child as a one-function run, under one shared time budget.

With `--workers N` the functions are spread over N processes (issue 16: each function's
own search then runs in one process).  The budget is shared by slicing: each function gets what is left divided by the
functions still to explore, less the work around each exploration (project/slices.py), so what a
function that finishes early leaves goes to the others and the run ends near its budget.  The child hands its report back through a pickle file (values keep
their types, which JSON would lose); a child killed by its target leaves the
partial JSON report of `cli._report_killed` instead.  The results are one pytest
file per source module, one JSON report with a section per function, and a table.
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import multiprocessing
import os
import pickle
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Callable

from smartest.emit.names import phrases
from smartest.emit.pytest_writer import EmitTarget, reads_stdin, write_pytest_suite
from smartest.emit.stability import Settings, unstable_outcomes
from smartest.engine.target import Target, resolve
from smartest.engine.testcase import TestCase
from smartest.errors import TargetError
from smartest.project.discover import Unit, compiled_functions, discover
from smartest.project.slices import MIN_SLICE_S, Slices
from smartest.report.escapes import grouped
from smartest.report.report import SCHEMA, Report
from smartest.report.text import bounded_verdict, incomplete_why

GRACE_S = 20.0     # past its slice, what a function's child gets for the replay and the report


@contextlib.contextmanager
def _watchdog(seconds: float, fired: list[int]):
    """Stop a child that outlives its slice by far (one run stuck in C code, a huge
    object graph): SIGTERM, on which it stops and reports as on Ctrl-C; SIGKILL if
    that was not enough GRACE_S later (the supervisor then reports what the run
    directory holds).  `fired` gets one entry each time it did."""
    def fire(signum, frame):
        children = _children()
        if children:
            fired.append(len(fired) + 1)
            for pid in children:
                os.kill(pid, signal.SIGTERM if len(fired) == 1 else signal.SIGKILL)
        signal.setitimer(signal.ITIMER_REAL, GRACE_S)

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _children() -> list[int]:
    """This process's child processes (Linux /proc; none found elsewhere)."""
    pid = os.getpid()
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


@dataclass
class Row:
    """One line of the table: a function's figures, or why it was not explored."""

    unit: Unit
    reason: str = ""
    report: Report | None = None
    target: Target | None = None
    kept: int = 0
    status: int = 0
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        d = {"function": self.unit.name, "spec": self.unit.spec, "explored": self.report is not None}
        if self.reason:
            d["reason"] = self.reason
        if self.report is not None:
            d["report"] = self.report.as_dict()
            d["tests_kept"] = self.kept
        return d


def explore_project(args: argparse.Namespace, options, run_one: Callable, forked: bool = True) -> int:
    """Explore every unit of `args.target`; `run_one(args, options, target)` is the
    CLI's one-function exploration (forked or in process), returning its exit status.
    `forked`: run_one explores in a child, which a watchdog may stop (see `_watchdog`)."""
    units = discover(args.target)
    if not units:
        compiled = compiled_functions(args.target)
        if compiled:
            raise TargetError(f"{args.target}: no public Python function found; {', '.join(compiled[:4])} "
                              f"{'is' if len(compiled) == 1 else 'are'} compiled code (a C extension or mypyc), "
                              f"which smartest cannot follow: install a pure-Python build of the package "
                              f"(pip install --no-binary :all: ...), if it has one")
        raise TargetError(f"{args.target}: no public function found")
    rows = [Row(u, reason=u.reason) for u in units]
    todo = [r for r in rows if not r.reason]
    slices = Slices(options.time_limit, spent=max(time.time() - getattr(args, "started_at", time.time()), 0.0))
    workers = min(options.workers or os.cpu_count() or 1, len(todo))
    with tempfile.TemporaryDirectory(prefix="smartest-project-") as tmp:
        if forked and workers > 1:
            _explore_in_parallel(todo, args, options, run_one, tmp, workers, slices.left())
            todo = []
        for i, row in enumerate(todo):
            share = slices.next(len(todo) - i)
            if share is None:
                for later in todo[i:]:
                    later.reason = f"the --time-limit ({options.time_limit:g} s) was used up before it"
                _progress(args, f"{i} of {len(todo)} functions explored; --time-limit used up")
                break
            _progress(args, f"{i} of {len(todo)} functions explored; now {row.unit.name} ({share:.3g} s)")
            fired: list[int] = []
            with _watchdog(share + max(share, GRACE_S), fired) if forked else contextlib.nullcontext():
                _explore_unit(row, args, dataclasses.replace(options, time_limit=share), run_one, tmp, i)
            slices.done(row.report.time_s if row.report is not None and row.report.time_s > 0 else share)
            if args.emit_path and row.report is not None:
                slices.reserve_for_emission(len(row.report.suite(args.all_paths)))
            if row.report is not None and row.report.stop_reason == "interrupted" and not fired:
                for later in todo[i + 1:]:   # Ctrl-C: the user stops the whole run, not one function
                    later.reason = "interrupted"
                break
    explored = [r for r in rows if r.report is not None]
    if args.emit_path:
        _emit(rows, args.emit_path, args.all_paths, Settings.of(options))
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as f:
            json.dump({"schema": SCHEMA, "target": args.target, "strategy": options.strategy,
                       "functions": [r.as_dict() for r in rows]}, f, indent=1)
            f.write("\n")
    if args.html_dir:
        from smartest.report.html import Section, write_html
        write_html(args.html_dir, [Section(r.unit.name, r.target, r.report, r.reason) for r in rows],
                   all_paths=args.all_paths, timeout=options.per_run_timeout)
    print(table(rows))
    if any(r.report.bugs for r in explored):
        return 1
    if any(r.status == 3 for r in rows):
        return 3
    return 0 if explored else 2


def _progress(args, line: str) -> None:
    """One line on stderr per function (each function's own progress display goes to
    its log), so that a package's exploration is not silent until its table."""
    if not getattr(args, "quiet", False):
        print(f"smartest: {line}", file=sys.stderr, flush=True)


def _explore_unit(row: Row, args, options, run_one: Callable, tmp: str, i: int) -> None:
    _run_unit(row, args, options, run_one, tmp, i)
    _collect_unit(row, args, tmp, i)


def _run_unit(row: Row, args, options, run_one: Callable, tmp: str, i: int) -> None:
    """Resolve the unit and explore it; the child leaves its report in `tmp`."""
    try:
        row.target = resolve(row.unit.spec, options.default_type)
    except TargetError as e:
        row.reason = str(e)
        return
    except Exception as e:  # the target's module misbehaved while we looked it up
        row.reason = f"{type(e).__name__}: {e}"
        return
    pickled = os.path.join(tmp, f"{i}.pickle")
    child_args = argparse.Namespace(**vars(args))
    child_args.target, child_args.emit_path, child_args.json_path = row.unit.spec, None, os.path.join(tmp, f"{i}.json")
    child_args.html_dir = None   # one HTML report for the whole run, below
    child_args.on_report = lambda report, target: _save(report, pickled)
    row.status = _quietly(lambda: run_one(child_args, options, row.target), os.path.join(tmp, f"{i}.err"))


def _collect_unit(row: Row, args, tmp: str, i: int) -> None:
    """Read back what the unit's exploration left in `tmp`."""
    if row.reason:
        return
    pickled, partial, err = (os.path.join(tmp, f"{i}.{ext}") for ext in ("pickle", "json", "err"))
    row.report = _load(pickled) if os.path.isfile(pickled) else None
    if row.report is None and os.path.isfile(partial):
        with open(partial, encoding="utf-8") as f:
            d = json.load(f)
        tests = [TestCase.from_dict(t) for t in d["tests"]]
        row.report = Report(d["target"], d["strategy"], d.get("runs", 0), d.get("paths") or 0, False, 0.0,
                            {"queries": 0}, tests, stop_reason=d.get("stop_reason", ""))
    elif row.report is None:
        with open(err, encoding="utf-8", errors="replace") as f:
            lines = [ln.strip() for ln in f if ln.strip()]
        row.reason = (lines[-1] if lines else f"exploration ended with status {row.status}").removeprefix(
            "smartest: error: ")
        return
    row.kept = sum(1 for t in row.report.suite(args.all_paths) if not t.bug)


def _unit_in_worker(job: tuple) -> tuple[str, int]:
    """One unit in a pool process (its own main thread, so its own watchdog)."""
    row, args, options, run_one, tmp, i, seconds = job
    with _watchdog(seconds, []):
        _run_unit(row, args, options, run_one, tmp, i)
    return row.reason, row.status


def _explore_in_parallel(todo: list[Row], args, options, run_one: Callable, tmp: str, workers: int,
                         left: float) -> None:
    """Functions spread over `workers` processes, each with an equal share of the time
    `left` times the workers (they run side by side); each function's own search runs
    in one process."""
    share = max(left * workers / max(len(todo), 1), MIN_SLICE_S)
    unit_options = dataclasses.replace(options, time_limit=share, workers=1)
    jobs = [(row, args, unit_options, run_one, tmp, i, share + max(share, GRACE_S)) for i, row in enumerate(todo)]
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for done, (row, (reason, status)) in enumerate(zip(todo, pool.imap(_unit_in_worker, jobs)), 1):
            row.reason, row.status = reason, status
            _progress(args, f"{done} of {len(todo)} functions explored ({row.unit.name})")
    for i, row in enumerate(todo):
        if not row.reason:
            row.target = resolve(row.unit.spec, options.default_type)
        _collect_unit(row, args, tmp, i)


class ReprOnly:
    """A returned value that did not survive the trip from the child: its repr, which
    has no literal form, so the emitted test calls without comparing (as for any
    object without one) instead of comparing with the JSON form's None."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _save(report: Report, path: str) -> None:
    """Pickle the report; tests whose values do not pickle and unpickle keep their JSON
    form.  The round trip is the test: a tuple subclass with its own `__new__`
    (`codecs.CodecInfo`) pickles, then fails to load."""
    tests = []
    for t in report.tests:
        try:
            pickle.loads(pickle.dumps(t))
            tests.append(t)
        except Exception:
            d = t.as_dict()
            back = TestCase.from_dict(d)
            if t.outcome == "returned" and back.returned != t.returned:
                back = dataclasses.replace(back, returned=ReprOnly(d.get("returned_repr", "?")))
            tests.append(back)
    with open(path, "wb") as f:
        pickle.dump(dataclasses.replace(report, tests=tests), f)


def _load(path: str) -> Report | None:
    """The child's pickled report, or None when it does not load in this process (a
    value whose class the child made at run time); the partial JSON report is read
    then, so one function's odd value never stops the package's exploration."""
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:
        return None


def _quietly(action: Callable[[], int], err_path: str) -> int:
    """Run `action` with stdout discarded and stderr kept in a file (file descriptors,
    so that the forked child's output goes there too)."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with open(os.devnull, "wb") as null, open(err_path, "wb") as err:
        os.dup2(null.fileno(), 1)
        os.dup2(err.fileno(), 2)
        try:
            return action()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def _emit(rows: list[Row], directory: str, all_paths: bool, stability: Settings) -> None:
    """One pytest file per source module, test_<module>.py, in `directory`; every
    regression test's outcome checked in other processes first (emit/stability.py),
    all the package's in the same few children."""
    by_module: dict[str, list[Row]] = {}
    for r in rows:
        if r.report is not None and r.target is not None:
            by_module.setdefault(r.unit.module, []).append(r)
    os.makedirs(directory, exist_ok=True)
    entries = {module: [(EmitTarget.from_target(r.target), r.report.suite(all_paths),
                         phrases(r.report.replay, r.target.file)) for r in group]
               for module, group in by_module.items()}
    flat = [(t, tests) for module in by_module for t, tests, _ in entries[module]]
    unstable = iter(unstable_outcomes(flat, stability))
    for module, group in by_module.items():
        path = os.path.join(directory, f"test_{module.replace('.', '_')}.py")
        stdin = any(reads_stdin(r.report.concretizations) for r in group)
        found = [next(unstable) for _ in group]
        for r, counts in zip(group, write_pytest_suite(entries[module], path, empty_stdin=stdin, unstable=found)):
            r.notes.append(f"{counts['regression']} regression and {counts['bug']} bug tests in {path}"
                           + (f" ({counts['unstable']} asserting less: their outcome differed in another process)"
                              if counts.get("unstable") else ""))


def _coverage(row: Row) -> str:
    cov = row.report.coverage if row.report else None
    if not cov:
        return "-"
    own = [f for f in cov.get("functions", []) if f["function"] == row.unit.qualname]
    covered = sum(f["branches_covered"] for f in own) if own else cov.get("branches_covered", 0)
    total = sum(f["branches_total"] for f in own) if own else cov.get("branches_total", 0)
    return f"{covered}/{total}" if total else "no branches"


def _verdict(report: Report, target: Target | None) -> str:
    if report.complete:
        qualified = [why for why, on in (("types guessed", target and target.guessed),
                                         ("inputs narrowed", target and target.narrowed)) if on]
        return f"complete ({', '.join(qualified)})" if qualified else "complete"
    return bounded_verdict(report) or "incomplete: " + (incomplete_why(report, "time slice used up") or "?")


def table(rows: list[Row]) -> str:
    """The summary table: function, runs, paths, tests kept, branch coverage, bugs,
    complete or why not."""
    head = ("function", "runs", "paths", "tests", "branches", "bugs", "complete / why not")
    lines = []
    for r in rows:
        if r.report is None:
            lines.append((r.unit.name, "-", "-", "-", "-", "-", f"not explored: {r.reason}"))
        else:
            rep = r.report
            lines.append((r.unit.name, str(rep.runs), str(rep.paths), f"{r.kept}", _coverage(r),
                          str(len(rep.distinct_bugs)), _verdict(rep, r.target)))
    widths = [max(len(h), *(len(ln[i]) for ln in lines)) if i < 6 else 0 for i, h in enumerate(head)]
    widths[0] = min(widths[0], 48)

    def fmt(cells):
        return "  ".join(c.ljust(w) if i == 0 else (c.rjust(w) if w else c) for i, (c, w) in enumerate(zip(cells, widths)))
    explored = sum(1 for r in rows if r.report is not None)
    bugs = sum(len(r.report.distinct_bugs) for r in rows if r.report is not None)
    out = [fmt(head), *(fmt(ln) for ln in lines),
           f"{explored} of {len(rows)} functions explored, {bugs} distinct bug{'s' * (bugs != 1)}"]
    for r in rows:
        for b in (r.report.distinct_bugs if r.report else []):
            raised = f"{b.raised.type}: {b.raised.message}" if b.raised else b.outcome
            call = ", ".join(f"{k}={v!r}" for k, v in b.inputs.items())
            out.append(f"  bug in {r.unit.name}: {raised[:120]}\n    {r.unit.qualname}({call[:200]})")
    return "\n".join(out + _escapes(rows))


def _escapes(rows: list[Row], limit: int = 10) -> list[str]:
    """What smartest could not follow, across the functions: one line per callee with the
    functions it kept incomplete (each function's own report, `--json`, has the sites)."""
    groups: dict[str, list] = {}
    for r in rows:
        for callee, reason, runs, _ in grouped(r.report.concretizations if r.report else []):
            g = groups.setdefault(callee or reason, [callee, reason, 0, []])
            g[2] += runs
            g[3].append(r.unit.qualname)
    if not groups:
        return []
    out = ["not followed symbolically (each makes the searches it appears in incomplete):"]
    for callee, reason, runs, functions in sorted(groups.values(), key=lambda g: (-len(g[3]), -g[2]))[:limit]:
        names = ", ".join(functions[:4]) + (f" and {len(functions) - 4} more" if len(functions) > 4 else "")
        out.append(f"  {f'{callee}: {reason}' if callee else reason}  [{runs} run{'s' * (runs != 1)}; in {names}]")
    if len(groups) > limit:
        out.append(f"  ... and {len(groups) - limit} more (--json has each function's list)")
    return out
