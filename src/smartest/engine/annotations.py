"""The type of each parameter of a target, when its annotations cannot all be evaluated.

`typing.get_type_hints` fails as a whole on one unresolvable name, and libraries
often annotate with names imported only under `if TYPE_CHECKING:` (humanize's
`NumberOrString`) or with strings naming what is not importable at run time.  Each
annotation is then evaluated alone: in the module's globals, then in a namespace
where the module's `TYPE_CHECKING` block has been replayed (its imports and simple
alias assignments only, never other statements), and else it falls back on
`--default-type`.  Every fallback is a note the report shows, because it changes
which inputs are tried.  An unannotated parameter with a default value takes the
default's type (`yeardigits=4` is an int, `expanded=False` a bool).
"""
from __future__ import annotations

import ast
import builtins
import importlib
import importlib.util
import inspect
import sys
import typing
from typing import Any, Callable

from smartest.engine.usage import guessed_type
from smartest.symbolic.inputs import kind_for


def parameter_types(function: Callable, params, default_type: str) -> tuple[dict[str, Any], list[str], list[str]]:
    """({parameter name: annotation to use}, notes, the parameters whose type is a guess:
    neither annotated nor given a default inputs can be made of), for `params`."""
    try:
        hints = typing.get_type_hints(function)
        failed = False
    except Exception:
        hints, failed = {}, True
    notes: list[str] = []
    types: dict[str, Any] = {}
    extra_names: dict[str, Any] | None = None
    guessed: list[str] = []
    for p in params:
        if p.name in hints:
            types[p.name] = hints[p.name]
            continue
        if p.annotation is p.empty:
            types[p.name] = _from_default(p, None)
            if types[p.name] is None:
                guessed.append(p.name)
                used, source = guessed_type(function, p.name)
                types[p.name] = _with_none(used or default_type, p)
                notes.append(f"{p.name}: not annotated; explored as {annotation_repr(types[p.name])} "
                             f"({source}); a TypeError or "
                             f"AttributeError is not counted as a bug, since the type is a guess")
            continue
        if not failed:   # get_type_hints gave no entry for an annotated parameter: keep it verbatim
            types[p.name] = p.annotation
            continue
        if extra_names is None:
            extra_names = type_checking_names(function)
        value, error = _evaluate(p.annotation, function, extra_names)
        if error is None:
            types[p.name] = value
            if isinstance(p.annotation, str) and _uses(p.annotation, extra_names):
                notes.append(f"{p.name}: annotation {p.annotation!r} evaluated with the module's "
                             f"TYPE_CHECKING imports ({annotation_repr(value)})")
        else:
            types[p.name] = default_type
            notes.append(f"{p.name}: annotation {p.annotation!r} cannot be evaluated ({error}); "
                         f"treated as {default_type} (--default-type)")
    return types, notes, guessed


def _with_none(guess: Any, p: inspect.Parameter) -> Any:
    """A guessed type, with None added for a parameter whose default is None: the
    default is a value the function surely takes, and `if end is None:` is a branch
    of nearly every such function (sqlparse's `token_next_by(..., end=None)` was
    `complete (types guessed)` with `end` always an int, the None side never run)."""
    if p.default is not None:
        return guess
    if isinstance(guess, str):
        guess = getattr(builtins, guess, None)
        if not isinstance(guess, type):
            return guess
    if guess is type(None) or type(None) in typing.get_args(guess):
        return guess
    return typing.Optional[guess]


def annotation_repr(value: Any) -> str:
    if isinstance(value, type):
        return value.__name__
    return str(value).replace("typing.", "")


def _from_default(p: inspect.Parameter, default_type: str | None) -> Any:
    """The type of a parameter's default value, if it is one inputs can be made of
    (else `default_type`)."""
    if p.default is p.empty or p.default is None:
        return default_type
    t = type(p.default)
    return t if kind_for(t) is not None else default_type


def _evaluate(annotation: Any, function: Callable, extra: dict[str, Any]) -> tuple[Any, str | None]:
    if not isinstance(annotation, str):
        return annotation, None
    namespace = {**vars(typing), **vars(builtins), **getattr(function, "__globals__", {}), **extra}
    try:
        return eval(annotation, namespace), None   # noqa: S307 - the target's own annotation
    except Exception as e:
        return None, f"{type(e).__name__}: {e}"


def _uses(annotation: str, names: dict[str, Any]) -> bool:
    try:
        tree = ast.parse(annotation, mode="eval")
    except SyntaxError:
        return False
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(tree))


def type_checking_names(function: Callable) -> dict[str, Any]:
    """The names an `if TYPE_CHECKING:` block of the function's module defines: its
    imports, and its assignments `Alias = expr` / `Alias: TypeAlias = expr` evaluated
    in order.  What fails to import or evaluate is left out."""
    module = sys.modules.get(getattr(function, "__module__", "") or "")
    if module is None:
        return {}
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError):
        return {}
    names: dict[str, Any] = {}
    namespace = {**vars(typing), **vars(builtins), **vars(module)}
    for node in tree.body:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for stmt in node.body:
                _replay(stmt, module, namespace, names)
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _replay(stmt: ast.stmt, module, namespace: dict, names: dict) -> None:
    found: dict[str, Any] = {}
    try:
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                top = importlib.import_module(a.name)
                found[a.asname or a.name.split(".")[0]] = top if a.asname is None else importlib.import_module(a.name)
        elif isinstance(stmt, ast.ImportFrom):
            base = stmt.module or ""
            if stmt.level:
                package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
                base = importlib.util.resolve_name("." * stmt.level + base, package)
            source = importlib.import_module(base)
            for a in stmt.names:
                if a.name != "*":
                    found[a.asname or a.name] = getattr(source, a.name)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            found[stmt.targets[0].id] = eval(compile(ast.Expression(stmt.value), "<alias>", "eval"), namespace)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            found[stmt.target.id] = eval(compile(ast.Expression(stmt.value), "<alias>", "eval"), namespace)
    except Exception:
        return
    names.update(found)
    namespace.update(found)
