"""What the source rewrite (`models/rewrite.py`) calls instead of syntax that C code
evaluates without seeing the proxies.

* `x in c` -> `__smartest_in__(x, c)`: a plain str/bytes container (`ch in "aeiou"`)
  runs a C substring search; a plain set, frozenset, dict, list or tuple of plain
  constants runs C hashing or C comparisons.  With a symbolic item each becomes one
  condition, `x == k1 or x == k2 ...` (or a substring test): one branch, as the
  source has one test.
* `x is True` / `x is False` (and `is not`) -> `__smartest_is__(x, True)`: a SymBool
  stands for a bool, which CPython keeps as the singletons, so the identity is the
  bool's value: one branch on its condition (`x is False` of a proxy would be False
  whatever the value, and `bool | str` code told the flag from a name wrongly).
* f-strings -> `__smartest_fstring__(...)`, `"..." % args` -> `__smartest_mod__`,
  and `recv.join(...)` / `recv.format(...)` / `"literal".method(...)` ->
  `__smartest_bind__(recv, name)(...)`: a plain receiver with a symbolic argument
  gets the model of the method; everything else runs the original operation.  The
  method is looked up before the arguments are evaluated, as CPython does
  (`value.get(node["k"])` of an int raises AttributeError, not the TypeError of
  `node["k"]`: jmespath's `visit_field` catches the first).
* `obj[key]` -> `__smartest_getitem__(obj, key)` and `table.get(key)`: a plain dict
  of constant keys looked up with a symbolic key is a case split, one decision per
  key (`key == k`) and then the missing case, instead of C hashing the concrete key;
  `Color[name]` on an Enum class is the same split over its members' names.

Each helper answers exactly what the original syntax answers on plain values.
"""
from __future__ import annotations

import enum
from types import FunctionType
from typing import Any, Callable

from smartest.models import int_reads, plain_index
from smartest.models.escapes import BOUND_MODELS, call, is_proxy_type
from smartest.symbolic import formatting, text_methods
from smartest.symbolic.bools import SymBool, make_bool
from smartest.symbolic.floats import SymFloat
from smartest.symbolic.ints import SymInt
from smartest.symbolic.realize import scalar_value
from smartest.symbolic.strs import STR, SymStr
from smartest.terms import Term, build
from smartest.terms.term import Sort, const
from smartest.trace.recorder import ACTIVE

# Container type -> contains(item, container) -> answer or NotImplemented (other value
# areas add theirs, e.g. bytes).
CONTAINS: dict[type, Callable[[Any, Any], Any]] = {}
# Receiver type -> {method name: model(recv, *args, **kwargs)} for plain receivers.
METHODS: dict[type, dict[str, Callable]] = {}
_CONSTANT_TYPES = (int, float, bool, str)


def _item_term(x) -> Term | None:
    t = type(x)
    if t in (SymInt, SymStr, SymFloat, SymBool):
        return x.term
    return None


def _equal_term(item: Any, term: Term, key: Any) -> Term | None:
    """The term of item == key for a plain constant key (None: never equal)."""
    if type(key) not in _CONSTANT_TYPES or (type(key) is float and key != key):
        return None
    if term.sort is Sort.STR:
        return build.eq(term, const(key)) if type(key) is str else None
    if type(key) is str:
        return None
    if term.sort is Sort.BOOL:
        key_term = const(bool(key)) if key in (0, 1) and type(key) is not float else None
        return None if key_term is None else build.eq(term, key_term)
    if term.sort is Sort.FLOAT or type(key) is float:
        from smartest.terms import floats
        k = const(float(key) if type(key) is not int else int(key))
        return floats.compare("eq", term, k)
    return build.eq(term, const(int(key)))


def _plain_constants(container) -> list | None:
    t = type(container)
    if t is dict:
        keys = list(container)
    elif t in (list, tuple, set, frozenset):
        keys = list(container)
    else:
        return None
    if len(keys) > 256 or not all(type(k) in _CONSTANT_TYPES for k in keys):
        return None
    return keys


_PLAIN = frozenset({str, int, float, bool, bytes, type(None), tuple})


def contains(item: Any, container: Any) -> Any:
    """`item in container`, keeping the condition when the item is symbolic."""
    if type(item) in _PLAIN:  # the plain case first: this runs for every `in` of the target
        return item in container
    model = CONTAINS.get(type(container))
    if model is not None:
        out = model(item, container)
        if out is not NotImplemented:
            return out
    term = _item_term(item)
    if term is not None:
        keys = _plain_constants(container)
        if keys is not None:
            concrete = scalar_value(item) in container   # the plain value: hashing a proxy is an escape
            options = [e for e in (_equal_term(item, term, k) for k in keys) if e is not None]
            return make_bool(bool(concrete), build.or_(*options))
    method = getattr(type(container), "__contains__", None)
    if type(method) is FunctionType:
        # Python code (a library class's is shadowed or watched through the guard);
        # `in` takes the truth of what it returns, as CPython does.
        found = call(method, container, item)
        return found if type(found) is bool or type(found) is SymBool else bool(found)
    return item in container


def _str_contains(item, container: str):
    if type(item) is SymStr:
        return make_bool(str.__contains__(container, str.__str__(item)), build.contains(const(container), item.term))
    return NotImplemented


CONTAINS[str] = _str_contains


def _bytes_contains(item, container: bytes):
    """`x in b"..."` for a symbolic byte value or bytes: SymBytes' own test, on the
    plain bytes lifted to a proxy with a constant term for the one call."""
    from smartest.symbolic.bytestr import SymBytes
    if type(item) is SymBytes or type(item) is SymInt:
        lifted = bytes.__new__(SymBytes, container)
        lifted.term = const(container)
        return lifted.__contains__(item)
    return NotImplemented


CONTAINS[bytes] = _bytes_contains


_CONVERSIONS = {"s": str, "r": repr, "a": ascii}


def identical(left, right):
    """`left is right` where one side is the constant True or False: with a SymBool on
    the other side, its condition (or its negation), which answers the value's identity
    and records the branch when tested."""
    for x, c in ((left, right), (right, left)):
        if type(x) is SymBool and type(c) is bool:
            return make_bool(x.value is c, x.term if c else build.not_(x.term))
    return left is right


def fstring(*parts):
    """An f-string: literal parts and (value, conversion, spec) fields."""
    out = []
    for p in parts:
        if type(p) is not tuple:
            out.append(p)
            continue
        value, conversion, spec = p
        if type(value) not in _PLAIN or type(spec) is SymStr:   # a spec with a field of its own
            return formatting.fstring(*parts)
        if conversion:
            value = _CONVERSIONS[conversion](value)
        out.append(value if type(value) is str and not spec else format(value, spec or ""))
    return "".join(out)


def mod(left, right):
    """`left % right`: a plain str template gets the formatting model."""
    if type(left) is str:
        return formatting.percent(left, right)
    return left % right


def _symbolic(x) -> bool:
    return getattr(x, "term", None) is not None or (type(x) in (list, tuple) and any(_symbolic(v) for v in x))


def bind(receiver, name: str, /):
    """`receiver.name`, looked up now (an AttributeError comes before the arguments
    are evaluated), called through `method`."""
    getattr(receiver, name)
    return lambda *args, **kwargs: method(receiver, name, *args, **kwargs)


def method(receiver, name: str, /, *args, **kwargs):
    """receiver.name(*args, **kwargs), with a model for a plain receiver whose
    arguments are symbolic."""
    models = METHODS.get(type(receiver))
    if name == "join" and type(receiver) is str and len(args) == 1 and not kwargs and type(args[0]) not in (list, tuple):
        # str.join makes a list of any other iterable first; so does this, so that the
        # items a generator yields are seen (`"".join(c for c in s if c != "-")` ran C
        # code on them unseen: stdnum's `clean`, `complete` without its characters).
        args = (list(args[0]),)
    if models is not None and name in models and \
            (any(_symbolic(a) for a in args) or any(_symbolic(v) for v in kwargs.values())):
        return models[name](receiver, *args, **kwargs)
    # Anything else is an ordinary call, guarded like the ones the rewrite wraps: a C
    # method given a proxy (`b"".join([b])`, `bytes.fromhex(s)`) records its escape.
    return call(getattr(receiver, name), *args, **kwargs)


def _str_models() -> dict[str, Callable]:
    out: dict[str, Callable] = {
        "join": lambda s, iterable: text_methods.join(STR, s, iterable),
        "format": formatting.str_format,
    }
    for name in ("find", "rfind", "index", "rindex", "count", "startswith", "endswith", "split",
                 "replace", "strip", "lstrip", "rstrip", "partition", "rpartition"):
        out[name] = (lambda name: lambda s, *a, **k: _unlift(getattr(SymStr, name)(_lift(s), *a, **k)))(name)
    return out


def _unlift(x):
    if type(x) is SymStr and x.term.op == "const":
        return str.__str__(x)
    if type(x) in (list, tuple):
        return type(x)(_unlift(v) for v in x)
    return x


def _lift(s: str):
    """A plain str as a receiver of SymStr's methods: a proxy with a constant term
    (only ever used inside one model call; it never reaches the target)."""
    obj = str.__new__(SymStr, s)
    obj.term = const(s)
    return obj


METHODS[str] = _str_models()

def _lookup(table: dict, key):
    """The entry of a plain dict a symbolic key selects: one recorded decision per
    constant key in the dict's order (`key == k`), then the missing case.  (C would
    hash the key's concrete value: a concretization.)  Returns (found, stored key)."""
    term = _item_term(key)
    keys = _plain_constants(table) if term is not None else None
    if keys is None:
        return None
    value = scalar_value(key)
    for k in keys:
        cond = _equal_term(key, term, k)
        if cond is not None and text_methods.branch(cond, value == k):
            return True, k
    return False, None


def getitem(obj, key):
    """`obj[key]`: a plain dict with a symbolic key is a case split over its keys, and
    so is an Enum class's member lookup by name (`Unit[name.upper()]`, humanize), which
    CPython's EnumType.__getitem__ does as `cls._member_map_[name]`."""
    if type(key) in _PLAIN:
        return obj[key]
    if type(key) is slice:   # a slice object made apart (`cut = slice(0, n)`)
        return cut(obj, key.start, key.stop, key.step)
    if plain_index.is_case(obj, key):
        return plain_index.item(obj, key)
    if isinstance(obj, enum.EnumMeta) and type(obj).__getitem__ is enum.EnumMeta.__getitem__:
        members = obj.__dict__.get("_member_map_")
        hit = _lookup(members, key) if type(members) is dict else None
        if hit is None:
            return obj[key]
        if not hit[0]:
            raise KeyError(key)
        return members[hit[1]]
    if type(obj) is not dict:
        method = getattr(type(obj), "__getitem__", None)
        if type(method) is FunctionType:
            return call(method, obj, key)
        return obj[key]
    hit = _lookup(obj, key)
    if hit is None:
        return obj[key]
    if not hit[0]:
        raise KeyError(key)
    return obj[hit[1]]


def cut(obj, lower, upper, step):
    """`obj[lower:upper:step]` (a slice with a bound that is not a constant): where the
    class's `__getitem__` is Python code it runs through the call guard, so a library
    class's (`collections.UserList`, a package's container) is shadowed or watched
    rather than run as the interpreter runs it; the rest is `int_reads.cut`."""
    method = getattr(type(obj), "__getitem__", None)
    if type(method) is FunctionType and (type(lower) is SymInt or type(upper) is SymInt or type(step) is SymInt):
        return call(method, obj, slice(lower, upper, step))
    return int_reads.cut(obj, lower, upper, step)


def _dict_get(table: dict, key, default=None):
    hit = _lookup(table, key)
    if hit is None:
        return table.get(key, default)
    return table[hit[1]] if hit[0] else default


METHODS[dict] = {"get": _dict_get}


def _bound_lookup(obj, name: str):
    """A plain dict's or set's lookup method reached as a bound C method
    (`keyword.iskeyword` is `frozenset(kwlist).__contains__`; `table.get` passed
    around): the case split above, not a lookup by the key's concrete hash."""
    if name == "__contains__":
        return lambda item: contains(item, obj)
    if type(obj) is dict:
        if name == "get":
            return lambda key, default=None: _dict_get(obj, key, default)
        if name == "__getitem__":
            return lambda key: getitem(obj, key)
    return None


for _lookup_type in (dict, set, frozenset):
    BOUND_MODELS[_lookup_type] = _bound_lookup


def _bound_str_method(obj: str, name: str):
    """A plain str's method reached as a bound C method with a proxy argument: the
    rewrite sees `"abc".index(ch)` but not `alphabet.index(ch)` with the alphabet in a
    variable (hashids), which C would answer from the argument's concrete value."""
    model = METHODS[str].get(name)
    return None if model is None else (lambda *args, **kwargs: model(obj, *args, **kwargs))


BOUND_MODELS[str] = _bound_str_method


def dict_display(keys: tuple, values: tuple):
    """`{k: v, ...}` and `{}`: C builds a display by hashing its keys, so a symbolic key
    would be found by its concrete hash (a concretization).  The model of `dict()` keeps
    keys as terms; an empty display gets it too, since keys are often added later
    (`counts = {}; counts[w] = ...`).  Displays of plain keys stay plain dicts."""
    from smartest.models.registry import REGISTRY
    if ACTIVE.get() is None or (keys and not any(_symbolic(k) for k in keys)):
        return dict(zip(keys, values))
    out = REGISTRY["dict"]()
    for k, v in zip(keys, values):
        out[k] = v
    return out


def star(fn, items):
    """`*items` in a call of `fn` the rewrite wrapped: the items, or CPython's TypeError
    for the original call.  Inside `__smartest_call__(fn, *items)` a non-iterable is
    caught by the list being built ("Value after * must be an iterable, not int"), not
    by the call of `fn` ("zip() argument after * must be ..."), and a regression test
    matching the first message fails on the plain function (more-itertools'
    `transpose`, `sort_together`)."""
    t = type(items)
    if hasattr(t, "__iter__") or (hasattr(t, "__getitem__") and not isinstance(items, dict)):
        return items
    name = getattr(fn, "__qualname__", None)
    module = getattr(fn, "__module__", None)
    shown = str(fn) if name is None else f"{name}()" if module in (None, "builtins") else f"{module}.{name}()"
    shown_type = next(b for b in t.__mro__ if not is_proxy_type(b))   # a proxy's builtin
    raise TypeError(f"{shown} argument after * must be an iterable, not {shown_type.__name__}")


def set_display(items: tuple):
    """`{a, b, ...}`: as `dict_display`, through the model of `set()`."""
    from smartest.models.registry import REGISTRY
    if ACTIVE.get() is None or not any(_symbolic(x) for x in items):
        return set(items)
    return REGISTRY["set"](list(items))


HELPERS = {"__smartest_in__": contains, "__smartest_is__": identical, "__smartest_fstring__": fstring, "__smartest_mod__": mod,
           "__smartest_bind__": bind, "__smartest_getitem__": getitem,
           "__smartest_dict__": dict_display, "__smartest_set__": set_display,
           "__smartest_store_key__": plain_index.store_key, "__smartest_star__": star,
           "__smartest_cut__": cut, "__smartest_store_bound__": int_reads.store_bound}
