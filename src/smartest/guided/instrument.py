"""The instrumentation pass: a pure function from a module's AST to a new AST.

For every function that carries annotations it applies the encoding of §2.1
and, depending on the configuration, the instrumentation of §3:

    def deposit(self, amount):                 def deposit(self, amount):
                                                   _smartest_assumed_a = True
        ...                                        ...
        if amount <= 0 or amount > 50000:          if amount <= 0 or amount > 50000:
                                                       __smartest_guided__.assume('not a', {'a': _smartest_assumed_a})
            self.review_deposit(amount)                self.review_deposit(amount)
        else:                                      else:
            assumed(ok(b, amount), "a")                _smartest_assumed_a = __smartest_guided__.conj(_smartest_assumed_a, ok(b, amount))
                                                       __smartest_guided__.assume('not a', {'a': _smartest_assumed_a})
            ...                                        ...
        check(self.balance >= old, verified="a")   __smartest_guided__.check(self.balance >= old, 'a', {'a': _smartest_assumed_a}, None)

`assumed(P, "a")` becomes `a = a && P` on a local initialized to true at the
function's entry (the paper's modular encoding), `check(P, verified=A)` becomes
the runtime's `assume(A => P); assert P`, a plain `assert` gets a note that the
run reached an unverified assertion, and `assume` (MAY) / `tryfirst` (MUST)
statements go where `inference.placements` says.  `__smartest_guided__` is the
runtime object (`runtime.py`) the installer puts in the module's globals.

Being a pure `ast.Module -> ast.Module` function (the input is not modified), it
composes with other source rewrites.  Every new node takes the source location
of the statement it precedes or replaces, so line numbers, tracebacks and the
runtime's lookup of call spans stay those of the original source.
"""
from __future__ import annotations

import ast
import copy
from dataclasses import dataclass, field

from smartest.guided.abstraction import ModuleSymbols, build_graph
from smartest.guided.recognize import (FUNCTIONS, AnnotationNames, Assumed, Check, function_defs, identifiers,
                                       misplaced_annotations, own_statements, read_annotation)
from smartest.guided.boolfun import formula_names, parse_formula
from smartest.guided.inference import Placement, analyze_module, placements

RUNTIME = "__smartest_guided__"
_LOCAL_PREFIX = "_smartest_assumed_"


def local_name(identifier: str) -> str:
    """The local variable that holds an assumption identifier's value."""
    return _LOCAL_PREFIX + identifier


@dataclass
class FunctionPlan:
    qualname: str
    function: ast.FunctionDef | ast.AsyncFunctionDef
    identifiers: tuple[str, ...]
    guided: bool                         # False: too many identifiers, only the encoding
    placements: list[Placement] = field(default_factory=list)


@dataclass
class ModulePlan:
    """What the pass does to one module: per annotated function, its placements."""

    functions: list[FunctionPlan] = field(default_factory=list)
    annotations: dict[int, Assumed | Check] = field(default_factory=dict)    # id(stmt) -> annotation
    asserts: set[int] = field(default_factory=set)                          # plain asserts to note
    before: dict[int, list[Placement]] = field(default_factory=dict)        # id(stmt) -> placements

    def __bool__(self) -> bool:
        return bool(self.functions)


def plan_module(tree: ast.Module, configuration: str, *, strict: bool = False, where: str = "<module>") -> ModulePlan:
    """Analyze a module (not modified): which functions to rewrite and how."""
    plan = ModulePlan()
    names = AnnotationNames.of(tree)
    if not names:
        return plan
    misplaced_annotations(tree, names, where)
    symbols = ModuleSymbols.of(tree)
    defs = list(function_defs(tree))
    graphs = [build_graph(fn, q, cls, symbols, names, strict, where) for q, cls, fn in defs]
    for (q, _, fn), g, c in zip(defs, graphs, analyze_module(graphs)):
        annotations = {id(s): a for s in own_statements(fn) if (a := read_annotation(s, names, where))}
        if not annotations:
            continue
        fp = FunctionPlan(q, fn, tuple(identifiers(fn, names, where)), c is not None)
        if c is not None and configuration != "off":
            fp.placements = placements(c, configuration)
        plan.functions.append(fp)
        plan.annotations.update(annotations)
        plan.asserts.update(id(s) for s in own_statements(fn) if isinstance(s, ast.Assert))
        for p in fp.placements:
            plan.before.setdefault(id(p.stmt), []).append(p)
    return plan


def instrument(tree: ast.Module, configuration: str = "off", *, strict: bool = False,
               where: str = "<module>") -> ast.Module:
    """The instrumented copy of a module (the configuration: off, may, must, may-must)."""
    return instrument_with_plan(tree, configuration, strict=strict, where=where)[0]


def instrument_with_plan(tree: ast.Module, configuration: str = "off", *, strict: bool = False,
                         where: str = "<module>") -> tuple[ast.Module, ModulePlan]:
    tree = copy.deepcopy(tree)
    plan = plan_module(tree, configuration, strict=strict, where=where)
    if plan:
        _Rewriter(plan).block(tree.body)
        ast.fix_missing_locations(tree)
    return tree, plan


def _runtime_call(method: str, args: list[ast.expr], at: ast.AST) -> ast.Call:
    call = ast.Call(ast.Attribute(ast.Name(RUNTIME, ast.Load()), method, ast.Load()), args, [])
    return ast.copy_location(call, at)


def _env(names) -> ast.Dict:
    names = sorted(names)
    return ast.Dict([ast.Constant(n) for n in names], [ast.Name(local_name(n), ast.Load()) for n in names])


class _Rewriter:
    def __init__(self, plan: ModulePlan) -> None:
        self.plan = plan
        self.functions = {id(f.function): f for f in plan.functions}

    def block(self, stmts: list[ast.stmt], init: list[ast.stmt] | None = None) -> None:
        """Rewrite a statement list in place; `init` opens a function body (after
        its docstring, which must stay first)."""
        out: list[ast.stmt] = []
        pending = list(init or [])
        for i, s in enumerate(stmts):
            before = [self.placement(p, s) for p in self.plan.before.get(id(s), [])]
            if id(s) in self.plan.asserts:
                before.append(ast.copy_location(ast.Expr(_runtime_call("unverified", [], s)), s))
            docstring = i == 0 and init is not None and _is_docstring(s)
            if docstring:
                out.append(s)
                out.extend(pending + before)
            else:
                out.extend(pending + before)
                out.append(self.rewrite(s))
            pending = []
        out.extend(pending)
        stmts[:] = out

    def rewrite(self, s: ast.stmt) -> ast.stmt:
        ann = self.plan.annotations.get(id(s))
        if isinstance(ann, Assumed):
            target = ast.Name(local_name(ann.name), ast.Store())
            value = _runtime_call("conj", [ast.Name(local_name(ann.name), ast.Load()), ann.condition], s.value)
            return ast.copy_location(ast.Assign([target], value), s)
        if isinstance(ann, Check):
            used = formula_names(parse_formula(ann.supposition))
            message = ann.message if ann.message is not None else ast.Constant(None)
            args = [ann.condition, ast.Constant(ann.supposition), _env(used), message]
            return ast.copy_location(ast.Expr(_runtime_call("check", args, s.value)), s)
        if isinstance(s, FUNCTIONS):
            fp = self.functions.get(id(s))
            init = [ast.copy_location(ast.Assign([ast.Name(local_name(n), ast.Store())], ast.Constant(True)), s.body[0])
                    for n in fp.identifiers] if fp else None
            self.block(s.body, init)
            return s
        for field_name in ("body", "orelse", "finalbody"):
            body = getattr(s, field_name, None)
            if body:
                self.block(body)
        for child in (getattr(s, "handlers", None) or []) + (getattr(s, "cases", None) or []):
            self.block(child.body)
        return s

    def placement(self, p: Placement, at: ast.stmt) -> ast.stmt:
        call = _runtime_call(p.kind, [ast.Constant(p.formula), _env(p.names)], at)
        return ast.copy_location(ast.Expr(call), at)


def _is_docstring(s: ast.stmt) -> bool:
    return isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)
