"""C code that reads a symbolic int's value without calling a method of it.

CPython takes the value of an int subclass directly wherever it wants a C integer: a
slice bound (`"hello"[n:]`), a position (`xs.pop(n)`, `xs.insert(n, v)`, the start of
`xs.index(v, n)`), a count (`enumerate(s, n)`, `round(x, n)`), a base conversion
(`hex(n)`).  No dunder of the SymInt runs, so nothing was recorded and a search could
call itself complete with `"hello"[n:] == "llo"` never tried (the third field trial,
notes/s9-trial3.md).  Here:

* `cut` is what the source rewrite makes of a slice with a bound that is not a
  constant: a plain str is sliced as a SymStr over the constant (the result keeps its
  terms), a proxy or a class of Python code slices itself, and any other plain
  sequence is sliced at the concrete bounds, a recorded concretization;
* `store_bound` is what it makes of a bound of a slice stored into or deleted
  (`del xs[:n]`, `xs[:n] = []`): a plain sequence changes at the concrete bound, so
  it is recorded;
* `reads_int_value` tells the call guard (models/escapes.py) that a C callable it
  otherwise follows (a builtin, a method of list, tuple, deque) is given a SymInt it
  reads as a C integer: only the callables known to touch an int through its dunders
  (compare, hash, add, store) are exempt, so an unknown one records.
"""
from __future__ import annotations

from typing import Any

from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.terms import build
from smartest.trace.recorder import record_concretization


def cut(obj: Any, lower: Any, upper: Any, step: Any) -> Any:
    """`obj[lower:upper:step]`, with no bound read silently."""
    key = slice(lower, upper, step)
    if type(lower) is not SymInt and type(upper) is not SymInt and type(step) is not SymInt:
        return obj[key]
    if type(obj) is str:
        whole = str.__new__(SymStr, obj)
        whole.term = build.const(obj)
        return whole[key]
    if _slices_itself(obj):
        return obj[key]
    record_concretization(f"a slice of a plain {type(obj).__name__} with a symbolic bound",
                          callee=f"{type(obj).__name__}.__getitem__")
    return obj[key]


def store_bound(target: Any, bound: Any) -> Any:
    """A bound of `target[a:b] = ...` / `del target[a:b]` (`target` is None when the
    rewrite could not name it without evaluating it twice: then any SymInt records)."""
    if type(bound) is SymInt and (target is None or not _slices_itself(target)):
        record_concretization("a slice of a plain sequence stored into or deleted at a symbolic bound")
    return bound


def _slices_itself(obj: Any) -> bool:
    """A proxy (its own `__getitem__` takes the slice's terms) or an object whose
    `__getitem__` is Python code, which gets the SymInts as they are."""
    t = type(obj)
    if t.__module__.startswith("smartest.symbolic"):
        return True
    method = getattr(t, "__getitem__", None)
    return method is not None and hasattr(method, "__code__")


# Followed C callables that use an int argument only through its dunders: compared
# (`xs.count(n)`, `max`), hashed (a dict's or set's methods), stored (`append`), added
# (`sum`), formatted (`format` calls SymInt.__format__), or not at all (`id`, `type`).
_PROTOCOL_ONLY = frozenset({
    "abs", "all", "any", "callable", "delattr", "dict", "divmod", "filter", "format", "frozenset", "getattr",
    "hasattr", "hash", "id", "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next",
    "object", "pow", "print", "property", "repr", "reversed", "set", "setattr", "sorted", "sum", "super",
    "tuple", "type", "zip", "classmethod", "staticmethod", "bool", "slice", "vars", "ascii",
    "append", "appendleft", "extend", "extendleft", "remove", "count", "add", "discard", "update", "get",
    "setdefault", "copy", "clear", "keys", "values", "items", "fromkeys", "union", "intersection",
    "difference", "symmetric_difference", "issubset", "issuperset", "isdisjoint", "intersection_update",
    "difference_update", "symmetric_difference_update", "sort", "reverse", "__contains__", "__eq__", "__ne__",
    "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__len__", "__iter__", "__repr__", "__str__",
    "__init__",     # an exception's keeps its arguments, a list's iterates one
    "__setattr__", "__getattribute__", "__delattr__", "__new__",   # object's: store, look up, make
})
# Callables whose first argument is a value (compared, or iterated: `enumerate`) and
# the rest positions or counts (read).
_VALUE_THEN_POSITIONS = frozenset({"index", "enumerate"})
_KEYED = (dict, set, frozenset)


def might_read_int(fn: Any) -> bool:
    """Whether the followed C callable `fn` reads some argument as a C integer, whatever
    the arguments are (what the profile hook, which sees no argument, can ask)."""
    name = getattr(fn, "__name__", "")
    if name == "pow":
        return True
    if name in _PROTOCOL_ONLY:
        return False
    owner = getattr(fn, "__self__", None)
    # keys and elements are hashed and compared: the proxy's dunders
    return not (isinstance(owner, _KEYED) or isinstance(owner, type) and issubclass(owner, _KEYED))


def reads_int_value(fn: Any, args: tuple, kwargs: dict) -> bool:
    """Whether the followed C callable `fn` reads a SymInt among its arguments as a C
    integer (see the module docstring)."""
    name = getattr(fn, "__name__", "")
    if name == "pow" and len(args) == 3:
        # Three-argument pow never calls __rpow__: a SymInt base has its own model
        # (SymInt.__pow__ with a modulus), a plain base reads the others in C.
        return type(args[0]) is not SymInt and any(type(a) is SymInt for a in args[1:])
    if not might_read_int(fn) or name == "pow":
        return False
    if name in _VALUE_THEN_POSITIONS:
        args = args[1:]
    return any(type(a) is SymInt for a in args) or any(type(v) is SymInt for v in kwargs.values())
