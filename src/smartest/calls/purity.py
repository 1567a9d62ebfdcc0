"""What the bytecode says about the target's functions: which ones a summary can
stand for, and a hash of the code a summary depends on.

A summary speaks of a function's parameters and its return value only.  The
paper's summaries also take the globals a function reads as inputs and the
memory it writes as outputs (§3.1); here a function that could write state, or
read state that some function of the target writes, is **inlined** instead (run
with its branches on its caller's path, as DART does): its calls are exact, only
not compositional.  "Could" is decided from the bytecode, conservatively:

* it stores or deletes a global, an attribute, a subscript or a variable of an
  enclosing function, or calls a method with a mutating name (`append`,
  `update`, ...) or `setattr`/`exec`;
* it reads a global that some function stores or that holds a mutable object
  (a list, dict, set, or an instance of the target's classes), or an attribute
  that some function of the target stores;
* it is a generator or coroutine (its body runs after the call returns);
* it refers by name to a function that is inlined (transitively).

The **code hash** of a function covers its own code object (bytecode, constants,
names, nested code) and the constant globals it reads, plus the same of every
function of the target it may call: a summary embeds its callees' summaries, so
changing a callee must invalidate it.  File names and line numbers are left out,
so moving a function does not.
"""
from __future__ import annotations

import dis
import hashlib
import inspect
from dataclasses import dataclass, field
from types import CodeType, FunctionType, ModuleType
from typing import Any, Iterator

WRITES = frozenset({"STORE_GLOBAL", "DELETE_GLOBAL", "STORE_ATTR", "DELETE_ATTR", "STORE_SUBSCR",
                    "DELETE_SUBSCR", "STORE_SLICE", "DELETE_SLICE"})
MUTATING_NAMES = frozenset({
    "append", "extend", "insert", "pop", "popleft", "popitem", "remove", "clear", "update", "add",
    "discard", "setdefault", "sort", "reverse", "appendleft", "extendleft", "rotate", "write",
    "writelines", "send", "throw", "setattr", "delattr", "exec", "eval", "globals", "vars",
    "__setitem__", "__delitem__", "__setattr__", "__delattr__", "__iadd__", "intersection_update",
    "difference_update", "symmetric_difference_update",
})
_GENERATOR_FLAGS = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR | inspect.CO_ITERABLE_COROUTINE
_CONSTANT_TYPES = (int, float, str, bytes, bool, type(None), complex)
_MUTABLE_TYPES = (list, dict, set, bytearray)


@dataclass
class CodeFacts:
    """What one function's code (with its nested code objects) does."""

    qualname: str
    module: ModuleType
    writes: set[str] = field(default_factory=set)          # why it may write state
    global_reads: set[str] = field(default_factory=set)
    attr_reads: set[str] = field(default_factory=set)
    stored_globals: set[str] = field(default_factory=set)
    stored_attrs: set[str] = field(default_factory=set)
    names: set[str] = field(default_factory=set)           # every name it refers to
    generator: bool = False
    local_hash: str = ""


def _codes(code: CodeType) -> Iterator[CodeType]:
    yield code
    for c in code.co_consts:
        if isinstance(c, CodeType):
            yield from _codes(c)


def _code_digest(code: CodeType, h) -> None:
    h.update(code.co_code)
    for part in (code.co_names, code.co_varnames, code.co_freevars, code.co_cellvars):
        h.update(repr(part).encode())
    h.update(repr((code.co_argcount, code.co_posonlyargcount, code.co_kwonlyargcount, code.co_flags)).encode())
    for c in code.co_consts:
        if isinstance(c, CodeType):
            _code_digest(c, h)
        else:
            h.update(repr(c).encode())


_FRESH = frozenset({"BUILD_LIST", "BUILD_MAP", "BUILD_SET", "LIST_EXTEND", "SET_UPDATE", "DICT_UPDATE",
                    "BUILD_CONST_KEY_MAP"})


def _fresh_locals(code: CodeType, ins: list[dis.Instruction]) -> set[str]:
    """Locals that only ever hold a container built right there (`out = []`): mutating
    them changes nothing the caller can see."""
    params = set(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount + code.co_posonlyargcount])
    stores: dict[str, bool] = {}
    for k, i in enumerate(ins):
        if i.opname == "STORE_FAST":
            fresh = k > 0 and ins[k - 1].opname in _FRESH
            stores[i.argval] = stores.get(i.argval, True) and fresh
    return {name for name, fresh in stores.items() if fresh and name not in params}


def _local_receiver(ins: list[dis.Instruction], k: int, fresh: set[str], back: int) -> bool:
    j = k - back
    return j >= 0 and ins[j].opname.startswith("LOAD_FAST") and ins[j].argval in fresh


def _wrapped(fn: FunctionType) -> Iterator[FunctionType]:
    """The function and those it closes over or wraps (a decorator's inner function
    runs as part of the call, and is nowhere else to be scanned)."""
    seen, todo = set(), [fn]
    while todo:
        f = todo.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        yield f
        inner = [c.cell_contents for c in (f.__closure__ or ()) if _filled(c)]
        inner.append(getattr(f, "__wrapped__", None))
        todo.extend(g for g in inner if isinstance(g, FunctionType))


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:  # an empty cell
        return False
    return True


def scan(qualname: str, fn: FunctionType) -> CodeFacts:
    facts = CodeFacts(qualname, inspect.getmodule(fn))
    code = fn.__code__
    facts.generator = bool(code.co_flags & _GENERATOR_FLAGS)
    for c in (c for f in _wrapped(fn) for c in _codes(f.__code__)):
        ins = list(dis.get_instructions(c))
        fresh = _fresh_locals(c, ins)
        for k, i in enumerate(ins):
            op, arg = i.opname, i.argval
            if op in ("STORE_SUBSCR", "DELETE_SUBSCR") and _local_receiver(ins, k, fresh, 2) \
                    and ins[k - 1].opname in ("LOAD_FAST", "LOAD_CONST"):
                continue  # out[i] = v on a local container
            if op in WRITES:
                facts.writes.add(f"{op} {arg}")
                if op in ("STORE_GLOBAL", "DELETE_GLOBAL"):
                    facts.stored_globals.add(arg)
                elif op in ("STORE_ATTR", "DELETE_ATTR"):
                    facts.stored_attrs.add(arg)
            elif op in ("STORE_DEREF", "DELETE_DEREF") and arg in c.co_freevars:
                facts.writes.add(f"{op} {arg}")
            elif op in ("LOAD_GLOBAL", "LOAD_NAME"):
                facts.global_reads.add(arg)
                facts.names.add(arg)
            elif op in ("LOAD_ATTR", "LOAD_METHOD"):
                facts.attr_reads.add(arg)
                facts.names.add(arg)
                if arg in MUTATING_NAMES and not _local_receiver(ins, k, fresh, 1):
                    facts.writes.add(f"calls .{arg}()")
    for name in facts.global_reads & MUTATING_NAMES:
        facts.writes.add(f"calls {name}()")
    h = hashlib.sha256()
    for f in _wrapped(fn):
        _code_digest(f.__code__, h)
    module_globals = vars(facts.module) if facts.module is not None else {}
    for name in sorted(facts.global_reads):
        value = module_globals.get(name)
        if isinstance(value, _CONSTANT_TYPES) or (isinstance(value, tuple) and all(isinstance(v, _CONSTANT_TYPES) for v in value)):
            h.update(f"{name}={value!r};".encode())
    facts.local_hash = h.hexdigest()
    return facts


def _is_mutable_global(value: Any, own_modules: set[str]) -> bool:
    if isinstance(value, _MUTABLE_TYPES):
        return True
    cls = type(value)
    return not isinstance(value, (type, FunctionType, ModuleType)) and getattr(cls, "__module__", None) in own_modules \
        and not callable(value)


def all_functions(modules: list[ModuleType]) -> list[tuple[str, FunctionType]]:
    """(qualified name, function) of every function and method defined in `modules`,
    dunders and property accessors included (they write state too)."""
    out = []
    for mod in modules:
        for name, obj in list(vars(mod).items()):
            if inspect.isfunction(obj) and obj.__module__ == mod.__name__:
                out.append((f"{mod.__name__}.{name}", obj))
            elif inspect.isclass(obj) and obj.__module__ == mod.__name__ and obj.__qualname__ == name:
                for attr, raw in list(vars(obj).items()):
                    if isinstance(raw, property):
                        fns = [raw.fget, raw.fset, raw.fdel]
                    else:
                        fns = [raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw]
                    for k, fn in enumerate(f for f in fns if inspect.isfunction(f)):
                        out.append((f"{mod.__name__}.{name}.{attr}" + (f"#{k}" if k else ""), fn))
    return out


class CodeTable:
    """The facts of every function and method of the target's own modules."""

    def __init__(self, functions: list[tuple[str, FunctionType]]) -> None:
        self.facts = {q: scan(q, fn) for q, fn in functions}
        own_modules = {f.module.__name__ for f in self.facts.values() if f.module is not None}
        stored_globals = set().union(*(f.stored_globals for f in self.facts.values())) if self.facts else set()
        stored_attrs = set().union(*(f.stored_attrs for f in self.facts.values())) if self.facts else set()
        self.reason: dict[str, str] = {}
        for q, f in self.facts.items():
            if f.generator:
                self.reason[q] = "generator or coroutine"
            elif f.writes:
                self.reason[q] = "writes state (" + ", ".join(sorted(f.writes)[:3]) + ")"
            else:
                module_globals = vars(f.module) if f.module is not None else {}
                mutable = sorted(n for n in f.global_reads
                                 if n in stored_globals or _is_mutable_global(module_globals.get(n), own_modules))
                attrs = sorted(f.attr_reads & stored_attrs)
                if mutable or attrs:
                    self.reason[q] = "reads state (" + ", ".join(mutable + [f".{a}" for a in attrs][:3]) + ")"
        # Callers of an inlined function are inlined too (its effects happen inside them).
        by_short: dict[str, list[str]] = {}
        for q in self.facts:
            by_short.setdefault(q.rsplit(".", 1)[-1], []).append(q)
        self.callees = {q: {c for n in f.names for c in by_short.get(n, ()) if c != q} for q, f in self.facts.items()}
        changed = True
        while changed:
            changed = False
            for q in self.facts:
                if q in self.reason:
                    continue
                bad = sorted(c for c in self.callees[q] if c in self.reason)
                if bad:
                    self.reason[q] = f"calls {bad[0]}, which is inlined"
                    changed = True
        self._hashes: dict[str, str] = {}

    def summarizable(self, qualname: str) -> bool:
        return qualname in self.facts and qualname not in self.reason

    def code_hash(self, qualname: str) -> str:
        """The hash of `qualname`'s code and of every own function it may call."""
        hit = self._hashes.get(qualname)
        if hit is None:
            closure, todo = {qualname}, [qualname]
            while todo:
                for c in self.callees.get(todo.pop(), ()):
                    if c not in closure:
                        closure.add(c)
                        todo.append(c)
            h = hashlib.sha256()
            for q in sorted(closure):
                h.update(f"{q}:{self.facts[q].local_hash};".encode())
            hit = self._hashes[qualname] = h.hexdigest()
        return hit
