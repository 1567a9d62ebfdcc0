"""Escapes: every place where code smartest does not follow reads a proxy's concrete value.

A proxy subclasses `str`/`int`/`bytes`..., so C code that receives one reads the
concrete value straight from the object (`re`'s matcher reads the string's buffer,
`zlib.crc32` the bytes, `io.StringIO` copies the text) and no method of the proxy is
ever called: the run goes on concretely and, unless something notices, the search
ends claiming `complete`.  So what is followed is an *allow-list*, and everything
else that receives a proxy records a concretization (site, callee, reason):

* calls in the target's own code go through `call` (the source rewrite turns every
  call with arguments into `__smartest_call__(f, ...)`): a C callable given a proxy
  is an escape unless it is in `FOLLOWED_BUILTINS` or a method of a container type
  in `FOLLOWED_OWNERS` (those touch their arguments only through the proxies' own
  dunders: hashing, comparison, iteration, which are themselves models or record);
  models (smartest's functions) and the target's own functions are followed;
* a library function written in Python (`re.search`, `textwrap.dedent`, `shlex.split`)
  given a proxy runs as a rewritten shadow, followed like own code (models/shadows.py,
  through `FOLLOWERS`); where it cannot be one, it runs under a profile hook that records every call of an unfollowed C
  function made while a proxy is among the calling frame's locals (an
  approximation: a temporary never stored in a local is not seen), and the reads of
  a SymInt that followed callees, subscripts and `range` make in C
  (models/library_reads.py);
* library code the interpreter would run by itself goes through the guard too: a
  library function handed to a C callable that calls it back (`CALLS_BACK`: map's
  function, sorted's key), and a class's Python `__getitem__`, `__contains__`,
  `__len__` and `__call__` (models/syntax.py, builtins_core.py);
* dunders the proxy classes inherit from their builtin base without overriding them
  (`__format__`, `__len__` of a str reached from C, `__sizeof__`...) get recording
  wrappers (`guard_inherited`), public methods already have them in each proxy's
  module.
"""
from __future__ import annotations

import _abc
import builtins
import collections
import sys
from types import BuiltinFunctionType, FunctionType, MethodType, MethodWrapperType, WrapperDescriptorType
from typing import Any, Callable

from smartest.models import library_reads
from smartest.models.int_reads import reads_int_value as _reads_int_value
from smartest.models.registry import REGISTRY
from smartest.symbolic.bytestr import SymBytes
from smartest.symbolic.dicts import SymDict
from smartest.symbolic.floats import SymFloat
from smartest.symbolic.ints import SymInt
from smartest.symbolic.lists import SymList
from smartest.symbolic.sets import SymSet
from smartest.symbolic.strs import SymStr
from smartest.symbolic.tuples import SymTuple
from smartest.trace.recorder import ACTIVE
from smartest.trace.site import is_own_frame, user_site

OWN_MARK = "__smartest_rewritten__"      # set in the globals of every rewritten (own) module
_MethodDescriptorType = type(str.join)
_ClassMethodDescriptorType = type(dict.__dict__["fromkeys"])
_C_CALLABLES = (BuiltinFunctionType, _MethodDescriptorType, WrapperDescriptorType, MethodWrapperType,
                _ClassMethodDescriptorType)

# Builtins (by name) that touch a proxy only through its dunders (hash, eq, lt, iter,
# bool, index, format...), each of which is a model or records; or that never let
# its value flow back into the run (id, print).  Not hex/oct/bin: `PyNumber_Index`
# hands an int subclass back as it is and C reads its digits (they have models).
FOLLOWED_BUILTINS = frozenset({
    "abs", "all", "any", "callable", "delattr", "dict", "divmod", "enumerate", "filter", "format", "frozenset",
    "getattr", "hasattr", "hash", "id", "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min",
    "next", "object", "pow", "print", "property", "repr", "reversed", "round", "set", "setattr", "sorted",
    "sum", "super", "tuple", "type", "zip", "classmethod", "staticmethod", "bool", "slice", "range", "vars",
    "ascii",
})
# Types whose C methods reach their arguments only through the object protocol.
FOLLOWED_OWNERS = (list, dict, set, frozenset, tuple, object, type, collections.deque, collections.OrderedDict,
                   collections.defaultdict)
# Library modules whose Python code is run under the profile hook and trusted to
# show every C call it makes with a proxy at hand.  The hook cannot see a C *type*
# being called (`io.StringIO(s)` inside shlex) nor an instance of a C type being
# called (json's scanner), so a library function of any other module that gets a
# proxy records a concretization of its own: unknown library code is an escape
# until it is known not to be.
FOLLOWED_LIBRARY = frozenset({
    "abc", "base64", "bisect", "calendar", "collections", "copy", "dataclasses", "enum", "fnmatch", "fractions",
    "functools", "genericpath", "heapq", "html", "numbers", "operator", "posixpath", "re", "statistics", "string",
    "textwrap", "typing", "urllib.parse",
})
# C callables of library modules that touch the arguments at these positions (and
# keyword names) only through the object protocol: `iter()` (the proxies' own
# `__iter__`, which follows the length), comparisons, truth, calls.  A proxy anywhere
# else is still an escape: C reads a count with `PyNumber_AsSsize_t`, which takes an
# int subclass's value without calling it (`islice(s, n)`, `combinations(s, r)`,
# `bisect`'s `lo`/`hi`), or a sequence's length (`bisect_left(xs, x)` of a list proxy:
# only a plain list, whose length is its own, may be searched).  ALL: every position.
ALL = -1
PROTOCOL_ARGS: dict[str, tuple[frozenset, frozenset]] = {
    name: (frozenset(positions), frozenset(names)) for name, positions, names in (
        ("itertools.chain", (ALL,), ()), ("itertools.chain.from_iterable", (0,), ()),
        ("itertools.pairwise", (0,), ()), ("itertools.groupby", (0, 1), ("iterable", "key")),
        ("itertools.zip_longest", (ALL,), ("fillvalue",)), ("itertools.cycle", (0,), ()),
        ("itertools.compress", (0, 1), ("data", "selectors")), ("itertools.takewhile", (0, 1), ()),
        ("itertools.dropwhile", (0, 1), ()), ("itertools.filterfalse", (0, 1), ()),
        ("itertools.starmap", (0, 1), ()), ("itertools.accumulate", (0, 1), ("iterable", "func", "initial")),
        ("itertools.islice", (0,), ()), ("itertools.tee", (0,), ()), ("itertools.repeat", (0,), ("object",)),
        ("itertools.product", (ALL,), ()), ("itertools.combinations", (0,), ("iterable",)),
        ("itertools.combinations_with_replacement", (0,), ("iterable",)),
        ("itertools.permutations", (0,), ("iterable",)),
        ("bisect.bisect_left", (1,), ("x", "key")), ("bisect.bisect_right", (1,), ("x", "key")),
        ("bisect.insort_left", (1,), ("x", "key")), ("bisect.insort_right", (1,), ("x", "key")),
    )}
_FOLLOWED_BUILTIN_OBJECTS = frozenset([id(getattr(builtins, n)) for n in FOLLOWED_BUILTINS] +
                                      [id(_abc._abc_instancecheck), id(_abc._abc_subclasscheck)])  # isinstance on ABCs

# Filled by the modules that follow more (kept out of this module's imports: they
# import it).  FOLLOWERS: each maps a library Python function to one run as the
# target's own code (models/shadows.py), or None.  BOUND_MODELS: C type -> (object,
# method name) -> the method's model or None (a compiled pattern's `sub`, models/regex.py).
FOLLOWERS: list[Callable[[FunctionType], Callable | None]] = []
BOUND_MODELS: dict[type, Callable[[Any, str], Callable | None]] = {}

_PROXY: dict[type, bool] = {}


def is_proxy(x: Any) -> bool:
    """A value of smartest's symbolic layer (a scalar proxy or a symbolic container)."""
    t = type(x)
    hit = _PROXY.get(t)
    if hit is None:
        hit = _PROXY[t] = getattr(t, "__module__", "").startswith("smartest.symbolic")
    return hit


def holds_proxy(args: tuple, kwargs: dict | None = None) -> bool:
    """A proxy among the arguments, or one level down in a plain list, tuple, set or dict."""
    for a in (args if not kwargs else (*args, *kwargs.values())):
        if is_proxy(a):
            return True
        t = type(a)
        if t is list or t is tuple or t is set or t is frozenset:
            if len(a) <= 64 and any(is_proxy(v) for v in a):
                return True
        elif t is dict and len(a) <= 64 and (any(is_proxy(v) for v in a) or any(is_proxy(v) for v in a.values())):
            return True
    return False


def holds_proxy_state(obj: Any) -> bool:
    """An object of a Python class whose attributes hold a proxy (one level down, as
    `holds_proxy`): `string.Template(s)` keeps `s` in `self.template`, and its
    `substitute()` hands it to C `re` with no argument to see."""
    if not type(obj).__dictoffset__ or is_proxy(obj) or isinstance(obj, _NOT_STATE):
        return False     # no attributes of its own (a list, a str, None), or not a value
    try:
        d = object.__getattribute__(obj, "__dict__")
    except (AttributeError, TypeError):
        return False
    return type(d) is dict and len(d) <= 64 and holds_proxy(tuple(d.values()))


_NOT_STATE = (type, type(sys), FunctionType, MethodType, BuiltinFunctionType)


def _keeps_proxy(args: tuple, kwargs: dict) -> bool:
    """An argument that keeps a proxy in its attributes (the common case, arguments
    without attributes of their own, costs one type lookup each)."""
    for a in (args if not kwargs else (*args, *kwargs.values())):
        if type(a).__dictoffset__ and holds_proxy_state(a):
            return True
    return False


def _owner(fn: Any) -> Any:
    owner = getattr(fn, "__objclass__", None)
    if owner is None:
        bound = getattr(fn, "__self__", None)
        if bound is not None and not isinstance(bound, type(sys)):
            owner = bound if isinstance(bound, type) else type(bound)
    return owner


# Exceptions whose C `__init__` only keeps its arguments (BaseException's, and
# SystemExit's, which also keeps `code`): `super().__init__(message)` in a package's own
# exception class (jmespath's LexerError, docopt's DocoptExit) reads nothing of a
# proxy; C taking their text later records where it happens (trace/recorder.py).
_STORING_INITS = frozenset({BaseException, Exception, ValueError, TypeError, LookupError, IndexError, KeyError,
                            RuntimeError, ArithmeticError, ZeroDivisionError, AssertionError,
                            NotImplementedError, SystemExit})


def followed_c(fn: Any) -> bool:
    """Whether a C callable is on the allow-list (see the module docstring)."""
    if id(fn) in _FOLLOWED_BUILTIN_OBJECTS:
        return True
    if getattr(fn, "__name__", None) == "__init__" and getattr(fn, "__objclass__", None) in _STORING_INITS:
        return True
    if isinstance(fn, type):
        return fn in FOLLOWED_OWNERS or fn.__module__ == "builtins" and fn.__name__ in FOLLOWED_BUILTINS
    owner = _owner(fn)
    if owner is None:
        return False
    if is_proxy_type(owner):
        # A method the proxy inherits from its builtin base: the proxy modules wrap
        # the public ones; one reached here is an escape.
        return False
    if owner in FOLLOWED_OWNERS:
        return True
    # A C method bound to an instance of a subclass (`class Stack(list)`): followed if
    # the class that defines it is.
    name = getattr(fn, "__name__", None)
    definer = next((k for k in getattr(owner, "__mro__", ()) if name in k.__dict__), None)
    return definer is not None and definer is not object and definer in FOLLOWED_OWNERS


def protocol_only(fn: Any, args: tuple, kwargs: dict) -> bool:
    """Whether every proxy among the arguments of the C callable `fn` is at a position
    that `PROTOCOL_ARGS` lists for it (the others must not be proxies; a plain list of
    proxies there is read as the plain list it is)."""
    spec = PROTOCOL_ARGS.get(callee_name(fn))
    if spec is None:
        return False
    positions, names = spec
    if ALL not in positions and any(is_proxy(a) for i, a in enumerate(args) if i not in positions):
        return False
    return not any(is_proxy(v) for k, v in kwargs.items() if k not in names)


def is_proxy_type(t: Any) -> bool:
    return isinstance(t, type) and getattr(t, "__module__", "").startswith("smartest.symbolic")


def callee_name(fn: Any) -> str:
    """`module.qualname` of a callable, as a user would write it."""
    if isinstance(fn, type):
        return f"{fn.__module__}.{fn.__qualname__}".replace("_io.", "io.")
    owner = _owner(fn)
    name = getattr(fn, "__name__", type(fn).__name__)
    if owner is not None:
        base = next((b for b in owner.__mro__ if not is_proxy_type(b)), owner)
        module = getattr(base, "__module__", "")
        prefix = "" if module in ("builtins", None) else module.lstrip("_") + "."
        return f"{prefix}{base.__qualname__}.{name}"
    module = getattr(fn, "__module__", None) or getattr(getattr(fn, "__self__", None), "__name__", "")
    module = (module or "").lstrip("_")
    return f"{module}.{name}" if module and module != "builtins" else name


def _python_callable(fn: Any):
    """The Python function behind `fn` (a function, a bound method), or None."""
    t = type(fn)
    if t is FunctionType:
        return fn
    if t is MethodType and type(fn.__func__) is FunctionType:
        return fn.__func__
    return None


def _is_python_class(cls: type) -> bool:
    for b in cls.__mro__:
        d = b.__dict__
        if type(d.get("__init__")) is FunctionType or type(d.get("__new__")) is staticmethod:
            return True
    return False


_FOLLOWED, _C = "", None     # what `_callee_kind` answers besides a library callee's name


def _callee_kind(fn: Any) -> str | None:
    """`_FOLLOWED` for code smartest follows (the target's, a model, a stand-in or proxy
    class, an exception class, a callable object), `_C` for a C callable, or the name of
    library code written in Python (a function, a bound method, a class)."""
    py = _python_callable(fn)
    if py is not None:
        module = py.__globals__
        if module.get(OWN_MARK) or module.get("__name__", "").startswith("smartest"):
            return _FOLLOWED
        return f"{py.__module__}.{py.__qualname__}"
    if isinstance(fn, type):
        module = fn.__module__
        if module.startswith("smartest") or type(fn).__module__.startswith("smartest") or \
                issubclass(fn, BaseException):
            return _FOLLOWED     # a model (a stand-in class, a proxy type), or an exception: it keeps its args
        if module != "builtins" and _is_python_class(fn):
            own = sys.modules.get(module)
            return _FOLLOWED if own is not None and vars(own).get(OWN_MARK) else callee_name(fn)
        return _C
    return _C if isinstance(fn, _C_CALLABLES) else _FOLLOWED


def call(fn: Callable, /, *args, **kwargs):
    """`fn(*args, **kwargs)`, recording a concretization when a proxy escapes into code
    smartest does not follow (what every call with arguments, and every method call, of
    the target's own code becomes)."""
    rec = ACTIVE.get()
    if rec is None:
        return fn(*args, **kwargs)
    if id(fn) in (_CALLING_BUILTINS or _calling_builtins()):
        args, kwargs = _guarded_callbacks(args, kwargs)
    if not holds_proxy(args, kwargs):
        # No proxy among the arguments.  Library Python code given an object that keeps
        # one in its attributes, or a method of such an object, with or without arguments
        # (`string.Template(s).substitute(a="Z")`), is followed or watched all the same; C code
        # reads such an object only through the protocol (the attributes are the proxies).
        if not (holds_proxy_state(getattr(fn, "__self__", None)) or ((args or kwargs) and _keeps_proxy(args, kwargs))):
            return fn(*args, **kwargs)
        kind = _callee_kind(fn)
        if not kind:
            return fn(*args, **kwargs)
        return _library(fn, args, kwargs, kind)
    for v in (*args, *kwargs.values()):
        # A function handed to another (sorted's key=, map's function) gets the proxies
        # too: an unfollowed C one among them (key=str.lower) is an escape.
        if isinstance(v, _C_CALLABLES) and not followed_c(v):
            rec.concretize("C function passed as an argument used the concrete value", sys._getframe(1),
                           callee=callee_name(v))
    if not isinstance(fn, _PLAIN_CALLABLES) and type(getattr(type(fn), "__call__", None)) is FunctionType:
        fn = fn.__call__     # an instance of a Python class: its `__call__` is the code that runs
    kind = _callee_kind(fn)
    if kind:
        return _library(fn, args, kwargs, kind)
    if kind is _C:
        if callee_name(fn) in CALLS_BACK:
            args, kwargs = _guarded_callbacks(args, kwargs)
        bound = BOUND_MODELS.get(type(getattr(fn, "__self__", None)))
        if bound is not None:
            model = bound(fn.__self__, fn.__name__)
            if model is not None:
                return model(*args, **kwargs)
        if not protocol_only(fn, args, kwargs) and (not followed_c(fn) or _reads_int_value(fn, args, kwargs)):
            rec.concretize("C code used the concrete value", sys._getframe(1), callee=callee_name(fn))
    return fn(*args, **kwargs)


# C callables that call a function they are given, during the call or later from the
# iterator they return.  A library function written in Python among their arguments
# would run as the interpreter runs it, neither shadowed nor watched, and read the
# proxies C hands it in C silently (`map(package.count, [n])` with `range(n)` inside):
# it goes in wrapped, so that each of its calls goes through `call` like a call in own code.
CALLS_BACK = frozenset({
    "map", "filter", "sorted", "min", "max", "list.sort", "iter", "functools.reduce",
    "itertools.groupby", "itertools.takewhile", "itertools.dropwhile", "itertools.filterfalse",
    "itertools.starmap", "itertools.accumulate",
})
_CALLING_NAMES = ("map", "filter", "sorted", "min", "max")
_CALLING_BUILTINS: set[int] = set()     # their ids and their models' (the models register after this module loads)


def _calling_builtins() -> set[int]:
    if not _CALLING_BUILTINS:
        for n in _CALLING_NAMES:
            _CALLING_BUILTINS.update({id(getattr(builtins, n)), id(REGISTRY.get(n, getattr(builtins, n)))})
    return _CALLING_BUILTINS
_PLAIN_CALLABLES = (*_C_CALLABLES, type, FunctionType, MethodType)


def _guarded_callbacks(args: tuple, kwargs: dict) -> tuple[tuple, dict]:
    """`args` and `kwargs` with each library callable written in Python wrapped to run
    through `call` (the target's own functions and models are left as they are)."""
    if not any(_is_library_callable(v) for v in (*args, *kwargs.values())):
        return args, kwargs
    return (tuple(_through_call(v) if _is_library_callable(v) else v for v in args),
            {k: _through_call(v) if _is_library_callable(v) else v for k, v in kwargs.items()})


def _is_library_callable(v: Any) -> bool:
    t = type(v)
    return (t is FunctionType or t is MethodType or isinstance(v, type)) and bool(_callee_kind(v))


def _through_call(fn: Callable) -> Callable:
    def callback(*args, **kwargs):
        return call(fn, *args, **kwargs)
    callback.__wrapped__ = fn
    return callback


def _library(fn: Callable, args: tuple, kwargs: dict, name: str):
    """Library code written in Python, given a proxy: run as a copy with the models
    installed (models/shadows.py, through FOLLOWERS) where one can be made, else watched
    by the profile hook, which records every unfollowed C call it makes."""
    py = _python_callable(fn)
    if py is not None:
        for follow in FOLLOWERS:
            shadow = follow(py)
            if shadow is not None:
                return shadow(fn.__self__, *args, **kwargs) if py is not fn else shadow(*args, **kwargs)
    return _watched(fn, args, kwargs, name)


def _frame_holds_proxy(frame) -> bool:
    """A proxy among the frame's locals, one level down in a plain container, or in the
    attributes of a local object (`self.text`): an approximation of "the C call may
    read a proxy", since its arguments are not visible to the hook."""
    try:
        values = tuple(frame.f_locals.values())
    except Exception:  # noqa: BLE001 - a frame whose locals cannot be read: say nothing
        return False
    return holds_proxy(values) or any(holds_proxy_state(v) for v in values)


def _frame_holds_symbolic_int(frame) -> bool:
    """A SymInt among the frame's locals, one level down, or in a local's attributes
    (`self.width`): what the hook takes for "C may read one" where it sees no operand."""
    try:
        values = tuple(frame.f_locals.values())
    except Exception:  # noqa: BLE001 - a frame whose locals cannot be read: say nothing
        return False
    if library_reads.holds_symbolic_int(values):
        return True
    for v in values:
        if type(v).__dictoffset__ and not is_proxy(v) and not isinstance(v, _NOT_STATE):
            d = getattr(v, "__dict__", None)
            if type(d) is dict and len(d) <= 64 and library_reads.holds_symbolic_int(tuple(d.values())):
                return True
    return False


def _where(frame) -> str:
    return "/".join(frame.f_code.co_filename.split("/")[-2:]) + f":{frame.f_lineno}"


def _watched(fn: Callable, args: tuple, kwargs: dict, name: str):
    """Run library Python code that got a proxy, recording the unfollowed C functions it
    calls while a proxy is among its locals."""
    if sys.getprofile() is not None:
        return fn(*args, **kwargs)     # already watched (nested), or someone else's profiler
    rec = ACTIVE.get()
    site = user_site(sys._getframe(2))
    module = getattr(fn, "__module__", None) or ""
    if module not in FOLLOWED_LIBRARY and module.split(".")[0] not in FOLLOWED_LIBRARY:
        rec.concretize("library code not known to be followed got a symbolic value", site=site, callee=name)

    def watch(frame, event, arg):
        if event == "c_call":
            if is_own_frame(frame) or frame.f_globals.get(OWN_MARK) or not isinstance(arg, _C_CALLABLES):
                return
            if not followed_c(arg):
                if _frame_holds_proxy(frame):
                    rec.concretize(f"C code reached through {name} ({_where(frame)}) used the concrete value",
                                   site=site, callee=callee_name(arg))
            elif library_reads.c_call_reads_int(frame, arg, _frame_holds_symbolic_int):
                rec.concretize(f"C code reached through {name} ({_where(frame)}) read a symbolic int as a C "
                               f"integer", site=site, callee=callee_name(arg))
        elif event == "call":
            # No call event shows a subscript, a slice, `%` or a C type being called
            # (`range(n)`): decided once per frame, from its code and its arguments.
            if library_reads.reads_without_call(frame.f_code) and not is_own_frame(frame) and \
                    not frame.f_globals.get(OWN_MARK) and _frame_holds_symbolic_int(frame):
                rec.concretize(f"library code reached through {name} ({_where(frame)}) may index, slice or "
                               f"count with a symbolic int in C", site=site,
                               callee=f"{frame.f_globals.get('__name__', '')}.{frame.f_code.co_qualname}")

    sys.setprofile(watch)
    try:
        return fn(*args, **kwargs)
    finally:
        sys.setprofile(None)


# -- dunders the proxies inherit ---------------------------------------------------
# Inherited dunders that read nothing the run could branch on, or that Python itself
# calls to build, inspect or pickle the object.
SAFE_DUNDERS = frozenset({
    "__class__", "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__", "__dir__",
    "__init_subclass__", "__subclasshook__", "__reduce__", "__reduce_ex__", "__sizeof__", "__doc__",
    "__getnewargs__", "__getstate__", "__class_getitem__", "__ne__", "__repr__", "__str__", "__getformat__",
    "__copy__", "__deepcopy__", "__eq__",
})


def _recording_dunder(base: type, name: str):
    method = getattr(base, name)
    callee = f"{base.__name__}.{name}"
    getframe = sys._getframe

    if name in _UNARY:
        def op(self):   # the common case (len() of a str from C), without argument packing
            rec = ACTIVE.get()
            if rec is not None and not is_own_frame(getframe(1)):
                rec.concretize("C code used the concrete value", getframe(1), callee=callee)
            return method(self)
    else:
        def op(self, *args, **kwargs):
            rec = ACTIVE.get()
            if rec is not None and not is_own_frame(getframe(1)):
                rec.concretize("C code used the concrete value", getframe(1), callee=callee)
            return method(self, *args, **kwargs)

    op.__name__ = name
    op.__qualname__ = callee
    op.__smartest_escape__ = True
    return op


_UNARY = frozenset({"__len__", "__bytes__", "__iter__", "__reversed__", "__bool__", "__int__", "__float__",
                    "__index__", "__hash__", "__neg__", "__pos__", "__abs__", "__invert__"})


def unguarded(cls: type, base: type) -> list[str]:
    """Methods and dunders `cls` gets from `base` (C code) without a model or a
    recording wrapper."""
    out = []
    for name in dir(base):
        if name in SAFE_DUNDERS or name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            continue
        if not callable(getattr(base, name, None)):
            continue
        owner = next((k for k in cls.__mro__ if name in k.__dict__), None)
        if owner is None or not is_proxy_type(owner) and owner is not cls:
            out.append(name)
    return out


def guard_inherited(cls: type, base: type) -> None:
    """Give `cls` a recording wrapper for every method it would inherit from `base`."""
    for name in unguarded(cls, base):
        setattr(cls, name, _recording_dunder(base, name))


# The proxy classes and the builtin each stands in for (the unit test walks these).
PROXIES: tuple[tuple[type, type], ...] = ((SymStr, str), (SymInt, int), (SymBytes, bytes), (SymFloat, float),
                                          (SymList, list), (SymTuple, tuple), (SymDict, dict), (SymSet, set))
for _cls, _base in PROXIES:
    guard_inherited(_cls, _base)
