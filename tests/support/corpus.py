"""The conformance corpus checked against plain CPython, with no smartest involved.

Run it as `python3 tests/programs/verify.py [pNN ...]` (the script calls `main`).
For every `tests/programs/pNN_*.py` it checks the file's shape (docstring, annotated
parameters, no smartest import, a well-formed `EXPECTED` dict), runs each witness and
checks it gets its label, then brute-forces an input grid built from the annotations
(ints -20..20 and the program's constants, floats with NaN/inf/-0.0/subnormals,
strings and bytes over the characters the program compares, containers up to
`max_len`) and checks that the grid reaches exactly the `reach` labels and never a
`never` label.  Where `paths` is declared it counts distinct paths with an opcode
tracer over the corpus's own files (the program and `helpers/`): a path is the
sequence of conditional jumps executed (`if`/`while`/`and`/`or`/chained
comparisons/`for` steps/`match`), each with where it went.  The grid must take
exactly `paths` of them.  Labels are those of `support.oracle.label`, the oracle the
corpus test uses.

This module lives outside `tests/programs/` on purpose: an exploration installs the
engine's models of builtins into every module under the target's directory, and the
verifier must keep plain builtins.
"""
from __future__ import annotations

import ast
import copy
import dataclasses
import enum
import inspect
import itertools
import math
import os
import random
import re
import sys
import time
import types
import typing
from typing import Any, Callable, Iterator

from support.oracle import label, load

PROGRAMS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "programs")

KEYS = {"function", "reach", "never", "complete", "max_str_len", "max_len", "max_depth", "paths", "witness",
        "alphabet", "grid"}
LABEL = re.compile(r"^(return .+|raise \w+|bug \w+)$")
GRID_LIMIT = 40_000        # inputs run per program; larger grids are sampled (fixed seed)
TRACED_LIMIT = 20_000      # the same when every run is traced for `paths`
PER_PARAM_LIMIT = 4_000    # values kept per parameter before the product
HELPERS = os.path.realpath(os.path.join(PROGRAMS, "helpers")) + os.sep

SPECIAL_FLOATS = [math.nan, math.inf, -math.inf, 0.0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308,
                  1e-300, 0.1, -0.1, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, 2.5, -2.5, 3.0, 10.0, 1e16,
                  -1e16, 9007199254740993.0, 1e308, -1e308, 1.7976931348623157e308, -1.7976931348623157e308]


# ---------------------------------------------------------------------------
# Input spaces: finite, indexable sets of values, so a big grid can be sampled.

class Space:
    size: int

    def get(self, i: int) -> Any:
        raise NotImplementedError

    def values(self, limit: int, rng: random.Random) -> list:
        if self.size <= limit:
            return [self.get(i) for i in range(self.size)]
        return [self.get(i) for i in sorted(rng.sample(range(self.size), limit))]


class Finite(Space):
    def __init__(self, items: list) -> None:
        self.items = _dedupe(items)
        self.size = len(self.items)

    def get(self, i: int) -> Any:
        return self.items[i]


class Concat(Space):
    def __init__(self, parts: list[Space]) -> None:
        self.parts = [p for p in parts if p.size]
        self.size = sum(p.size for p in self.parts)

    def get(self, i: int) -> Any:
        for p in self.parts:
            if i < p.size:
                return p.get(i)
            i -= p.size
        raise IndexError(i)

    def values(self, limit: int, rng: random.Random) -> list:
        """Small parts (short strings, short lists) whole; the budget left is shared
        among the larger ones, so sampling never drops the short values."""
        out, budget = [], limit
        parts = sorted(self.parts, key=lambda p: p.size)
        for k, p in enumerate(parts):
            share = budget // (len(parts) - k)
            got = p.values(share, rng)
            out += got
            budget -= len(got)
        return out


class Product(Space):
    """Tuples, one coordinate per factor, decoded from a mixed-radix index."""

    def __init__(self, factors: list[Space], make: Callable[[tuple], Any] = tuple) -> None:
        self.factors, self.make = factors, make
        self.size = math.prod(f.size for f in factors)

    def get(self, i: int) -> Any:
        out = []
        for f in reversed(self.factors):
            i, r = divmod(i, f.size)
            out.append(f.get(r))
        return self.make(tuple(reversed(out)))


def _dedupe(items: list) -> list:
    seen, out = set(), []
    for v in items:
        key = (type(v).__name__, repr(v))
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def sequences(elem: Space, max_len: int, make: Callable[[tuple], Any]) -> Space:
    return Concat([Product([elem] * n, make) for n in range(max_len + 1)])


# ---------------------------------------------------------------------------
# What the program compares against: its constants and characters.

@dataclasses.dataclass
class Context:
    ints: list[int]
    floats: list[float]
    alphabet: str
    byte_values: list[int]
    max_str_len: int
    max_len: int


def _function_codes(code: types.CodeType) -> Iterator[types.CodeType]:
    for c in code.co_consts:
        if isinstance(c, types.CodeType):
            yield c
            yield from _function_codes(c)


def _sources(module) -> list[str]:
    """The program file and the corpus helper modules it imports."""
    files = [module.__file__]
    for value in vars(module).values():
        mod = value if isinstance(value, types.ModuleType) else inspect.getmodule(value)
        f = getattr(mod, "__file__", None) if mod is not None else None
        if f and os.path.realpath(f).startswith(HELPERS) and f not in files:
            files.append(f)
    return files


def _compared_strings(tree: ast.AST) -> Iterator[str]:
    """str constants inside functions, except docstrings, returned values and messages."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.Module)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                skip.add(id(first.value))
        if isinstance(node, ast.Return) and node.value is not None:
            for sub in ast.walk(node.value):
                if isinstance(sub, ast.Constant):
                    skip.add(id(sub))
        if isinstance(node, ast.Raise) and node.exc is not None:
            for sub in ast.walk(node.exc):
                skip.add(id(sub))
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.Lambda)):
            for sub in ast.walk(fn):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str) and id(sub) not in skip:
                    yield sub.value


def context_of(module, expected: dict) -> Context:
    ints: set[int] = set()
    floats: set[float] = set()
    chars: set[str] = set()
    byte_values: set[int] = {0, 0x41, 0x7F, 0x80, 0xFF}
    code_points: set[int] = set()
    for path in _sources(module):
        with open(path, encoding="utf-8") as f:
            source = f.read()
        tree = ast.parse(source)
        for code in _function_codes(compile(tree, path, "exec")):
            for c in code.co_consts:
                if isinstance(c, bool):
                    continue
                if isinstance(c, int):
                    ints.add(c)
                elif isinstance(c, float):
                    floats.add(c)
                elif isinstance(c, bytes):
                    byte_values.update(c)
        for s in _compared_strings(tree):
            chars.update(s)
        if any(isinstance(n, ast.Name) and n.id in ("ord", "chr") for n in ast.walk(tree)):
            code_points.update(ints)
    code_points = {c + d for c in code_points for d in (-1, 0, 1) if 0 <= c + d <= 0x10FFFF}
    chars.update(chr(c + d) for c in map(ord, set(chars)) for d in (-1, 1) if 0 <= c + d <= 0x10FFFF)
    chars.update(map(chr, code_points))
    chars.update("xy")
    byte_values.update(i for i in ints if 0 <= i <= 255)
    alphabet = expected.get("alphabet")
    if alphabet is None:
        alphabet = "".join(sorted(chars))
    return Context(sorted(ints), sorted(floats, key=repr), alphabet, sorted(byte_values),
                   expected.get("max_str_len", 4), expected.get("max_len", 8))


# ---------------------------------------------------------------------------
# The grid: one space per annotation.

def space_for(tp: Any, ctx: Context, top: bool) -> Space:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is type(None) or tp is None:
        return Finite([None])
    if tp is bool:
        return Finite([False, True])
    if tp is int:
        base = list(range(-20, 21)) if top else list(range(-3, 4))
        near = [c + d for c in ctx.ints for d in ((-1, 0, 1) if top else (0,))]
        return Finite(base + near)
    if tp is float:
        near = [v for c in ctx.floats for v in (c, -c, math.nextafter(c, math.inf), math.nextafter(c, -math.inf))]
        ints = [float(i) for i in ctx.ints if abs(i) < 2**1000] + ([float(i) for i in range(-20, 21)] if top else [])
        return Finite(SPECIAL_FLOATS + near + ints if top else SPECIAL_FLOATS[:17] + near + ints)
    if tp is str:
        return sequences(Finite(list(ctx.alphabet)), ctx.max_str_len, "".join)
    if tp is bytes:
        return sequences(Finite(ctx.byte_values), ctx.max_str_len, bytes)
    if origin is typing.Union or origin is types.UnionType:
        return Concat([space_for(a, ctx, top) for a in args])
    if origin is typing.Literal:
        return Finite(list(args))
    if origin in (list, tuple, set, frozenset, dict) or tp in (list, tuple, set, frozenset, dict):
        return _container_space(origin or tp, args, ctx)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return Finite(list(tp))
    if isinstance(tp, type):
        return _record_space(tp, ctx)
    raise TypeError(f"verify.py has no grid for annotation {tp!r}")


def _container_space(origin: type, args: tuple, ctx: Context) -> Space:
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        return Product([space_for(a, ctx, False) for a in args])
    if origin is dict:
        keys = space_for(args[0] if args else int, ctx, False)
        vals = space_for(args[1] if args else int, ctx, False)
        pair = Product([keys, vals])
        return sequences(pair, ctx.max_len, dict)
    elem = space_for(args[0] if args else int, ctx, False)
    make = {list: list, tuple: tuple, set: set, frozenset: frozenset}[origin]
    return sequences(elem, ctx.max_len, make)


def _record_space(cls: type, ctx: Context) -> Space:
    """Dataclasses, NamedTuples and plain classes with an annotated __init__."""
    if dataclasses.is_dataclass(cls):
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls) if f.init]
    elif issubclass(cls, tuple) and hasattr(cls, "_fields"):
        hints = typing.get_type_hints(cls)
        names = list(cls._fields)
    else:
        hints = typing.get_type_hints(cls.__init__)
        names = [p for p in inspect.signature(cls.__init__).parameters if p != "self"]
    factors = [space_for(hints[n], ctx, False) for n in names]
    return Product(factors, lambda values: cls(**dict(zip(names, values))))


def grid(fn: Callable, expected: dict, ctx: Context, limit: int, rng: random.Random) -> tuple[list[dict], bool]:
    """Witnesses first, then the product of the parameters' spaces; the second result
    says whether a space was too large and was sampled (fixed seed)."""
    hints = typing.get_type_hints(fn)
    names = list(inspect.signature(fn).parameters)
    extra = expected.get("grid", {})
    columns, sampled = [], False
    per_param = max(PER_PARAM_LIMIT, int(limit ** (1 / max(1, len(names)))))
    for n in names:
        base = space_for(hints[n], ctx, True)
        sampled |= base.size > per_param
        seen = [w[n] for w in expected["witness"].values() if n in w] + list(extra.get(n, []))
        columns.append(Finite(base.values(per_param, rng) + seen))
    table = Product(columns)
    sampled |= table.size > limit
    rows = [copy.deepcopy(w) for w in expected["witness"].values()]
    # Each extra value is run at least once, whatever the sample draws.
    base_row = rows[0] if rows else {}
    for n in names:
        for v in extra.get(n, []):
            row = {m: copy.deepcopy(base_row[m]) if m in base_row else columns[k].get(0)
                   for k, m in enumerate(names)}
            row[n] = v
            rows.append(row)
    rows += [dict(zip(names, row)) for row in table.values(limit, rng)]
    return rows, sampled


# ---------------------------------------------------------------------------
# Path tracing: the sequence of conditional jumps of the corpus's own code.

def _is_branch(opname: str) -> bool:
    return opname.startswith(("POP_JUMP", "JUMP_IF")) or opname == "FOR_ITER"


class PathTracer:
    def __init__(self, own_files: set[str]) -> None:
        self.own = own_files
        self.branches: dict[types.CodeType, dict[int, str]] = {}
        self.files: dict[str, bool] = {}
        self.path: list[tuple] = []

    def _own(self, code: types.CodeType) -> bool:
        f = code.co_filename
        hit = self.files.get(f)
        if hit is None:
            hit = self.files[f] = f in self.own or os.path.realpath(f).startswith(HELPERS)
        return hit

    def _branch_table(self, code: types.CodeType) -> dict[int, str]:
        table = self.branches.get(code)
        if table is None:
            import dis
            table = self.branches[code] = {i.offset: i.opname for i in dis.get_instructions(code)
                                           if _is_branch(i.opname)}
        return table

    def __call__(self, frame: types.FrameType, event: str, arg: Any):
        if event != "call" or not self._own(frame.f_code):
            return None
        frame.f_trace_opcodes = True
        code = frame.f_code
        table = self._branch_table(code)
        where = (code.co_filename, code.co_firstlineno, code.co_name)
        pending: list[int] = []

        def local(frame: types.FrameType, event: str, arg: Any):
            if event == "opcode":
                offset = frame.f_lasti
                if pending:
                    self.path.append((where, pending.pop(), offset))
                if offset in table:
                    pending.append(offset)
            elif event in ("return", "exception") and pending:
                self.path.append((where, pending.pop(), event))
            return local
        return local

    def label(self, module, function: str, inputs: dict) -> tuple[str, tuple]:
        """The oracle's label of one call, and the path the call took (only the
        call itself is traced, not the oracle's classification of an exception)."""
        fn = getattr(module, function)

        def traced(**kwargs):
            sys.settrace(self)
            try:
                return fn(**kwargs)
            finally:
                sys.settrace(None)

        self.path = []
        shim = types.SimpleNamespace(__file__=module.__file__, **{function: traced})
        return label(shim, function, inputs), tuple(self.path)


# ---------------------------------------------------------------------------
# Checks.

@dataclasses.dataclass
class Result:
    name: str
    params: str
    reach: int
    grid: int
    sampled: bool
    paths: str
    seconds: float
    problems: list[str]


def check_shape(module, source: str) -> list[str]:
    problems = []
    tree = ast.parse(source)
    if not ast.get_docstring(tree):
        problems.append("no module docstring")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "smartest" for a in node.names):
            problems.append("imports smartest")
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "smartest":
            problems.append("imports smartest")
    expected = getattr(module, "EXPECTED", None)
    if not isinstance(expected, dict):
        return problems + ["no EXPECTED dict"]
    unknown = set(expected) - KEYS
    if unknown:
        problems.append(f"unknown EXPECTED keys {sorted(unknown)}")
    for key in ("function", "reach", "never", "complete", "witness"):
        if key not in expected:
            problems.append(f"EXPECTED has no {key!r}")
    if problems:
        return problems
    fn = getattr(module, expected["function"], None)
    if not callable(fn):
        return problems + [f"no function {expected['function']!r}"]
    for p in inspect.signature(fn).parameters.values():
        if p.annotation is inspect.Parameter.empty:
            problems.append(f"parameter {p.name!r} is not annotated")
    reach, never = expected["reach"], expected["never"]
    for lab in [*reach, *never]:
        if not LABEL.match(lab):
            problems.append(f"malformed label {lab!r}")
    if len(set(reach)) != len(reach):
        problems.append("duplicate reach labels")
    if set(reach) & set(never):
        problems.append(f"labels both reached and never: {sorted(set(reach) & set(never))}")
    if set(expected["witness"]) != set(reach):
        problems.append(f"witness labels {sorted(expected['witness'])} differ from reach")
    return problems


def check_witnesses(module, expected: dict) -> list[str]:
    problems = []
    for want, inputs in expected["witness"].items():
        before = repr(inputs)
        got = label(module, expected["function"], copy.deepcopy(inputs))
        if got != want:
            problems.append(f"witness {inputs!r} gives {got!r}, not {want!r}")
        if repr(inputs) != before:
            problems.append(f"witness {before} was changed by the call")
    return problems


def verify(path: str, seed: int = 0) -> Result:
    start = time.perf_counter()
    name = os.path.basename(path)[:-3]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    module = load(path)
    expected = getattr(module, "EXPECTED", {})
    problems = check_shape(module, source)
    if problems:
        return Result(name, "?", 0, 0, False, "-", time.perf_counter() - start, problems)
    problems = check_witnesses(module, expected)
    fn = getattr(module, expected["function"])
    hints = typing.get_type_hints(fn)
    params = ", ".join(_type_name(hints[p]) for p in inspect.signature(fn).parameters)
    ctx = context_of(module, expected)
    rng = random.Random(seed)
    want_paths = expected.get("paths")
    limit = TRACED_LIMIT if want_paths is not None else GRID_LIMIT
    tracer = PathTracer({os.path.realpath(module.__file__), module.__file__})
    reached: dict[str, dict] = {}
    paths: set[tuple] = set()
    rows, sampled = grid(fn, expected, ctx, limit, rng)
    for inputs in rows:
        shown = repr(inputs)
        if want_paths is not None:
            got, trace = tracer.label(module, expected["function"], inputs)
            paths.add(trace)
        else:
            got = label(module, expected["function"], inputs)
        reached.setdefault(got, inputs)
        if repr(inputs) != shown:
            problems.append(f"the call changed its input {shown}")
            break
    for lab in sorted(set(reached) - set(expected["reach"])):
        kind = "a never label" if lab in expected["never"] else "an undeclared label"
        problems.append(f"grid reached {kind} {lab!r} with {reached[lab]!r}")
    for lab in sorted(set(expected["reach"]) - set(reached)):
        problems.append(f"grid never reached {lab!r}")
    shown_paths = "-"
    if want_paths is not None:
        shown_paths = f"{len(paths)}/{want_paths}"
        if len(paths) != want_paths:
            problems.append(f"grid took {len(paths)} distinct paths, EXPECTED says {want_paths}")
    return Result(name, params, len(expected["reach"]), len(rows), sampled, shown_paths,
                  time.perf_counter() - start, problems)


def _type_name(tp: Any) -> str:
    text = tp.__name__ if isinstance(tp, type) and not typing.get_args(tp) else repr(tp)
    return text.replace("typing.", "")


def main(argv: list[str]) -> int:
    programs = sorted(p for p in os.listdir(PROGRAMS) if re.match(r"p\d+_.*\.py$", p))
    if argv:
        programs = [p for p in programs if any(p.startswith(a) for a in argv)]
    results = [verify(os.path.join(PROGRAMS, p)) for p in programs]
    width = max((len(r.name) for r in results), default=10)
    print(f"{'program':<{width}}  {'ok':<4} {'reach':>5} {'grid':>7} {'paths':>9} {'sec':>6}  parameters")
    for r in results:
        ok = "ok" if not r.problems else "FAIL"
        grid_shown = f"{r.grid}{'~' if r.sampled else ''}"
        print(f"{r.name:<{width}}  {ok:<4} {r.reach:>5} {grid_shown:>7} {r.paths:>9} {r.seconds:>6.2f}  {r.params}")
        for problem in r.problems:
            print(f"    - {problem}")
    failed = sum(1 for r in results if r.problems)
    print(f"\n{len(results)} programs, {len(results) - failed} ok, {failed} failing "
          f"(grid: inputs run, ~ = sampled; paths: traced/declared)")
    return 1 if failed else 0

