"""The source rewrite of the target's own functions: `in`, `is True`, f-strings, `"..." % args`,
a few method calls on plain strings, and dict and set displays (DESIGN.md decision
2, reduced to what module globals cannot reach).

Shadowing builtins in module globals (`registry.install`) redirects calls, but some
syntax is evaluated by C code that never sees a proxy: `ch in "aeiou"` is a C
substring search, an f-string is assembled by C, `"%d" % n` and `",".join(parts)`
are C methods of a plain str, and `{key: value}` / `{a, b}` hash their elements.  For these the function's source is parsed, the few
nodes are replaced by calls of the helpers in `models/syntax.py`, and the function's
code object is swapped for the recompiled one (`fn.__code__ = new`), so modules
imported before smartest (a test suite's, the API's) are covered too, nothing else
changes (module identity, globals, closures), and line numbers stay where they were
for tracebacks and coverage.  A function is swapped only if its code compiles back
from the file's current source to exactly the code it has (an edited file, a
generated function or a decorator that replaced the code are left alone).
"""
from __future__ import annotations

import ast
import copy
import inspect
from types import CodeType, FunctionType, ModuleType

from smartest.models import escapes, syntax
from smartest.models.registry import INSTALL_HOOKS, NO_JOURNAL, Journal

_DONE = escapes.OWN_MARK
# Method calls rewritten on any receiver (they are str-only in practice), and on a str
# or bytes literal receiver any method.
ANY_RECEIVER = ("join", "format", "get", "fromhex")
# Calls left as they are: these read the calling frame (a helper in between would be
# the frame they see).
FRAME_READERS = frozenset({"super", "locals", "vars", "dir", "eval", "exec", "globals", "breakpoint",
                           "_getframe", "currentframe", "stack", "getframeinfo"})


class _Rewriter(ast.NodeTransformer):
    def __init__(self) -> None:
        self.changed = 0

    def _call(self, helper: str, node: ast.AST, args: list, keywords=()) -> ast.Call:
        self.changed += 1
        return ast.copy_location(ast.Call(ast.Name(helper, ast.Load()), args, list(keywords)), node)

    def _stars(self, f: ast.expr, args: list) -> list:
        """`*x` among a wrapped call's arguments -> `*__smartest_star__(f, x)`, which
        raises the original call's TypeError for a non-iterable (models/syntax.star);
        only where `f` is a name or an attribute chain, safe to evaluate twice."""
        if not _names_only(f):
            return args
        return [ast.copy_location(ast.Starred(ast.Call(ast.Name("__smartest_star__", ast.Load()), [f, a.value], []),
                                              ast.Load()), a)
                if isinstance(a, ast.Starred) else a for a in args]

    def visit_Compare(self, node: ast.Compare):
        self.generic_visit(node)
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot)) \
                and any(isinstance(e, ast.Constant) and type(e.value) is bool
                        for e in (node.left, node.comparators[0])):
            test = self._call("__smartest_is__", node, [node.left, node.comparators[0]])
            return ast.copy_location(ast.UnaryOp(ast.Not(), test), node) if isinstance(node.ops[0], ast.IsNot) \
                else test
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.In, ast.NotIn)):
            return node
        test = self._call("__smartest_in__", node, [node.left, node.comparators[0]])
        if isinstance(node.ops[0], ast.NotIn):
            return ast.copy_location(ast.UnaryOp(ast.Not(), test), node)
        return test

    def visit_JoinedStr(self, node: ast.JoinedStr):
        self.generic_visit(node)
        if not any(isinstance(v, ast.FormattedValue) for v in node.values):
            return node
        parts: list[ast.expr] = []
        for v in node.values:
            if isinstance(v, ast.FormattedValue):
                conversion = ast.Constant(chr(v.conversion) if v.conversion >= 0 else None)
                spec = v.format_spec if v.format_spec is not None else ast.Constant(None)
                if isinstance(spec, ast.JoinedStr):  # a spec without fields
                    spec = ast.Constant("".join(p.value for p in spec.values))
                parts.append(ast.Tuple([v.value, conversion, spec], ast.Load()))
            else:
                parts.append(v)
        return self._call("__smartest_fstring__", node, parts)

    def visit_BinOp(self, node: ast.BinOp):
        self.generic_visit(node)
        # Any left operand that may be a str: a template held in a variable is formatted
        # by C just the same (`template % n`).
        if isinstance(node.op, ast.Mod) and not (isinstance(node.left, ast.Constant) and
                                                 not isinstance(node.left.value, str)):
            return self._call("__smartest_mod__", node, [node.left, node.right])
        return node

    def visit_Subscript(self, node: ast.Subscript):
        self.generic_visit(node)
        if isinstance(node.slice, ast.Slice):
            # A bound that may be a SymInt is read by C as a C integer, unrecorded
            # (models/int_reads.py); a constant or absent one is left to C.
            bounds = [node.slice.lower, node.slice.upper, node.slice.step]
            if not any(b is not None and not isinstance(b, ast.Constant) for b in bounds):
                return node
            if isinstance(node.ctx, ast.Load):
                return self._call("__smartest_cut__", node, [node.value] + [b if b is not None else ast.Constant(None)
                                                                          for b in bounds])
            target = node.value if _names_only(node.value) else ast.Constant(None)
            for field in ("lower", "upper", "step"):
                b = getattr(node.slice, field)
                if b is not None and not isinstance(b, ast.Constant):
                    setattr(node.slice, field, self._call("__smartest_store_bound__", b, [copy.deepcopy(target), b]))
            return node
        if not isinstance(node.ctx, ast.Load):   # a store or a del: its key goes through a check
            target = node.value if _names_only(node.value) else ast.Constant(None)
            node.slice = self._call("__smartest_store_key__", node.slice, [copy.deepcopy(target), node.slice])
            return node
        return self._call("__smartest_getitem__", node, [node.value, node.slice])

    def visit_Dict(self, node: ast.Dict):
        self.generic_visit(node)
        if any(k is None for k in node.keys):   # `**mapping` unpacking: left to C
            return node
        if node.keys and all(isinstance(k, ast.Constant) for k in node.keys):
            return node
        return self._call("__smartest_dict__", node, [ast.Tuple(node.keys, ast.Load()),
                                                      ast.Tuple(node.values, ast.Load())])

    def visit_Set(self, node: ast.Set):
        self.generic_visit(node)
        if any(isinstance(e, ast.Starred) for e in node.elts) or all(isinstance(e, ast.Constant) for e in node.elts):
            return node
        return self._call("__smartest_set__", node, [ast.Tuple(node.elts, ast.Load())])

    def visit_Call(self, node: ast.Call):
        self.generic_visit(node)
        f = node.func
        if not isinstance(f, ast.Attribute):
            return self._guarded(node)
        literal = isinstance(f.value, ast.Constant) and isinstance(f.value.value, (str, bytes))
        if literal or f.attr in ANY_RECEIVER:
            bound = self._call("__smartest_bind__", node, [f.value, ast.Constant(f.attr)])
            return ast.copy_location(ast.Call(bound, self._stars(f, node.args), node.keywords), node)
        return self._guarded(node)

    def _guarded(self, node: ast.Call):
        """A call with arguments, or a method call without -> `__smartest_call__(f, ...)`
        (models/escapes.py): a proxy handed to C code smartest does not follow is
        recorded there, and so is one an object keeps (`string.Template(s).substitute()`)."""
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        receiver = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
        if not (node.args or node.keywords or isinstance(f, ast.Attribute)) or name in FRAME_READERS \
                or (name or "").startswith("__smartest") \
                or receiver.startswith("__smartest"):   # smartest's own runtime objects (guided)
            return node
        return self._call("__smartest_call__", node, [f, *self._stars(f, node.args)], node.keywords)


def _names_only(node: ast.expr) -> bool:
    """`x` or `x.a.b`: evaluating it a second time has no effect (no call, no index)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def rewrite_tree(tree: ast.Module) -> ast.Module:
    """The rewrite on a parsed module (a copy), for passes that compose with it (the
    guided instrumentation compiles its own tree and must match the loaded code)."""
    return ast.fix_missing_locations(_Rewriter().visit(copy.deepcopy(tree)))


def rewrite_source(source: str, filename: str) -> tuple[CodeType, CodeType] | None:
    """(original, rewritten) module code objects, or None if nothing needs rewriting."""
    rewriter = _Rewriter()
    new_tree = ast.fix_missing_locations(rewriter.visit(ast.parse(source, filename)))
    if not rewriter.changed:
        return None
    original = compile(source, filename, "exec", dont_inherit=True)
    return original, compile(new_tree, filename, "exec", dont_inherit=True)


def _pairs(old: CodeType, new: CodeType, out: dict) -> None:
    """Map each code object nested in `old` to its counterpart in `new` (the rewrite
    adds and removes no function, so the nesting is the same)."""
    olds = [c for c in old.co_consts if isinstance(c, CodeType)]
    news = [c for c in new.co_consts if isinstance(c, CodeType)]
    if len(olds) != len(news):
        return
    for o, n in zip(olds, news):
        if (o.co_name, o.co_firstlineno) != (n.co_name, n.co_firstlineno):
            continue
        out[o] = n
        _pairs(o, n, out)


def _functions(module: ModuleType):
    """Every function object reachable from the module's namespace and classes."""
    seen: set[int] = set()
    stack = list(vars(module).values())
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (staticmethod, classmethod)):
            stack.append(obj.__func__)
        elif isinstance(obj, property):
            stack.extend(f for f in (obj.fget, obj.fset, obj.fdel) if f is not None)
        elif isinstance(obj, FunctionType):
            if obj.__module__ == module.__name__:
                yield obj
            wrapped = getattr(obj, "__wrapped__", None)
            if wrapped is not None:
                stack.append(wrapped)
            original = getattr(obj, "__smartest_original__", None)
            if original is not None:
                stack.append(original)
        elif inspect.isclass(obj) and obj.__module__ == module.__name__:
            stack.extend(vars(obj).values())


def provide_helpers(ns: dict, journal: Journal = NO_JOURNAL) -> None:
    """The names rewritten code calls (models/syntax.py, the call guard of models/escapes.py)."""
    for name, helper in syntax.HELPERS.items():
        journal.set(ns, name, helper)
    journal.set(ns, "__smartest_call__", escapes.call)


def rewrite_module(module: ModuleType, journal: Journal = NO_JOURNAL) -> int:
    """Swap in rewritten code for the module's functions; returns how many."""
    ns = module.__dict__
    if ns.get(_DONE):
        return 0
    journal.set(ns, _DONE, True)
    provide_helpers(ns, journal)
    filename = getattr(module, "__file__", None)
    if not filename or not filename.endswith(".py"):
        return 0
    try:
        with open(filename, encoding="utf-8") as f:
            source = f.read()
        codes = rewrite_source(source, filename)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return 0
    if codes is None:
        return 0
    mapping: dict[CodeType, CodeType] = {}
    _pairs(*codes, mapping)
    swapped = 0
    for fn in _functions(module):
        new = mapping.get(fn.__code__)
        if new is not None and new is not fn.__code__ and len(new.co_freevars) == len(fn.__code__.co_freevars):
            journal.setattr(fn, "__code__", new)
            swapped += 1
    return swapped


INSTALL_HOOKS.append(rewrite_module)
