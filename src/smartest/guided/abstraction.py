"""The boolean abstraction of a function (§3.1): a control-flow graph whose only
variables are assumption identifiers.

Each function of a module becomes a graph of nodes with one abstract operation
and nondeterministic successors:

    ("init",)            every identifier := true          (function entry)
    ("havoc", a)         a := a && *                       (`assumed(P, "a")`)
    ("assert", A)        assert * verified A               (`check`, `assert`, `raise AssertionError`)
    ("call", keys)       call of functions of the module   (the ones it may be; (): none)
    ("skip",)            everything else

Conditions are abstracted away, so `if`, `while`, `for`, `match` and `try`
become nondeterministic choices; `return`, `break`, `continue` and `finally` go
where Python sends them; an exception may leave any statement of a `try` body
for its handlers (and any statement of a `with` body for the statement after it,
since `__exit__` may swallow it).  An exception that leaves the function is a
path that meets no further assertion, so it needs no edge.  An assertion whose
supposition is true is fully verified and abstracted away, as in the paper.

Every statement starts with a *point* node (a `skip`): the program point before
it, where instrumentation goes.  Calls get one node each, in evaluation order,
so that the runtime can ask "what can still happen in this frame after the call
it is in?" (`continuation.py`): `calls` maps each call expression's source span
to its node (with the name it calls, to tell a direct call from a callback), and `spans` maps simple statements and the headers of compound
ones to their point, for instructions that are not calls.  Calls inside
comprehensions and lambdas run in frames of their own and are not mapped.

Which statements are annotations is decided in `recognize.py`.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field

from smartest.guided.boolfun import MAX_IDENTIFIERS, Space
from smartest.guided.recognize import (FUNCTIONS, AnnotationNames, Assumed, Check, function_defs, identifiers,
                                       own_statements, read_annotation)

Span = tuple[int, int, int, int]     # (line, col, end line, end col)


# -- resolving calls within the module ---------------------------------------------

@dataclass
class ModuleSymbols:
    """Module-level functions and classes (with their methods and bases), and every
    function of the module by its simple name."""

    functions: set[str] = field(default_factory=set)
    classes: dict[str, tuple[set[str], list[str]]] = field(default_factory=dict)
    by_name: dict[str, list[str]] = field(default_factory=dict)

    @staticmethod
    def of(tree: ast.Module) -> "ModuleSymbols":
        s = ModuleSymbols()
        for node in tree.body:
            if isinstance(node, FUNCTIONS):
                s.functions.add(node.name)
            elif isinstance(node, ast.ClassDef):
                methods = {n.name for n in node.body if isinstance(n, FUNCTIONS)}
                s.classes[node.name] = (methods, [b.id for b in node.bases if isinstance(b, ast.Name)])
        for qualname, _, fn in function_defs(tree):
            s.by_name.setdefault(fn.name, []).append(qualname)
        return s

    def method(self, cls: str, name: str, depth: int = 0) -> str | None:
        if cls not in self.classes or depth > 20:
            return None
        methods, bases = self.classes[cls]
        if name in methods:
            return f"{cls}.{name}"
        for b in bases:
            found = self.method(b, name, depth + 1)
            if found:
                return found
        return None

    def resolve(self, f: ast.expr, cls: str | None, local_defs: dict[str, str]) -> tuple[str, ...]:
        """The functions of the module a called (or passed) expression may be: the one
        it names (`f`, `self.m`, `Class.m`, `Class` for `__init__`, a nested def), else
        every function of the module with that name; () if none."""
        exact = None
        if isinstance(f, ast.Name):
            if f.id in local_defs:
                exact = local_defs[f.id]
            elif f.id in self.functions:
                exact = f.id
            elif f.id in self.classes:
                exact = self.method(f.id, "__init__")
                if exact is None:
                    return ()
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            owner = f.value.id
            if owner in ("self", "cls") and cls is not None:
                exact = self.method(cls, f.attr)
            elif owner in self.classes:
                exact = self.method(owner, f.attr)
        if exact is not None:
            return (exact,)
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        return tuple(self.by_name.get(name, ())) if name else ()


# -- the graph ---------------------------------------------------------------------

class Node:
    __slots__ = ("op", "succ", "exc")

    def __init__(self, op: tuple, succ: list[int], exc: list[int]) -> None:
        self.op = op
        self.succ = succ
        self.exc = exc


@dataclass
class FunctionGraph:
    qualname: str
    function: ast.FunctionDef | ast.AsyncFunctionDef
    space: Space | None                      # None: too many identifiers, not guided
    nodes: list[Node] = field(default_factory=list)
    entry: int = 0
    exit: int = 0
    points: dict[int, int] = field(default_factory=dict)       # id(stmt) -> point node
    statements: dict[int, ast.stmt] = field(default_factory=dict)
    calls: dict[Span, tuple[int, str | None, tuple[str, ...]]] = field(default_factory=dict)
    # call expression span -> (call node, the name called, the functions it may be)
    spans: list[tuple[Span, int]] = field(default_factory=list)  # statement / header span -> point
    annotations: dict[int, Assumed | Check] = field(default_factory=dict)   # id(stmt) -> annotation
    asserts: list[int] = field(default_factory=list)           # id of plain `assert` statements

    def predecessors(self) -> list[list[int]]:
        preds: list[list[int]] = [[] for _ in self.nodes]
        for i, n in enumerate(self.nodes):
            for j in (*n.succ, *n.exc):
                preds[j].append(i)
        return preds


def span(node: ast.AST) -> Span:
    return (node.lineno, node.col_offset, node.end_lineno or node.lineno, node.end_col_offset or 0)


def ordered_calls(node: ast.AST | None) -> list[tuple[ast.expr, bool]]:
    """Calls in an expression or simple statement, in evaluation order, each with
    whether it can be mapped back from a frame (not inside a comprehension or a
    lambda).  A function passed as an argument (`map(f, xs)`, `key=f`) or called in
    a lambda may be called back during the call: it is listed too, as a name."""
    out: list[tuple[ast.expr, bool]] = []

    def visit(n: ast.AST | None, mapped: bool) -> None:
        if n is None or isinstance(n, (*FUNCTIONS, ast.ClassDef)):
            return
        if isinstance(n, ast.Lambda):
            visit(n.body, False)
            return
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            for child in ast.iter_child_nodes(n):
                visit(child, False)
            return
        if isinstance(n, ast.Call):
            visit(n.func, mapped)
            arguments = [*n.args, *(k.value for k in n.keywords)]
            for a in arguments:
                visit(a, mapped)
            out.extend((a, False) for a in arguments if isinstance(a, (ast.Name, ast.Attribute)))
            out.append((n, mapped))
            return
        if isinstance(n, (ast.Assign, ast.AnnAssign)):
            visit(n.value, mapped)
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                visit(t, mapped)
            return
        if isinstance(n, ast.Dict):
            for k, v in zip(n.keys, n.values):
                visit(k, mapped)
                visit(v, mapped)
            return
        for child in ast.iter_child_nodes(n):
            visit(child, mapped)

    visit(node, True)
    return out


class _Builder:
    """Builds one function's graph backwards: each statement is built knowing the
    node that follows it (`k`)."""

    def __init__(self, g: FunctionGraph, symbols: ModuleSymbols, names: AnnotationNames, cls: str | None,
                 strict: bool, where: str) -> None:
        self.g, self.symbols, self.names, self.cls, self.strict, self.where = g, symbols, names, cls, strict, where
        self.exc: list[int] = []                 # where an exception goes (empty: out of the function)
        self.loops: list[tuple[int, int]] = []   # (continue target, break target)
        self.return_to = 0
        self.local_defs: dict[str, str] = {}

    def node(self, op: tuple, succ: list[int]) -> int:
        self.g.nodes.append(Node(op, list(succ), list(self.exc)))
        return len(self.g.nodes) - 1

    def chain(self, calls: list[tuple[ast.expr, bool]], k: int) -> int:
        for call, mapped in reversed(calls):
            is_call = isinstance(call, ast.Call)
            keys = self.symbols.resolve(call.func if is_call else call, self.cls, self.local_defs)
            if not is_call and not keys:
                continue                 # an argument that is no function of the module
            k = self.node(("call", keys), [k])
            if mapped and is_call:
                self.g.calls[span(call)] = (k, _callee_name(call), keys)
        return k

    def point(self, stmt: ast.stmt, first: int, header: list[ast.AST] | None = None) -> int:
        p = self.node(("skip",), [first])
        self.g.points[id(stmt)] = p
        self.g.statements[id(stmt)] = stmt
        for part in ([stmt] if header is None else header):
            if part is not None:
                self.g.spans.append((span(part), p))
        return p

    def block(self, stmts: list[ast.stmt], k: int) -> int:
        for stmt in reversed(stmts):
            k = self.stmt(stmt, k)
        return k

    def supposition(self, text: str) -> int:
        assert self.g.space is not None
        return self.g.space.parse(text)

    def stmt(self, s: ast.stmt, k: int) -> int:
        g = self.g
        if isinstance(s, ast.Expr) and (ann := read_annotation(s, self.names, self.where)) is not None:
            g.annotations[id(s)] = ann
            if isinstance(ann, Assumed):
                op = ("havoc", ann.name)
            else:
                table = self.supposition(ann.supposition)
                op = ("skip",) if table == g.space.true else ("assert", table)
            after = self.node(op, [k])
            return self.point(s, self.chain(ordered_calls(s.value)[:-1], after))
        if isinstance(s, ast.Assert):
            g.asserts.append(id(s))
            after = self.node(("assert", g.space.false), [k])
            return self.point(s, self.chain(ordered_calls(s.test), after))
        if isinstance(s, ast.Return):
            return self.point(s, self.chain(ordered_calls(s.value), self.return_to))
        if isinstance(s, ast.Raise):
            target = self.node(("skip",), [])
            if self.strict or _raises_assertion(s):
                target = self.node(("assert", g.space.false), [target])
            calls = ordered_calls(s.exc) + ordered_calls(s.cause)
            return self.point(s, self.chain(calls, target))
        if isinstance(s, (ast.Break, ast.Continue)):
            if not self.loops:
                return self.point(s, k)
            cont, brk = self.loops[-1]
            return self.point(s, brk if isinstance(s, ast.Break) else cont)
        if isinstance(s, ast.If):
            branch = self.node(("skip",), [self.block(s.body, k), self.block(s.orelse, k)])
            return self.point(s, self.chain(ordered_calls(s.test), branch), [s.test])
        if isinstance(s, ast.While):
            head = self.node(("skip",), [])     # entered on every iteration; the point runs once
            g.spans.append((span(s.test), head))
            after = self.block(s.orelse, k)
            self.loops.append((head, k))
            body = self.block(s.body, head)
            self.loops.pop()
            branch = self.node(("skip",), [body, after])
            g.nodes[head].succ = [self.chain(ordered_calls(s.test), branch)]
            return self.point(s, head, [])
        if isinstance(s, (ast.For, ast.AsyncFor)):
            head = self.node(("skip",), [])
            after = self.block(s.orelse, k)
            self.loops.append((head, k))
            body = self.block(s.body, head)
            self.loops.pop()
            g.nodes[head].succ = [self.chain(ordered_calls(s.target), body), after]
            return self.point(s, self.chain(ordered_calls(s.iter), head), [s.iter])
        if isinstance(s, (ast.With, ast.AsyncWith)):
            saved = self.exc
            self.exc = [k, *saved]          # __exit__ may swallow the exception
            body = self.block(s.body, k)
            self.exc = saved
            calls = [c for item in s.items for c in ordered_calls(item.context_expr) + ordered_calls(item.optional_vars)]
            return self.point(s, self.chain(calls, body), [i.context_expr for i in s.items])
        if isinstance(s, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            return self.try_(s, k)
        if isinstance(s, ast.Match):
            cases = [self.chain(ordered_calls(c.guard), self.block(c.body, k)) for c in s.cases]
            branch = self.node(("skip",), [*cases, k])
            return self.point(s, self.chain(ordered_calls(s.subject), branch), [s.subject])
        if isinstance(s, FUNCTIONS + (ast.ClassDef,)):
            calls = [c for d in s.decorator_list for c in ordered_calls(d)]
            return self.point(s, self.chain(calls, k), [])
        return self.point(s, self.chain(ordered_calls(s), k))

    def try_(self, s: ast.Try, k: int) -> int:
        saved_exc, saved_ret, saved_loops = self.exc, self.return_to, self.loops
        if s.finalbody:
            # One copy of the finally block, which may continue to wherever any path
            # through it was going (sound: more successors, never fewer).
            leave = self.node(("skip",), [k, *saved_exc, saved_ret, *(t for pair in saved_loops for t in pair)])
            fin = self.block(s.finalbody, leave)
            self.exc, self.return_to = [fin], fin
            self.loops = [(fin, fin) for _ in saved_loops]
            k_inner = fin
        else:
            k_inner = k
        outer = self.exc
        handlers = [self.chain(ordered_calls(h.type), self.block(h.body, k_inner)) for h in s.handlers]
        orelse = self.block(s.orelse, k_inner)
        self.exc = [*handlers, *outer]      # an exception may also match no handler
        body = self.block(s.body, orelse)
        self.exc, self.return_to, self.loops = saved_exc, saved_ret, saved_loops
        p = self.node(("skip",), [body])
        self.g.points[id(s)] = p
        self.g.statements[id(s)] = s
        return p


def _callee_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _raises_assertion(s: ast.Raise) -> bool:
    exc = s.exc.func if isinstance(s.exc, ast.Call) else s.exc
    return isinstance(exc, ast.Name) and exc.id == "AssertionError"


def build_graph(fn: ast.FunctionDef | ast.AsyncFunctionDef, qualname: str, cls: str | None,
                symbols: ModuleSymbols, names: AnnotationNames, strict: bool, where: str) -> FunctionGraph:
    ids = identifiers(fn, names, where)
    space = Space(ids) if len(ids) <= MAX_IDENTIFIERS else None
    g = FunctionGraph(qualname, fn, space)
    if space is None:
        return g
    b = _Builder(g, symbols, names, cls, strict, where)
    b.local_defs = {d.name: f"{qualname}.<locals>.{d.name}" for d in own_statements(fn) if isinstance(d, FUNCTIONS)}
    g.exit = b.node(("skip",), [])
    b.return_to = g.exit
    first = b.block(fn.body, g.exit)
    g.entry = b.node(("init",), [first])
    return g
