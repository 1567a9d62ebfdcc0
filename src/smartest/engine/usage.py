"""The type an unannotated parameter's uses point to, read from its function's source.

A library with no annotations (jsonpointer, parse) gave every parameter the default type
int, and each function then failed on its first line (`s.replace` on an int) with a
"bug" that only the guess made.  A parameter the body uses as a string (a str method
called on it, a string constant compared with, added to or searched in it, the subject
of a `re` function, a loop over it whose items go to `ord`) is explored as `str`; one
it uses only with integer constants, as `int`; anything else keeps --default-type.  A parameter the body tests with
`isinstance(x, T)` is explored as the union of the types tested (boltons' `is_ascii`
takes `str` or `bytes` and raises ValueError for anything else: as an int it ended
"complete" having run only that raise).  It is a guess either way, and the report
says which parameters were guessed (engine/target.py) so their TypeErrors are not bugs.

A docstring's examples (`>>> a10n('abcdef')`, `>>> args2cmd(['aa', 'bb'])`) are real
calls: the literal an example passes gives the type first (a list of one element
type gives `list[T]`).  A docstring that names the type (`:type text: str`, `:param str text:`, Google's
`text (str): ...`, numpydoc's `text : str`) is read first: titlecase's `titlecase(text)`
documents `str` and hands `text` to the third-party `regex` module, which the uses
alone did not show, so it was explored as an int and ended "complete" with 2 of 40
branches.
"""
from __future__ import annotations

import ast
import inspect
import re
import textwrap
import typing
from typing import Callable

_STR_ONLY = frozenset(n for n in dir(str) if not n.startswith("_")) - frozenset(
    dir(bytes)) - frozenset(dir(list)) - frozenset(dir(dict)) - frozenset(dir(int))
_STR_ALSO = frozenset({"replace", "split", "rsplit", "strip", "lstrip", "rstrip", "startswith", "endswith",
                       "lower", "upper", "find", "rfind", "partition", "rpartition", "splitlines", "isdigit",
                       "isalpha", "isalnum", "isspace", "title", "capitalize", "zfill", "translate",
                       "removeprefix", "removesuffix", "expandtabs", "center", "ljust", "rjust", "swapcase"})
_RE_FUNCTIONS = frozenset({"match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer"})
_RE_MODULES = frozenset({"re", "regex"})    # the standard library's and its third-party superset
# A documented type's words, and the type each stands for.
_DOC_WORDS = {"str": str, "string": str, "unicode": str, "text": str, "int": int, "integer": int,
              "float": float, "bool": bool, "boolean": bool}


def _constant_kind(node: ast.AST) -> type | None:
    if isinstance(node, ast.Constant) and type(node.value) in (str, int):
        return type(node.value)
    if isinstance(node, ast.JoinedStr):
        return str
    return None


_CHECKABLE = {"str": str, "int": int, "float": float, "bool": bool, "bytes": bytes}


class _Uses(ast.NodeVisitor):
    """Evidence, per parameter name, for str and for int, and the types `isinstance`
    tests it against."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        self.seen: dict[str, set[type]] = {n: set() for n in names}
        self.checked: dict[str, list[type]] = {n: [] for n in names}
        self.items: dict[str, str] = {}   # loop variable -> the parameter it iterates over

    def _isinstance(self, node: ast.Call) -> None:
        name = self._is_param(node.args[0]) if len(node.args) == 2 else None
        if name is None:
            return
        spec = node.args[1]
        for t in (spec.elts if isinstance(spec, ast.Tuple) else [spec]):
            kind = _CHECKABLE.get(t.id) if isinstance(t, ast.Name) else None
            if kind is not None and kind not in self.checked[name]:
                self.checked[name].append(kind)

    def _is_param(self, node: ast.AST) -> str | None:
        return node.id if isinstance(node, ast.Name) and node.id in self.names else None

    def _loop(self, target: ast.AST, over: ast.AST) -> None:
        name = self._is_param(over)
        if name and isinstance(target, ast.Name):
            self.items[target.id] = name

    def visit_For(self, node: ast.For) -> None:
        self._loop(node.target, node.iter)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        self._loop(node.target, node.iter)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        if isinstance(f, ast.Name) and f.id == "isinstance":
            self._isinstance(node)
        if isinstance(f, ast.Name) and f.id == "ord" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) \
                and node.args[0].id in self.items:
            # `for ch in txt: ord(ch)` (text-unidecode): the items are characters.
            self.seen[self.items[node.args[0].id]].add(str)
        if isinstance(f, ast.Attribute):
            name = self._is_param(f.value)
            if name and (f.attr in _STR_ONLY or f.attr in _STR_ALSO):
                self.seen[name].add(str)
            if isinstance(f.value, ast.Name) and f.value.id in _RE_MODULES and f.attr in _RE_FUNCTIONS:
                subject = node.args[2] if f.attr in ("sub", "subn") and len(node.args) > 2 else \
                    node.args[1] if len(node.args) > 1 else None
                name = self._is_param(subject) if subject is not None else None
                if name:
                    self.seen[name].add(str)
        self.generic_visit(node)

    def _pair(self, left: ast.AST, right: ast.AST) -> None:
        for a, b in ((left, right), (right, left)):
            name, kind = self._is_param(a), _constant_kind(b)
            if name and kind:
                self.seen[name].add(kind)

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if not isinstance(node.op, ast.Mod):    # "%s" % x says nothing of x
            self._pair(node.left, node.right)
        self.generic_visit(node)

    def visit_Compare(self, node: ast.Compare) -> None:
        operands = [node.left, *node.comparators]
        for op, a, b in zip(node.ops, operands, operands[1:]):
            if isinstance(op, (ast.In, ast.NotIn)):
                name, kind = self._is_param(b), _constant_kind(a)
                if name and kind is str:      # "~" in s
                    self.seen[name].add(str)
            else:
                self._pair(a, b)
        self.generic_visit(node)


def inferred_type(function: Callable, name: str):
    """The union of the types `isinstance` tests parameter `name` against, if any; else
    str or int if its uses in `function`'s body point to one and only one of them;
    None when they do not (or the source cannot be read)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError, ValueError):
        return None
    uses = _Uses({name})
    uses.visit(tree)
    if uses.checked[name]:
        return typing.Union[tuple(uses.checked[name])]
    kinds = uses.seen[name]
    return next(iter(kinds)) if len(kinds) == 1 else None


def documented_type(function: Callable, name: str) -> type | None:
    """str, int, float or bool if `function`'s docstring gives parameter `name` that
    type in one of the usual forms (Sphinx, Google, numpydoc); None otherwise, and for
    a union or anything else (`str or None`, `list of str`)."""
    doc = inspect.getdoc(function)
    if not doc:
        return None
    n = re.escape(name)
    forms = (rf"^\s*:type\s+{n}\s*:\s*(.+?)\s*$",          # :type text: str
             rf"^\s*:param\s+(\w+)\s+{n}\s*:",               # :param str text:
             rf"^\s*{n}\s*\(([^)]*)\)\s*:",                 # text (str): ... / text (str, optional):
             rf"^\s*{n}\s*:\s*([\w. ,]+?)\s*$")              # numpydoc: text : str
    for form in forms:
        m = re.search(form, doc, re.MULTILINE)
        if m is None:
            continue
        words = [w for w in re.split(r"[\s,]+", m.group(1).strip().lower()) if w and w != "optional"]
        if len(words) == 1 and words[0].removeprefix("builtins.") in _DOC_WORDS:
            return _DOC_WORDS[words[0].removeprefix("builtins.")]
        return None
    return None


_LITERALS = (str, int, float, bool, bytes)


def _literal_type(node: ast.AST):
    """The type of a literal argument: a scalar's, or list[T] / set[T] for a non-empty
    display of one scalar type; None for anything else."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if type(value) in _LITERALS:
        return type(value)
    if type(value) in (list, set) and value and len({type(v) for v in value}) == 1 \
            and type(next(iter(value))) in _LITERALS:
        return list[type(next(iter(value)))] if type(value) is list else set[type(next(iter(value)))]
    return None


def example_type(function: Callable, name: str):
    """The type the docstring's examples (`>>> f(...)` lines calling `function` by
    name) pass for parameter `name`, if every example that passes it passes a literal
    of the same type; None otherwise."""
    doc = inspect.getdoc(function)
    fname = getattr(function, "__name__", None)
    if not doc or ">>>" not in doc or not fname:
        return None
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    found = set()
    for line in doc.splitlines():
        line = line.strip()
        if not line.startswith(">>> "):
            continue
        try:
            tree = ast.parse(line[4:])
        except SyntaxError:
            continue
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, (ast.Name, ast.Attribute))
                    and (call.func.id if isinstance(call.func, ast.Name) else call.func.attr) == fname):
                continue
            if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
                continue
            try:
                bound = signature.bind_partial(*call.args, **{k.arg: k.value for k in call.keywords})
            except TypeError:
                continue
            if name in bound.arguments:
                found.add(_literal_type(bound.arguments[name]))
    return next(iter(found)) if len(found) == 1 else None


def guessed_type(function: Callable, name: str):
    """(the type to explore unannotated parameter `name` with, where it came from), or
    (None, "--default-type").  Most telling first: the types `isinstance` tests when
    there are several (every type the function takes), the docstring's examples, the
    type the docstring names, then the uses."""
    used = inferred_type(function, name)
    if typing.get_origin(used) is typing.Union:
        return used, "from the isinstance tests in the body"
    for guess, source in ((example_type, "from its docstring's examples"), (documented_type, "from its docstring")):
        found = guess(function, name)
        if found is not None:
            return found, source
    return (used, "from its uses in the body") if used is not None else (None, "--default-type")
