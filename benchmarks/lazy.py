"""Lazy expansion (LATEST) against DART on the LATEST paper's programs.

Part `paths` (section 2, section 4.3): iterations -- every run of the target,
abstract or concrete -- until each path of the function under test is covered by
a real run, until the bug is reached, and until the search ends.  A path of the
function under test is read off a plain re-execution of each generated input
(testme: which of strcmp(s1, ...) and strcmp(s2, ...) returned 0; top: its
return value), never from the engine's bookkeeping.

Part `table` (Tables 2 and 3): the calculator and the PL/0 parser with their
lexer functions abstracted (`--abstract`), for each size (operations, tokens)
within the same time budget: iterations, valid inputs (distinct inputs the plain
parser accepts), valid structures (their distinct token sequences), branch
coverage by coverage.py on a concrete replay (over the functions either strategy
executed), and rates per minute.

    python benchmarks/lazy.py                       # both parts, 60 s per table cell
    python benchmarks/lazy.py --parts paths
    python benchmarks/lazy.py --parts table --budget 120 --entries calc_ops2 parse_tokens7
    python benchmarks/lazy.py --parts table --budget 100000 --max-runs 2000 --entries calc_lex.calc_ops1

`calc_lex` is the calculator with a table-driven lexer (many paths per character,
the paper's regime, where DART's paths explode); `calc` has a range-check lexer.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "src"))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))

import smartest  # noqa: E402
from support.oracle import label, load  # noqa: E402

PROGRAMS = os.path.join(HERE, "programs")
CALC_LEXER = ("is_digit", "is_space", "skip_space", "next_token", "number_end", "number_value")
CALC_LEX_LEXER = ("skip_blanks", "token_kind", "number_end", "number_value")   # calc_lex.LEXER
PL0_LEXER = ("is_letter", "is_digit", "is_space", "skip_space", "word_end", "match_keyword", "next_token",
             "token_length")


class RunIndex:
    """A handler that remembers after how many runs each test was generated."""

    def __init__(self) -> None:
        self.at: list[int] = []

    def on_test(self, test, stats) -> None:
        self.at.append(stats.runs)


def _testme_path(m, inputs) -> str:
    if m.my_strcmp(inputs["s1"], m.CONST1) != 0:
        return "tmp1 != 0"
    return "tmp2 != 0" if m.my_strcmp(inputs["s2"], m.CONST2) != 0 else "success"


def _top_path(m, inputs) -> str:
    return f"returns {m.top(inputs['s'])}"


PATH_CASES = [
    # (file, entry, n, classifier, number of paths of the function under test)
    ("strcmp_testme", "testme", 16, _testme_path, 3),
    ("locate_top", "top", 4, _top_path, 3),
    ("locate_top", "top", 8, _top_path, 3),
    ("locate_top", "top", 16, _top_path, 3),
]

TABLE_CASES = [
    # (file, entry, size label, n, lexer functions)
    ("calc", "calc_ops1", "1 op", 8, CALC_LEXER),
    ("calc", "calc_ops2", "2 ops", 10, CALC_LEXER),
    ("calc", "calc_ops3", "3 ops", 12, CALC_LEXER),
    ("calc_lex", "calc_ops1", "1 op", 8, CALC_LEX_LEXER),
    ("calc_lex", "calc_ops2", "2 ops", 10, CALC_LEX_LEXER),
    ("pl0", "parse_tokens6", "6 tokens", 14, PL0_LEXER),
    ("pl0", "parse_tokens7", "7 tokens", 16, PL0_LEXER),
    ("pl0", "parse_tokens8", "8 tokens", 18, PL0_LEXER),
]


def explore(name: str, entry: str, strategy: str, n: int, *, time_limit: float, max_runs: int,
            abstract=(), coverage: bool = False, deepen: bool = True):
    index = RunIndex()
    settings = None
    if strategy.startswith("latest"):
        # latest/lazy: the paper's lazy search alone (no DART half taking turns)
        settings = {"abstract": tuple(f"{name}:{f}" for f in abstract)} if abstract else {}
        settings = {**settings, "interleave": False} if strategy == "latest/lazy" else (settings or None)
        strategy = "latest"
    t0 = time.perf_counter()
    report = smartest.explore(f"{os.path.join(PROGRAMS, name)}.py:{entry}", run_dir=None, coverage=coverage,
                              strategy=strategy, max_str_len=n, max_runs=max_runs, time_limit=time_limit,
                              handlers=[index], settings=settings, deepen=deepen)
    return report, index.at, time.perf_counter() - t0


def paths_part(args) -> None:
    print("Iterations (all runs, abstract and concrete) until each path of the function under test is covered")
    header = (f"{'program':22} {'n':>3} {'strategy':11} {'cover 1st/2nd/3rd path':>24} {'bug@':>6} "
              f"{'runs':>6} {'complete':>8} {'sec':>6}")
    print(header)
    print("-" * len(header))
    for name, entry, n, classify, count in PATH_CASES:
        module = load(os.path.join(PROGRAMS, f"{name}.py"))
        for strategy in args.strategies:
            report, at, sec = explore(name, entry, strategy, n, time_limit=args.budget, max_runs=args.max_runs)
            first: dict[str, int] = {}
            bug = None
            for test, run in zip(report.tests, at):
                inputs = dict(test.inputs)
                first.setdefault(classify(module, inputs), run)
                if bug is None and label(module, entry, inputs).startswith("bug "):
                    bug = run
            cover = sorted(first.values())
            shown = "/".join(map(str, cover)) + ("" if len(cover) == count else " (incomplete)")
            print(f"{name + '.' + entry:22} {n:>3} {strategy:11} {shown:>24} {bug if bug else '-':>6} "
                  f"{report.runs:>6} {str(report.complete):>8} {sec:>6.1f}", flush=True)


def _valid(module, entry: str, s: str) -> bool:
    """Did the plain parser accept s (no syntax or lexical error)?"""
    outcome = label(module, entry, {"s": s})
    if outcome.startswith("return") or outcome == "bug AssertionError":
        return True
    try:
        getattr(module, entry)(s)
    except ValueError as e:
        return "division by zero" in str(e)
    except BaseException:
        return False
    return True


def _structure(module, name: str, s: str) -> tuple:
    """The token kinds of a valid input, read with the plain lexer."""
    cur = module.Cursor(s, 10**6)
    kinds = []
    if name.startswith("calc"):
        module.advance(cur)
        while cur.tok != module.END:
            kinds.append(cur.tok)
            module.advance(cur)
    else:
        module.getsym(cur)
        while cur.sym != module.EOF:
            kinds.append(cur.sym)
            module.getsym(cur)
    return tuple(kinds)


def table_part(args) -> None:
    print(f"\nLexer functions abstracted for LATEST; {args.budget:.0f} s per cell; coverage by coverage.py on replay")
    header = (f"{'program':9} {'size':9} {'n':>3} {'strategy':11} {'iterations':>10} {'queries':>8} {'bug@':>6} "
              f"{'valid@':>6} {'valid':>6} {'structs':>7} "
              f"{'coverage':>14} {'iter/min':>9} {'valid/min':>9} {'structs/min':>11} {'done':>5}")
    print(header)
    print("-" * len(header))
    for name, entry, size, n, lexer in TABLE_CASES:
        if args.entries and entry not in args.entries and f"{name}.{entry}" not in args.entries:
            continue
        module = load(os.path.join(PROGRAMS, f"{name}.py"))
        rows = []
        for strategy in args.strategies:
            report, at, sec = explore(name, entry, strategy, n, time_limit=args.budget, max_runs=args.max_runs,
                                      abstract=lexer, coverage=True, deepen=not args.fixed_bounds)
            valid = {t.inputs["s"] for t in report.tests if _valid(module, entry, t.inputs["s"])}
            first_valid = min((run for t, run in zip(report.tests, at) if t.inputs["s"] in valid), default=None)
            bugs = [run for t, run in zip(report.tests, at) if label(module, entry, dict(t.inputs)).startswith("bug ")]
            structures = {_structure(module, name, s) for s in valid}
            functions = {(f["file"], f["function"]): (f["branches_covered"], f["branches_total"])
                         for f in report.coverage.get("functions", [])}
            rows.append((strategy, report, sec, valid, structures, functions, min(bugs) if bugs else None,
                         first_valid))
        everything = {}
        for *_, functions, _, _ in rows:
            for key, (_, total) in functions.items():
                everything[key] = total
        total = sum(everything.values())
        for strategy, report, sec, valid, structures, functions, bug, first_valid in rows:
            covered = sum(c for c, _ in functions.values())
            minutes = sec / 60
            cov = f"{covered}/{total} {100 * covered / total:.0f}%" if total else "-"
            print(f"{name:9} {size:9} {n:>3} {strategy:11} {report.runs:>10} {report.solver['queries']:>8} "
                  f"{bug or '-':>6} {first_valid or '-':>6} {len(valid):>6} {len(structures):>7} "
                  f"{cov:>14} {report.runs / minutes:>9.0f} {len(valid) / minutes:>9.1f} "
                  f"{len(structures) / minutes:>11.1f} {'yes' if report.stop_reason == 'exhausted' else 'no':>5}",
                  flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--parts", default="paths,table", help="paths, table or both (comma-separated)")
    p.add_argument("--budget", type=float, default=60.0, help="seconds per exploration")
    p.add_argument("--max-runs", type=int, default=1_000_000)
    p.add_argument("--fixed-bounds", action="store_true",
                   help="keep --max-str-len fixed (no deepening), as the paper's bounded experiments do")
    p.add_argument("--entries", nargs="*", default=None,
                   help="table rows to run (e.g. calc_ops1 parse_tokens6, or calc_lex.calc_ops1 for one program's)")
    p.add_argument("--strategies", nargs="+", default=["dart", "latest", "latest/lazy"],
                   help="dart, latest (its lazy search and DART's by turns, the default) and latest/lazy "
                        "(the lazy search alone, as the paper's LATEST)")
    args = p.parse_args(argv)
    parts = args.parts.split(",")
    if "paths" in parts:
        paths_part(args)
    if "table" in parts:
        table_part(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
