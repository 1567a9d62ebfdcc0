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
from typing import Sequence

from smartest.emit.literals import Source, class_ref, importable, literal
from smartest.engine.testcase import TestCase
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

    @staticmethod
    def from_target(target) -> "EmitTarget":
        bound = "." in target.qualname and getattr(target.function, "__self__", None) is not None \
            and not isinstance(getattr(target.function, "__self__", None), type)
        return EmitTarget(target.spec, target.module_name, target.qualname, os.path.realpath(target.import_root),
                          tuple((p.name, p.positional_only) for p in target.params), bound)

    def as_dict(self) -> dict:
        return {"spec": self.spec, "module_name": self.module_name, "qualname": self.qualname,
                "import_root": self.import_root, "params": [list(p) for p in self.params],
                "bound_method": self.bound_method}

    @staticmethod
    def from_dict(d: dict) -> "EmitTarget":
        return EmitTarget(d["spec"], d["module_name"], d["qualname"], d["import_root"],
                          tuple((p[0], bool(p[1])) for p in d["params"]), d.get("bound_method", False))


def _ident(text: str) -> str:
    return re.sub(r"\W+", "_", text).strip("_") or "x"


class _Writer:
    def __init__(self, target: EmitTarget, out_dir: str) -> None:
        self.t = target
        self.out_dir = out_dir
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

    def literal(self, value, returned: bool = False) -> ast.expr | None:
        if type(value) is Source:
            for module, name in value.imports:
                self._import(module, name)
        return literal(value, self.ref, returned=returned)

    def call(self, inputs: dict) -> ast.expr | None:
        args, kwargs = [], []
        for name, positional_only in self.t.params:
            lit = self.literal(inputs.get(name))
            if lit is None and inputs.get(name) is not None:
                return None
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
        if tc.outcome == "crashed":
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
        elif tc.outcome == "returned":
            lit = self.literal(tc.returned, returned=True)
            if tc.returned is None:
                body = [ast.Assert(ast.Compare(call, [ast.Is()], [ast.Constant(None)]))]
            elif isinstance(tc.returned, float) and math.isnan(tc.returned):
                self.extra_imports.add("__math__")
                body = [ast.Assert(ast.Call(ast.Attribute(ast.Name("math", ast.Load()), "isnan", ast.Load()), [call], []))]
            elif lit is not None:
                body = [ast.Assert(ast.Compare(call, [ast.Eq()], [lit]))]
            else:
                doc = f"Returned {tc.returned!r} when generated (no literal form to compare with)."
                body = [ast.Expr(call)]
        else:
            return None
        if doc:
            body.insert(0, ast.Expr(ast.Constant(doc)))
        return ast.FunctionDef(name=name, args=ast.arguments([], [], None, [], [], None, []),
                               body=body, decorator_list=[], returns=None)


def build_pytest_module(target: EmitTarget, tests: Sequence[TestCase], out_path: str,
                        escapes: Sequence[dict] = (), bounded: dict | None = None) -> tuple[str, dict]:
    """Source of the pytest module, and counts {"regression": n, "bug": m, "skipped": k}.
    `escapes` (the report's concretizations) and `bounded` go into its docstring."""
    out_dir = os.path.dirname(os.path.abspath(out_path))
    w = _Writer(target, out_dir)
    funcs: list[ast.FunctionDef] = []
    base = _ident(target.qualname)
    seen_inputs: set = set()
    counts = {"regression": 0, "bug": 0, "skipped": 0}
    for tc in tests:
        if tc.bug:
            continue
        key = repr(sorted(tc.inputs.items()))
        if key in seen_inputs:
            continue
        seen_inputs.add(key)
        kind = "returns" if tc.outcome == "returned" else f"raises_{_ident(tc.raised.type) if tc.raised else 'x'}"
        f = w.test(tc, f"test_{base}_{kind}_{tc.index}")
        if f is None:
            counts["skipped"] += 1
        else:
            funcs.append(f)
            counts["regression"] += 1
    for tc in distinct_bugs(tests):
        f = w.test(tc, f"test_{base}_bug_{_ident(tc.raised.type if tc.raised else tc.outcome)}_{tc.index}")
        if f is None:
            counts["skipped"] += 1
        else:
            funcs.append(f)
            counts["bug"] += 1
    rel = os.path.relpath(target.import_root, out_dir)
    here = ast.Call(ast.Name("Path", ast.Load()), [ast.Name("__file__", ast.Load())], [])
    root_expr: ast.expr = ast.Attribute(ast.Call(ast.Attribute(here, "resolve", ast.Load()), [], []),
                                        "parent", ast.Load())
    if rel != ".":
        root_expr = ast.BinOp(root_expr, ast.Div(), ast.Constant(rel.replace(os.sep, "/")))
    aliases = [ast.alias(w.callee_import, w.callee if w.callee != w.callee_import else None)]
    aliases += [ast.alias(n) for n in sorted(w.extra_imports) if not n.startswith("__")]
    doc = (f"Tests generated by smartest for {target.spec}.\n\n"
           f"Regression tests ({counts['regression']}) pin the behaviour observed when they were generated;\n"
           f"bug tests ({counts['bug']}) call the function plainly and fail until the bug is fixed.\n")
    not_followed = escape_lines(escapes, bounded, indent="")
    if not_followed:
        doc += ("\nThese tests do not cover every path: smartest could not follow the inputs\n"
                "everywhere (see below), so paths past these places may be missing.\n\n" + "\n".join(not_followed) + "\n")
    body: list[ast.stmt] = [ast.Expr(ast.Constant(doc))]
    if "__math__" in w.extra_imports:
        body.append(ast.Import([ast.alias("math")]))
    if "__subprocess__" in w.extra_imports:
        body.append(ast.Import([ast.alias("subprocess")]))
    body += [
        ast.Import([ast.alias("sys")]),
        ast.ImportFrom("pathlib", [ast.alias("Path")], 0),
        ast.Import([ast.alias("pytest")]),
        ast.Assign([ast.Name("ROOT", ast.Store())], root_expr),
        ast.Expr(ast.Call(ast.Attribute(ast.Attribute(ast.Name("sys", ast.Load()), "path", ast.Load()), "insert", ast.Load()),
                          [ast.Constant(0), ast.Call(ast.Name("str", ast.Load()), [ast.Name("ROOT", ast.Load())], [])], [])),
        ast.ImportFrom(target.module_name, aliases, 0),
        *(ast.ImportFrom(module, [ast.alias(name, local if local != name else None)], 0)
          for (module, name), local in sorted(w.other_imports.items())),
        *funcs,
    ]
    module = ast.fix_missing_locations(ast.Module(body=body, type_ignores=[]))
    source = ast.unparse(module)
    source = _space_out(source)
    compile(source, out_path, "exec")  # never write a file that does not compile
    return source, counts


def _space_out(source: str) -> str:
    """Blank lines between top-level definitions, as a person would write them."""
    out = re.sub(r"\n+(def |@)", r"\n\n\n\1", source)
    out = re.sub(r"\nimport pytest\n", "\nimport pytest\n\n", out, count=1)
    return out.rstrip() + "\n"


def write_pytest_module(target: EmitTarget, tests: Sequence[TestCase], out_path: str,
                        escapes: Sequence[dict] = (), bounded: dict | None = None) -> dict:
    source, counts = build_pytest_module(target, tests, out_path, escapes, bounded)
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(source)
    return counts
