"""The pytest writer: a module built with `ast`, checked with `compile()`.

Regression tests pin the behaviour observed (the return value, or the exception a
`raise` of the target's own code chose to raise): they pass now and fail if the
behaviour changes.  Bug tests call the target plainly: they fail until the bug is
fixed.  Runs that timed out, ended the process or violated an `assume` get no test.
"""
from __future__ import annotations

import ast
import builtins
import math
import os
import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from smartest.engine.ambient import read_stdin
from smartest.engine.literals import Source, class_ref, importable, literal, needs_exact_compare
from smartest.engine.target import importable_without
from smartest.engine.testcase import TestCase
from smartest.emit.stability import Settings, Unstable, unstable_outcomes
from smartest.errors import SmartestError
from smartest.report.outputs import importable_name
from smartest.report.escapes import escape_lines
from smartest.report.report import distinct_bugs


@dataclass(frozen=True)
class EmitTarget:
    """What the writer needs to know to import and call the target."""

    spec: str
    module_name: str          # dotted, importable from import_root
    qualname: str             # "func" or "Class.method"
    import_root: str          # absolute directory to put on sys.path
    params: Sequence[tuple[str, bool]]   # (name, positional_only)
    bound_method: bool = False  # Class.method on an instance made with Class()
    installed: bool = False     # importable without import_root (installed, editable): no sys.path line
    file: str | None = None     # the module's source, to name tests after its branches

    @staticmethod
    def from_target(target) -> "EmitTarget":
        bound = "." in target.qualname and getattr(target.function, "__self__", None) is not None \
            and not isinstance(getattr(target.function, "__self__", None), type)
        root = os.path.realpath(target.import_root)
        file = os.path.realpath(target.file) if target.file else None
        installed = importable_without(target.module_name, root)
        return EmitTarget(target.spec, target.module_name, target.qualname, root,
                          tuple((p.name, p.positional_only) for p in target.params), bound, installed, file)

    def as_dict(self) -> dict:
        return {"spec": self.spec, "module_name": self.module_name, "qualname": self.qualname,
                "import_root": self.import_root, "params": [list(p) for p in self.params],
                "bound_method": self.bound_method, "installed": self.installed, "file": self.file}

    @staticmethod
    def from_dict(d: dict) -> "EmitTarget":
        """From a run directory's start event: names checked, since they become code."""
        try:
            file = d.get("file")
            t = EmitTarget(str(d["spec"]), d["module_name"], d["qualname"], str(d["import_root"]),
                           tuple((p[0], bool(p[1])) for p in d["params"]), bool(d.get("bound_method", False)),
                           bool(d.get("installed", False)), None if file is None else str(file))
        except (KeyError, TypeError, IndexError):
            raise SmartestError("the run directory does not say how to import the target") from None
        names = [t.qualname, *(p for p, _ in t.params)]
        if not importable_name(t.module_name) or not all(type(n) is str and importable_name(n) for n in names):
            raise SmartestError("the run directory names the target with something that is not a Python name")
        return t


def _ident(text: str) -> str:
    return re.sub(r"\W+", "_", text).strip("_") or "x"


class _Writer:
    def __init__(self, target: EmitTarget, out_dir: str, unstable: Mapping[int, Unstable] | None = None) -> None:
        self.t = target
        self.out_dir = out_dir
        self.unstable = unstable or {}   # test index -> what another process did otherwise (emit/stability.py)
        first = target.qualname.split(".")[0]
        # pytest collects any imported name that looks like a test: alias such names.
        self.callee_import = first
        self.callee = f"target_{first}" if first.lower().startswith("test") else first
        self.extra_imports: set[str] = set()
        self.other_imports: dict[tuple[str, str], str] = {}   # (module, name) -> local name

    def ref(self, cls: type) -> ast.expr | None:
        """A name for a class the test needs (an input's or a return value's)."""
        where = importable(cls)
        if where is None:
            return None
        return class_ref(cls, self._import(*where))

    def _import(self, module: str, name: str) -> str:
        if module == self.t.module_name:
            self.extra_imports.add(name)
            return name
        if (module, name) not in self.other_imports:
            taken = {self.callee, *self.extra_imports, *self.other_imports.values()}
            self.other_imports[(module, name)] = name if name not in taken else f"{_ident(module)}_{name}"
        return self.other_imports[(module, name)]

    def _own_module(self, module: str) -> bool:
        """Is `module` the target's or one found under its import root?  Classes of a
        value read back from a run directory may come only from there."""
        if module == self.t.module_name:
            return True
        if not importable_name(module):
            return False
        base = os.path.join(self.t.import_root, *module.split("."))
        return os.path.isfile(base + ".py") or os.path.isfile(os.path.join(base, "__init__.py"))

    def literal(self, value, returned: bool = False) -> ast.expr | None:
        if type(value) is Source:
            if not all(self._own_module(m) and n.isidentifier() for m, n in value.imports):
                return None
            for module, name in value.imports:
                self._import(module, name)
        return literal(value, self.ref, returned=returned)

    def call(self, inputs: dict) -> ast.expr | None:
        exprs = {}
        for name, _ in self.t.params:
            lit = self.literal(inputs.get(name))
            if lit is None and inputs.get(name) is not None:
                return None
            exprs[name] = lit
        return self.call_with(exprs)

    def call_with(self, exprs: dict) -> ast.expr:
        """The call of the target with these argument expressions (literals, or the
        names of a parametrized test's arguments)."""
        args, kwargs = [], []
        for name, positional_only in self.t.params:
            lit = exprs[name]
            if positional_only:
                args.append(lit)
            else:
                kwargs.append(ast.keyword(name, lit))
        func: ast.expr = ast.Name(self.callee, ast.Load())
        parts = self.t.qualname.split(".")
        if self.t.bound_method:
            func = ast.Call(func, [], [])
        for part in parts[1:]:
            func = ast.Attribute(func, part, ast.Load())
        return ast.Call(func, args, kwargs)

    def exception(self, type_name: str) -> ast.expr:
        if "." not in type_name and isinstance(getattr(builtins, type_name, None), type):
            return ast.Name(type_name, ast.Load())
        module, _, name = type_name.rpartition(".")
        if module == self.t.module_name and name.isidentifier():
            self.extra_imports.add(name)
            return ast.Name(name, ast.Load())
        return ast.Name("Exception", ast.Load())

    def crash_test(self, tc: TestCase, call: ast.expr) -> list[ast.stmt]:
        """Run the call in a child interpreter: it killed the process when generated."""
        self.extra_imports.add("__subprocess__")
        code = "\n".join(["import sys", "sys.path.insert(0, sys.argv[1])",
                          ast.unparse(ast.ImportFrom(self.t.module_name, [ast.alias(self.callee_import,
                                      self.callee if self.callee != self.callee_import else None)], 0)),
                          ast.unparse(call)])
        run = ast.Call(ast.Attribute(ast.Name("subprocess", ast.Load()), "run", ast.Load()),
                       [ast.List([ast.Attribute(ast.Name("sys", ast.Load()), "executable", ast.Load()),
                                  ast.Constant("-c"), ast.Constant(code),
                                  ast.Call(ast.Name("str", ast.Load()), [ast.Name("ROOT", ast.Load())], [])],
                                 ast.Load())], [])
        status = ast.Attribute(run, "returncode", ast.Load())
        return [ast.Assert(ast.Compare(status, [ast.Eq()], [ast.Constant(0)]),
                           ast.Constant(f"the call killed the process ({tc.raised.type if tc.raised else 'signal'})"))]

    def test(self, tc: TestCase, name: str) -> ast.FunctionDef | None:
        call = self.call(dict(tc.inputs))
        if call is None:
            return None
        doc = None
        unstable = None if tc.bug else self.unstable.get(tc.index)
        if unstable is not None and unstable.level == "outcome":
            return _skipped(name, call, f"not run: {unstable.why()}")
        if unstable is not None:
            doc = f"Not asserted: {unstable.why()}."
            body = self.weakened(tc, call, unstable)
        elif tc.outcome == "crashed":
            doc = f"Bug found by smartest: {tc.raised.message}" if tc.raised else "Bug found by smartest"
            body = self.crash_test(tc, call)
        elif tc.bug:
            r = tc.raised
            doc = f"Bug found by smartest: {r.type}: {r.message}" if r else "Bug found by smartest"
            body: list[ast.stmt] = [ast.Expr(call)]
        elif tc.outcome == "raised" and tc.raised is not None:
            message = tc.raised.message
            match = [ast.keyword("match", ast.Constant(re.escape(message)))] if 0 < len(message) <= 200 else []
            body = [ast.With([ast.withitem(ast.Call(
                ast.Attribute(ast.Name("pytest", ast.Load()), "raises", ast.Load()),
                [self.exception(tc.raised.type)], match))], [ast.Expr(call)])]
        elif tc.outcome == "side-effect":
            # The sandbox refused the call: running it for real is the user's decision.
            reason = f"smartest's sandbox refused {tc.raised.message}" if tc.raised else "smartest's sandbox refused a side effect"
            return _skipped(name, call, reason)
        elif tc.outcome == "returned":
            lit = self.literal(tc.returned, returned=True)
            if tc.returned is None:
                body = [ast.Assert(ast.Compare(call, [ast.Is()], [ast.Constant(None)]))]
            elif isinstance(tc.returned, float) and math.isnan(tc.returned):
                self.extra_imports.add("__math__")
                body = [ast.Assert(ast.Call(ast.Attribute(ast.Name("math", ast.Load()), "isnan", ast.Load()), [call], []))]
            elif lit is not None and needs_exact_compare(tc.returned):
                self.extra_imports.add("__same__")
                body = [ast.Assert(ast.Call(ast.Name("_same", ast.Load()), [call, lit], []))]
            elif lit is not None:
                body = [ast.Assert(ast.Compare(call, [ast.Eq()], [lit]))]
            else:
                doc = f"Returned {_short_repr(tc.returned)} when generated (no literal form to compare with)."
                body = [ast.Expr(call)]
        else:
            return None
        if doc:
            body.insert(0, ast.Expr(ast.Constant(doc)))
        return ast.FunctionDef(name=name, args=ast.arguments([], [], None, [], [], None, []),
                               body=body, decorator_list=[], returns=None)


    def weakened(self, tc: TestCase, call: ast.expr, unstable: Unstable) -> list[ast.stmt]:
        """The body of a test whose outcome is only partly the same in every process:
        the exception's class without its message, the returned value's type, or the
        call alone."""
        if tc.outcome == "raised" and tc.raised is not None:
            return [ast.With([ast.withitem(ast.Call(
                ast.Attribute(ast.Name("pytest", ast.Load()), "raises", ast.Load()),
                [self.exception(tc.raised.type)], []))], [ast.Expr(call)])]
        cls = type(tc.returned)
        if unstable.level == "value" and tc.returned is not None:
            ref = ast.Name(cls.__name__, ast.Load()) if getattr(builtins, cls.__name__, None) is cls else self.ref(cls)
            if ref is not None:
                return [ast.Assert(ast.Compare(ast.Call(ast.Name("type", ast.Load()), [call], []), [ast.Is()], [ref]))]
        return [ast.Expr(call)]


def _skipped(name: str, call: ast.expr, reason: str) -> ast.FunctionDef:
    """A test that calls the target under `pytest.mark.skip(reason=...)`."""
    skip = ast.Call(ast.Attribute(ast.Attribute(ast.Name("pytest", ast.Load()), "mark", ast.Load()),
                                  "skip", ast.Load()), [], [ast.keyword("reason", ast.Constant(reason))])
    return ast.FunctionDef(name=name, args=ast.arguments([], [], None, [], [], None, []),
                           body=[ast.Expr(call)], decorator_list=[skip], returns=None)


def _short_repr(value) -> str:
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= 200 else text[:200] + "..."


def _inputs_key(inputs) -> str:
    """Inputs as text, to write one test per distinct inputs (a repr that fails, such as
    an int past the digit limit, makes the inputs distinct from every other)."""
    try:
        return repr(sorted(inputs.items()))
    except (ValueError, TypeError, RecursionError):
        return f"<unrepresentable {id(inputs)}>"


# Written into a test module whose expected value holds a NaN or a -0.0: equality that
# takes NaN as equal to itself and tells -0.0 from 0.0, through lists, tuples, dicts.
_SAME = '''
def _same(a, b):
    """Equal, counting NaN equal to NaN and -0.0 unequal to 0.0 (floats inside containers too)."""
    if type(a) is not type(b):
        return False
    if type(a) is float:
        if a != a or b != b:
            return a != a and b != b
        return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)
    if type(a) in (list, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if type(a) is dict:
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b
'''


def build_pytest_module(target: EmitTarget, tests: Sequence[TestCase], out_path: str,
                        escapes: Sequence[dict] = (), bounded: dict | None = None,
                        unstable: Mapping[int, Unstable] | None = None) -> tuple[str, dict]:
    """Source of the pytest module, and counts {"regression": n, "bug": m, "skipped": k,
    "unstable": u}.  `escapes` (the report's concretizations) and `bounded` go into its
    docstring; `unstable` (emit/stability.py) names the tests whose outcome another
    process did not repeat: they assert only what it did repeat."""
    source, counts = build_pytest_suite([(target, tests, {})], out_path, escapes, bounded,
                                        unstable=[unstable or {}])
    return source, counts[0]


Entry = tuple[EmitTarget, Sequence[TestCase], dict]   # target, tests, {test index: phrase} (emit/names.py)


def reads_stdin(escapes: Sequence[dict]) -> bool:
    """Did some run read standard input (a concretization of the report says so)?"""
    return read_stdin(c.get("reason", "") for c in escapes)


# Every run read an empty stdin (engine/standins.py); under pytest, reading the captured
# stdin raises OSError instead, so a test of a function that reads it gets the same
# empty stream its run had.
_EMPTY_STDIN = """
@pytest.fixture(autouse=True)
def empty_stdin(monkeypatch):
    \"\"\"smartest ran these inputs with an empty standard input: so do these tests.\"\"\"
    monkeypatch.setattr(sys, 'stdin', io.StringIO(''))
"""


def build_pytest_suite(entries: Sequence[Entry], out_path: str, escapes: Sequence[dict] = (),
                       bounded: dict | None = None, empty_stdin: bool | None = None,
                       unstable: Sequence[Mapping[int, Unstable]] = ()) -> tuple[str, list[dict]]:
    """One pytest module for several functions of the same module (a module run):
    its source, and the counts of each entry.  `empty_stdin`: some run read standard
    input, so every test runs with the empty stdin the runs had (None: as `escapes` say).
    `unstable`: per entry, as `build_pytest_module` takes it."""
    if empty_stdin is None:
        empty_stdin = reads_stdin(escapes)
    out_dir = os.path.dirname(os.path.abspath(out_path))
    writers, funcs, all_counts = [], [], []
    for n, (target, tests, phrases) in enumerate(entries):
        w = _Writer(target, out_dir, unstable[n] if n < len(unstable) else None)
        fs, counts = _test_functions(w, target, tests, phrases)
        writers.append(w)
        funcs += fs
        all_counts.append(counts)
    first = entries[0][0]
    rel = os.path.relpath(first.import_root, out_dir)
    here = ast.Call(ast.Name("Path", ast.Load()), [ast.Name("__file__", ast.Load())], [])
    root_expr: ast.expr = ast.Attribute(ast.Call(ast.Attribute(here, "resolve", ast.Load()), [], []),
                                        "parent", ast.Load())
    if rel != ".":
        root_expr = ast.BinOp(root_expr, ast.Div(), ast.Constant(rel.replace(os.sep, "/")))
    aliases, seen = [], set()
    for w in writers:
        for name, alias in [(w.callee_import, w.callee if w.callee != w.callee_import else None),
                            *((n, None) for n in sorted(w.extra_imports) if not n.startswith("__"))]:
            if (name, alias) not in seen:
                seen.add((name, alias))
                aliases.append(ast.alias(name, alias))
    other: dict[tuple[str, str], str] = {}
    for w in writers:
        for key, local in w.other_imports.items():
            other.setdefault(key, local)
    extra = set().union(*(w.extra_imports for w in writers))
    n_reg = sum(c["regression"] for c in all_counts)
    n_bug = sum(c["bug"] for c in all_counts)
    what = first.spec if len(entries) == 1 else f"{len(entries)} functions of {first.module_name}"
    doc = (f"Tests generated by smartest for {what}.\n\n"
           f"Regression tests ({n_reg}) pin the behaviour observed when they were generated;\n"
           f"bug tests ({n_bug}) call the function plainly and fail until the bug is fixed.\n")
    not_followed = escape_lines(escapes, bounded, indent="")
    if not_followed:
        doc += ("\nThese tests do not cover every path: smartest could not follow the inputs\n"
                "everywhere (see below), so paths past these places may be missing.\n\n" + "\n".join(not_followed) + "\n")
    body: list[ast.stmt] = [ast.Expr(ast.Constant(doc))]
    if "__math__" in extra:
        body.append(ast.Import([ast.alias("math")]))
    if "__subprocess__" in extra:
        body.append(ast.Import([ast.alias("subprocess")]))
    if "__same__" in extra and "__math__" not in extra:
        body.append(ast.Import([ast.alias("math")]))
    if empty_stdin:
        body.append(ast.Import([ast.alias("io")]))
    if first.installed and "__subprocess__" not in extra:
        body += [ast.Import([ast.alias(name)]) for name in (("sys", "pytest") if empty_stdin else ("pytest",))]
    else:
        body += [
            ast.Import([ast.alias("sys")]),
            ast.ImportFrom("pathlib", [ast.alias("Path")], 0),
            ast.Import([ast.alias("pytest")]),
            ast.Assign([ast.Name("ROOT", ast.Store())], root_expr),
            ast.Expr(ast.Call(ast.Attribute(ast.Attribute(ast.Name("sys", ast.Load()), "path", ast.Load()), "insert",
                                            ast.Load()),
                              [ast.Constant(0), ast.Call(ast.Name("str", ast.Load()), [ast.Name("ROOT", ast.Load())],
                                                         [])], [])),
        ]
    body += [
        ast.ImportFrom(first.module_name, aliases, 0),
        *(ast.ImportFrom(module, [ast.alias(name, local if local != name else None)], 0)
          for (module, name), local in sorted(other.items())),
        *(ast.parse(_SAME).body if "__same__" in extra else []),
        *(ast.parse(_EMPTY_STDIN).body if empty_stdin else []),
        *funcs,
    ]
    module = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    source = ast.unparse(module)
    source = _space_out(source)
    compile(source, out_path, "exec")  # never write a file that does not compile
    return source, all_counts


def _test_functions(w: "_Writer", target: EmitTarget, tests: Sequence[TestCase],
                    phrases: dict) -> tuple[list[ast.FunctionDef], dict]:
    """Regression tests, named after what distinguishes them, several inputs of one
    outcome shape (returns a value; raises one exception type) as one parametrized
    test; then one test per distinct bug."""
    funcs: list[ast.FunctionDef] = []
    base = f"test_{_ident(target.qualname)}"
    used: set[str] = set()
    seen_inputs: set = set()
    counts = {"regression": 0, "bug": 0, "skipped": 0,
              "unstable": sum(1 for tc in tests if not tc.bug and tc.index in w.unstable)}
    groups: dict[str, list[TestCase]] = {}
    for tc in tests:
        if tc.bug:
            continue
        key = _inputs_key(tc.inputs)
        if key in seen_inputs:
            continue
        seen_inputs.add(key)
        groups.setdefault("" if tc.index in w.unstable else _shape(tc), []).append(tc)
    for shape, group in groups.items():
        made = _parametrized(w, base, shape, group, phrases, used) if shape and len(group) > 1 else None
        if made is not None:
            funcs.append(made)
            counts["regression"] += len(group)
            continue
        for tc in group:
            kind = "returns" if tc.outcome == "returned" else f"raises_{_ident(tc.raised.type) if tc.raised else 'x'}"
            phrase = phrases.get(tc.index)
            f = w.test(tc, _unique(f"{base}_{phrase}_{kind}" if phrase else f"{base}_{kind}", used))
            if f is None:
                counts["skipped"] += 1
            else:
                funcs.append(f)
                counts["regression"] += 1
    for tc in distinct_bugs(tests):
        f = w.test(tc, _unique(f"{base}_bug_{_ident(tc.raised.type if tc.raised else tc.outcome)}", used))
        if f is None:
            counts["skipped"] += 1
        else:
            funcs.append(f)
            counts["bug"] += 1
    return funcs, counts


def _unique(name: str, used: set[str]) -> str:
    out, n = name, 2
    while out in used:
        out, n = f"{name}_{n}", n + 1
    used.add(out)
    return out


def _shape(tc: TestCase) -> str:
    """What a parametrized test can share: "" for a test that stays alone."""
    if tc.outcome == "returned":
        # a NaN or -0.0 anywhere needs the exact comparison (_same) of a test of its own
        return "" if needs_exact_compare(tc.returned) else "returns"
    if tc.outcome == "raised" and tc.raised is not None:
        return f"raises {tc.raised.type}"
    return ""


def _plain(value) -> bool:
    """A value whose literal runs no code of the target when evaluated."""
    if value is None or type(value) in (bool, int, float, str, bytes):
        return True
    if type(value) in (list, tuple, set, frozenset):
        return all(_plain(v) for v in value)
    if type(value) is dict:
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return False


def _parametrized(w: "_Writer", base: str, shape: str, group: list[TestCase], phrases: dict,
                  used: set[str]) -> ast.FunctionDef | None:
    """`@pytest.mark.parametrize` over the group's inputs (with the expected value or
    the message to match), each case's id its phrase; None if a value has no literal."""
    names = [n for n, _ in w.t.params]
    extra = "expected" if shape == "returns" else "match"
    while extra in names:
        extra += "_"
    if {"request", "pytest", w.callee} & set(names):   # a fixture's name, or a name the body needs
        return None
    if shape != "returns" and not all(_plain(v) for tc in group for v in tc.inputs.values()):
        return None   # building an input may be what raised: it must happen inside the test, not at collection
    rows = []
    for tc in group:
        cells = []
        for n in names:
            value = tc.inputs.get(n)
            lit = w.literal(value)
            if lit is None and value is not None:
                return None
            cells.append(lit)
        if shape == "returns":
            lit = w.literal(tc.returned, returned=True)
            if lit is None and tc.returned is not None:
                return None
            cells.append(lit if lit is not None else ast.Constant(None))
        else:
            message = tc.raised.message
            cells.append(ast.Constant(re.escape(message) if 0 < len(message) <= 200 else None))
        # always an explicit id: pytest's own ids format the values (str() of a 10,000-digit int raises)
        case_id = [ast.keyword("id", ast.Constant(phrases.get(tc.index) or f"case{len(rows) + 1}"))]
        rows.append(ast.Call(ast.Attribute(ast.Name("pytest", ast.Load()), "param", ast.Load()), cells, case_id))
    call = w.call_with({n: ast.Name(n, ast.Load()) for n in names})
    if shape == "returns":
        name = _unique(f"{base}_returns", used)
        body: list[ast.stmt] = [ast.Assert(ast.Compare(call, [ast.Eq()], [ast.Name(extra, ast.Load())]))]
    else:
        type_name = shape.split(" ", 1)[1]
        name = _unique(f"{base}_raises_{_ident(type_name)}", used)
        body = [ast.With([ast.withitem(ast.Call(
            ast.Attribute(ast.Name("pytest", ast.Load()), "raises", ast.Load()),
            [w.exception(type_name)], [ast.keyword("match", ast.Name(extra, ast.Load()))]))], [ast.Expr(call)])]
    columns = ast.Tuple([ast.Constant(n) for n in [*names, extra]], ast.Load())
    mark = ast.Attribute(ast.Attribute(ast.Name("pytest", ast.Load()), "mark", ast.Load()), "parametrize", ast.Load())
    decorator = ast.Call(mark, [columns, ast.List(rows, ast.Load())], [])
    args = ast.arguments([], [ast.arg(n) for n in [*names, extra]], None, [], [], None, [])
    return ast.FunctionDef(name=name, args=args, body=body, decorator_list=[decorator], returns=None)


def _space_out(source: str) -> str:
    """Blank lines between top-level definitions, as a person would write them, and
    a parametrize decorator's cases one per line."""
    lines: list[str] = []
    for line in source.splitlines():
        starts = line.startswith(("def ", "@"))
        if starts and not (lines and lines[-1].startswith("@")):
            while lines and not lines[-1]:
                lines.pop()
            lines += ["", ""]
        lines.append(_one_case_per_line(line) if line.startswith("@pytest.mark.parametrize(") else line)
        if line == "import pytest":
            lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _one_case_per_line(line: str) -> str:
    call = ast.parse(line[1:], mode="eval").body
    columns, cases = call.args
    rows = "".join(f"    {ast.unparse(c)},\n" for c in cases.elts)
    return f"@pytest.mark.parametrize({ast.unparse(columns)}, [\n{rows}])"


def write_pytest_module(target: EmitTarget, tests: Sequence[TestCase], out_path: str,
                        phrases: dict | None = None, escapes: Sequence[dict] = (), bounded: dict | None = None,
                        empty_stdin: bool | None = None, stability: Settings | None = None) -> dict:
    """`phrases`: {test index: what distinguishes it} (emit/names.py), for test names;
    `escapes` and `bounded` (the report's) go into the module's docstring; `empty_stdin`
    as `build_pytest_suite` takes it.  `stability`: check every regression test's
    outcome in other processes first, run so (emit/stability.py); None: no check."""
    unstable = unstable_outcomes([(target, tests)], stability) if stability is not None else ()
    return write_pytest_suite([(target, tests, phrases or {})], out_path, escapes, bounded, empty_stdin,
                              unstable)[0]


def write_pytest_suite(entries: Sequence[Entry], out_path: str, escapes: Sequence[dict] = (),
                       bounded: dict | None = None, empty_stdin: bool | None = None,
                       unstable: Sequence[Mapping[int, Unstable]] = ()) -> list[dict]:
    source, counts = build_pytest_suite(entries, out_path, escapes, bounded, empty_stdin, unstable)
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(source)
    return counts
