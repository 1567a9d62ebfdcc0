"""Why SMART reaches a bug after DART, and what a DART-order summary search would need
(issue 12, item 5): an account from plain re-executions, in counts of runs.

For one program this explores with DART and with SMART, each in a fresh process (z3's
state moves run counts, benchmarks/smart_runs.py), and re-runs every generated input
on the plain function under an instruction tracer.  It prints, per run, the input, its
outcome label, and which functions took a path no earlier run took.

The tracer cuts each run into **skeletons**, one per activation of a function SMART
summarizes (or of the target): the instructions the activation executed, its own and
those of the calls SMART inlines, with each summarized call replaced by its outcome
class (returned, or raised T).  Two runs with the same skeleton of the target made the
same decisions at the caller's level; a summary of each summarized callee stands for
every callee path under them (SMART, Theorem 1).

The **lazy bound** is then read off DART's own sequence.  A DART run is *needed* if it
adds a skeleton no earlier run had, for any function.  A search that visits sides in
DART's depth-first order, inlines a callee until its summary holds in that context,
and skips exactly the runs whose skeletons all ran before, makes DART's needed runs and
no other (if its solver gives DART's models).  So it would reach each bug at run
needed(1..t) <= t, where t is DART's run to it: the skeleton of the first run with a
bug is new, or an earlier run had that bug.  Two counts bracket such a search: a
callee path counts once in any calling context (a summary's path holds everywhere,
so a context the summary covers needs no run), or once per calling context (the
caller's skeleton up to the call: no context is ever found covered).  The figures
are estimates of a design, not runs of one: they assume DART's models, which a
summary's disjunction does not give (notes/s5-smart.md: calc's "0" against "09"),
and a search that knew which runs add nothing before making them.

A rule that decides before the run is counted too: make a DART run only if the side
it flips (the first event where it leaves every earlier run) is one no earlier run
took in that activation (and calling context).  The runs such a rule skips although
they were new are listed as lost: a search needs another query to find what they
found (a caller's query over the summaries' disjunction).

    python3 benchmarks/smart_order.py tests/integration/targets/compositional.py metered --max-str-len 4
    python3 benchmarks/smart_order.py benchmarks/programs/hwm.py hwm --max-str-len 3 --quiet
"""
from __future__ import annotations

import argparse
import dis
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
sys.path.insert(0, os.path.join(ROOT, "tests"))


class Skeletons:
    """Cuts a plain run of a function of `module` into skeletons (the module's docstring)."""

    def __init__(self, module, inlined: set[str]) -> None:
        self.file = module.__file__
        self.inlined = inlined

    def __call__(self, fn, args: dict) -> tuple[dict[int, tuple], list[tuple]]:
        """Two things: each summarized activation's (function, calling context,
        events), by the order it began in (the calling context is the caller's own
        context and its events up to the call); and the run's stream, (activation,
        index in its events, event) in the order the events happened."""
        done: dict[int, tuple] = {}
        open_: list[list] = []        # per activation: [name, summarized?, events, calling context, index]
        stream: list[tuple] = []
        count = [0]

        def owner():
            return next(f for f in reversed(open_) if f[1])

        def add(event):
            o = owner()
            stream.append((o[4], len(o[2]), event))
            o[2].append(event)

        def tracer(frame, event, arg):
            code = frame.f_code
            if code.co_filename != self.file:
                return None
            if event == "call":
                frame.f_trace_opcodes = True
                summarized = not open_ or code.co_name not in self.inlined
                context = (owner()[3], tuple(owner()[2])) if summarized and open_ else ()
                open_.append([code.co_name, summarized, [], context, count[0]])
                count[0] += summarized
            elif event == "opcode":
                add((code.co_name, frame.f_lasti))
            elif event == "return":
                name, summarized, events, context, index = open_.pop()
                if summarized:
                    done[index] = (name, context, tuple(events))
                    if open_:
                        add(("call", name, _how_it_ended(frame)))
            return tracer

        sys.settrace(tracer)
        try:
            fn(**args)
        except BaseException:  # noqa: BLE001 - a plain run ends in any way
            pass
        finally:
            sys.settrace(None)
        return done, stream


def _prefixes(events: tuple) -> list[int]:
    """A hash of each prefix of `events` (the i-th: of events[:i + 1]), chained."""
    out, h = [], 0
    for e in events:
        h = hash((h, e))
        out.append(h)
    return out


def _common(a: list, b: list) -> int:
    k = 0
    for x, y in zip(a, b):
        if x != y:
            break
        k += 1
    return k


def _how_it_ended(frame) -> str:
    """"returned" if the frame's last instruction is a return, else "raised" (a
    'return' trace event comes for both)."""
    op = frame.f_code.co_code[frame.f_lasti]
    return "returned" if dis.opname[op].startswith("RETURN") else "raised"


def _watch_selections() -> list[str]:
    """What each searcher's `select` handed out, in words: the side a candidate flips
    (function:line->side, its depth on the path) and, for SMART, the context stack;
    or SMART's resume and replay runs.  Wraps the two searchers' classes, which is
    why every exploration runs in a process of its own."""
    from smartest.search.dfs import DepthFirstSearcher
    from smartest.strategies.smart.searcher import SmartSearcher
    said: list[str] = []

    def words(c, searcher) -> str:
        stack = "/".join((x.qualname or "root").rpartition(".")[2] for x in getattr(searcher, "contexts", ()))
        where = f" [{stack}]" if stack else ""
        if c is None or not isinstance(c.origin, tuple):
            return "-"
        if isinstance(c.origin[0], str):
            return c.origin[0] + where          # "resume", "replay"
        site, side = c.expect[-1]
        return f"flip {site.function}:{site.line}->{side} at depth {len(c.expect)}{where}"

    for cls in (DepthFirstSearcher, SmartSearcher):
        def select(self, _plain=cls.select):
            c = _plain(self)
            said.append(words(c, self))
            return c
        cls.select = select
    return said


def one(path: str, function: str, strategy: str, bounds: dict, max_runs: int, inlined: list[str]) -> dict:
    """Explore (in this process) and return every run's input, label, new skeletons and
    the candidate it came from."""
    import smartest
    from support.oracle import label, load, plain_inputs
    module = load(path)
    said = _watch_selections()
    cut = Skeletons(module, set(inlined))
    seen: set = set()          # (function, events): a path of a function, in any context
    seen_here: set = set()     # (function, context, events): the same, in its calling context
    sides: set = set()         # (function, a prefix of its events): the sides runs took, in any context
    sides_here: set = set()    # (function, context, a prefix of its events)
    streams: list[list] = []
    rows: list[dict] = []

    class Rows:
        def on_test(self, test, stats) -> None:
            args = dict(test.inputs)
            skeletons, stream = cut(getattr(module, function), plain_inputs(module, args))
            # Where the run left the earlier runs: the first event no earlier run had
            # after the same prefix (DART's flipped side, or where its model led).
            events = [e for _, _, e in stream]
            k = max((_common(events, old) for old in streams), default=0)
            streams.append(events)
            side = side_here = None
            if k < len(stream):
                a, m, _ = stream[k]
                name, context, evs = skeletons[a]
                h = _prefixes(evs)[m]
                side = (name, h) not in sides
                side_here = (name, hash(context), h) not in sides_here
            skeletons = list(skeletons.values())
            for name, context, evs in skeletons:
                c = hash(context)
                for h in _prefixes(evs):
                    sides.add((name, h))
                    sides_here.add((name, c, h))
            new = [name for name, _, events in skeletons if (name, events) not in seen]
            new_here = [name for name, context, events in skeletons if (name, context, events) not in seen_here]
            seen.update((name, events) for name, _, events in skeletons)
            seen_here.update(skeletons)
            how = said[-1] if said and stats.runs > 1 else "first run"
            rows.append({"run": stats.runs, "input": repr(args), "label": label(module, function, args),
                         "how": how, "new": new, "new_here": bool(new_here), "side": side, "side_here": side_here})

    report = smartest.explore(f"{path}:{function}", strategy=strategy, run_dir=None, deepen=False, coverage=False,
                              max_runs=max_runs, time_limit=600, seed=0, handlers=[Rows()], **bounds)
    functions = report.extra.get("smart", {}).get("functions", {})
    # A function counts as inlined if SMART never summarized nor explored a call of it:
    # some calls of a summarized function are inlined too (is_even's recursive calls
    # whose context its summary does not cover), and it stays a summarized function.
    inlined_now = sorted(q.rpartition(".")[2] for q, f in functions.items()
                         if f.get("inlined_calls") and not f.get("explored_calls") and not f.get("summarized_calls"))
    return {"rows": rows, "runs": report.runs, "stop": report.stop_reason, "complete": report.complete,
            "inlined": inlined_now}


def fresh(args: list) -> dict:
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), PYTHONHASHSEED="0")
    proc = subprocess.run([sys.executable, __file__, "--one", json.dumps(args)], capture_output=True, text=True,
                          env=env, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def first_bugs(rows: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for r in rows:
        if r["label"].startswith("bug "):
            out.setdefault(r["label"], r["run"])
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("path", nargs="?")
    p.add_argument("function", nargs="?")
    p.add_argument("--max-str-len", type=int, default=4)
    p.add_argument("--max-len", type=int)
    p.add_argument("--max-runs", type=int, default=400)
    p.add_argument("--quiet", action="store_true", help="only the summary lines, not every run")
    args = p.parse_args(argv)
    if args.one:
        print(json.dumps(one(*json.loads(args.one))))
        return 0
    bounds = {"max_str_len": args.max_str_len, **({"max_len": args.max_len} if args.max_len else {})}
    # SMART first only to learn which calls it inlines; each strategy in its own process.
    smart = fresh([args.path, args.function, "smart", bounds, args.max_runs, []])
    inlined = smart["inlined"]
    smart = fresh([args.path, args.function, "smart", bounds, args.max_runs, inlined])
    dart = fresh([args.path, args.function, "dart", bounds, args.max_runs, inlined])
    for name, res in (("dart", dart), ("smart", smart)):
        if not args.quiet:
            print(f"== {name}")
            for r in res["rows"]:
                print(f"{r['run']:4} {r['input'][:28]:28} {r['label'][:22]:22} {r['how']:50} "
                      f"new: {','.join(r['new']) or '-'}")
        print(f"{name}: {res['runs']} runs, {res['stop']}, complete={res['complete']}, first bugs {first_bugs(res['rows'])}")
    print(f"inlined by SMART (their instructions count as the caller's): {', '.join(inlined) or 'none'}")
    needed = [r["run"] for r in dart["rows"] if r["new"]]
    here = [r["run"] for r in dart["rows"] if r["new_here"]]
    for lab, t in sorted(first_bugs(dart["rows"]).items()):
        print(f"lazy bound, {lab}: DART run {t}, needed runs up to it {sum(1 for n in needed if n <= t)} "
              f"(callee paths per calling context: {sum(1 for n in here if n <= t)}), "
              f"SMART run {first_bugs(smart['rows']).get(lab, '-')}")
    print(f"lazy bound to DART's end: {len(needed)} needed (per calling context: {len(here)}) of DART's "
          f"{dart['runs']} runs; SMART made {smart['runs']}")
    for key, how in (("side", "in any context"), ("side_here", "per calling context")):
        ran = [r["run"] for r in dart["rows"] if r[key] is not False]
        lost = [r["run"] for r in dart["rows"] if r[key] is False and r["new" if key == "side" else "new_here"]]
        to_bug = {lab: sum(1 for n in ran if n <= t) for lab, t in first_bugs(dart["rows"]).items()}
        print(f"runs whose first new event is a side no earlier run took ({how}): {len(ran)}, to each bug {to_bug}; "
              f"skipped by that rule yet new (a retry must find them): {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
