"""Which statements are verification annotations, and what functions there are.

Annotations are recognized syntactically, from the module's imports of
`smartest` (`AnnotationNames`): `assumed(P, "a")` and `check(P, verified="A",
message=...)` as statements of a function body.  Their arguments must be written
out (the name and the supposition as string literals); anywhere else, an
annotation is an error, since the abstraction could not place it.
"""
from __future__ import annotations

import ast
import keyword
from dataclasses import dataclass, field

from smartest.errors import AnnotationError
from smartest.guided.boolfun import SuppositionError, formula_names, parse_formula

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
_ANNOTATION_MODULES = ("smartest", "smartest.guided.annotations", "smartest.guided")


@dataclass
class AnnotationNames:
    """The names through which a module reaches `assumed` and `check`."""

    modules: set[str] = field(default_factory=set)            # `import smartest [as sm]`
    functions: dict[str, str] = field(default_factory=dict)   # local name -> "assumed" | "check"

    @staticmethod
    def of(tree: ast.Module) -> "AnnotationNames":
        names = AnnotationNames()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in _ANNOTATION_MODULES:
                        names.modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.ImportFrom) and node.module in _ANNOTATION_MODULES and not node.level:
                for alias in node.names:
                    if alias.name in ("assumed", "check"):
                        names.functions[alias.asname or alias.name] = alias.name
        return names

    def kind(self, call: ast.AST) -> str | None:
        if not isinstance(call, ast.Call):
            return None
        f = call.func
        if isinstance(f, ast.Name):
            return self.functions.get(f.id)
        if isinstance(f, ast.Attribute) and f.attr in ("assumed", "check"):
            dotted = _dotted(f.value)
            if dotted in self.modules:
                return f.attr
        return None

    def __bool__(self) -> bool:
        return bool(self.modules or self.functions)


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else None
    return None


@dataclass(frozen=True)
class Assumed:
    name: str
    condition: ast.expr


@dataclass(frozen=True)
class Check:
    condition: ast.expr
    supposition: str
    message: ast.expr | None


def _arg(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position:
        return call.args[position]
    for k in call.keywords:
        if k.arg == keyword:
            return k.value
    return None


def read_annotation(stmt: ast.stmt, names: AnnotationNames, where: str) -> Assumed | Check | None:
    """The annotation a statement is, if it is one; bad arguments are errors."""
    if not isinstance(stmt, ast.Expr):
        return None
    kind = names.kind(stmt.value)
    if kind is None:
        return None
    call: ast.Call = stmt.value
    at = f"{where}:{stmt.lineno}"
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        raise AnnotationError(f"{at}: {kind}(...) arguments must be written out (no * or **)")
    condition = _arg(call, 0, "condition")
    if condition is None:
        raise AnnotationError(f"{at}: {kind}(...) needs a condition")
    if kind == "assumed":
        name = _arg(call, 1, "name")
        if not (isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.isidentifier()
                and not keyword.iskeyword(name.value) and name.value not in ("true", "false")):
            raise AnnotationError(f"{at}: assumed(condition, name) needs the assumption's name as a "
                                  f"string literal that is an identifier, e.g. \"a\"")
        return Assumed(name.value, condition)
    verified = _arg(call, 1, "verified")
    if verified is None:
        text = "False"
    elif isinstance(verified, ast.Constant) and isinstance(verified.value, str):
        text = verified.value
    else:
        raise AnnotationError(f"{at}: check(..., verified=...) needs the supposition as a string literal")
    try:
        parse_formula(text)
    except SuppositionError as e:
        raise AnnotationError(f"{at}: {e}") from None
    return Check(condition, text, _arg(call, 2, "message"))


def misplaced_annotations(tree: ast.Module, names: AnnotationNames, where: str) -> None:
    """Raise if an annotation is used other than as a statement of a function body."""
    placed: set[int] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, FUNCTIONS)
            if isinstance(child, ast.Expr) and names.kind(child.value) and in_function:
                placed.add(id(child.value))
            if isinstance(child, ast.ClassDef):
                inner = False
            visit(child, inner)

    visit(tree, False)
    for node in ast.walk(tree):
        if names.kind(node) and id(node) not in placed and _inside_function(tree, node):
            raise AnnotationError(f"{where}:{node.lineno}: {names.kind(node)}(...) must be a statement "
                                  f"of its own in a function body")


def _inside_function(tree: ast.Module, target: ast.AST) -> bool:
    for fn in ast.walk(tree):
        if isinstance(fn, (*FUNCTIONS, ast.Lambda)) and any(n is target for n in ast.walk(fn)):
            return True
    return False


def own_statements(fn: ast.FunctionDef | ast.AsyncFunctionDef):
    """Every statement of a function's body, at any depth, but not those of the
    functions and classes nested in it."""
    def visit(stmts: list[ast.stmt]):
        for s in stmts:
            yield s
            if isinstance(s, FUNCTIONS + (ast.ClassDef,)):
                continue
            for field_name in ("body", "orelse", "finalbody"):
                yield from visit(getattr(s, field_name, []) or [])
            for child in getattr(s, "handlers", []) or []:
                yield from visit(child.body)
            for child in getattr(s, "cases", []) or []:
                yield from visit(child.body)
    yield from visit(fn.body)


def identifiers(fn: ast.FunctionDef | ast.AsyncFunctionDef, names: AnnotationNames, where: str) -> list[str]:
    """The assumption identifiers of one function, in order of first appearance."""
    found: dict[str, None] = {}
    for s in own_statements(fn):
        ann = read_annotation(s, names, where)
        if isinstance(ann, Assumed):
            found.setdefault(ann.name)
        elif isinstance(ann, Check):
            for n in sorted(formula_names(parse_formula(ann.supposition))):
                found.setdefault(n)
    return list(found)


def function_defs(tree: ast.Module):
    """(qualname, enclosing class name or None, def) of every function in the module."""
    def visit(body, prefix: str, cls: str | None):
        for node in body:
            if isinstance(node, FUNCTIONS):
                q = prefix + node.name
                yield q, cls, node
                yield from visit(node.body, q + ".<locals>.", None)
            elif isinstance(node, ast.ClassDef):
                yield from visit(node.body, prefix + node.name + ".", node.name)
            else:
                for field_name in ("body", "orelse", "finalbody"):
                    yield from visit(getattr(node, field_name, []) or [], prefix, cls)
                for h in getattr(node, "handlers", []) or []:
                    yield from visit(h.body, prefix, cls)
    yield from visit(tree.body, "", None)
