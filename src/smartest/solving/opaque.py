"""Opaque functions: calls kept out of symbolic execution, handled per `--solving`.

A function is *opaque* when the user marks it (`@smartest.opaque`, the paper's
`@Concrete("true")`; `@smartest.partition(...)`, its `@Partition`; `--opaque
module:function` for code the user cannot edit) or when it is in the default set of
library functions (`solving/library.py`).  Under smartest a call of an opaque
function with symbolic arguments runs the function on the plain argument values (the
run needs its concrete result) and then, by the run's `solving` setting:

    dart        the result is a plain value: DART's run-time simplification; the call
                is recorded as a concretization (the path constraint is not exact)
    concretize  EXE-style: each symbolic argument is fixed to its value, as an
                assumption on the rest of the path, and the result is a plain value
    mixed       the result is a proxy whose term is the uninterpreted application
                `uf[key](argument terms)`; the mixed solver (solver/mixed.py) splits it
                into the complex part of path constraints and evaluates the function
                on candidate values

This is not a CallPolicy: the search strategy owns that axis, and opaque calls
combine with every strategy.  Opaque functions must be **pure**: the mixed solver
calls them on candidate values in isolation, outside any run.  Outside smartest (no
active recorder) every wrapper calls straight through.
"""
from __future__ import annotations

import functools
import inspect
import random
import sys
from typing import Any, Callable, Sequence

from smartest.errors import InvalidArgument
from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import make_int
from smartest.symbolic.realize import realize, term_of
from smartest.symbolic.strs import make_str
from smartest.terms import Sort, Term, build, const, var
from smartest.terms import uninterpreted
from smartest.terms.rewrite import substitute
from smartest.trace.recorder import ACTIVE

# Reasons recorded as concretizations start with this, then the function's key.
REASON = "opaque call "
RUN_TIME_VALUE = "run-time value (DART)"
ARGUMENTS_FIXED = "arguments fixed (EXE)"


class OpaqueCallable:
    """A Python function kept opaque: the registry entry the mixed solver calls."""

    def __init__(self, key: str, fn: Callable[..., Any]) -> None:
        self.key = key
        self.fn = fn
        self.conditions: list[Callable[..., Any]] = []   # the @partition conditions
        self._templates: dict[tuple[Sort, ...], tuple[tuple[Term, ...], tuple[Term, ...]]] = {}
        self._signature: inspect.Signature | None | bool = False

    def call(self, values: Sequence[Any]) -> Any:
        return self.fn(*values)

    def add_conditions(self, conditions: Sequence[Callable[..., Any]]) -> None:
        for c in conditions:
            if not callable(c):
                raise InvalidArgument(f"partition conditions of {self.key} must be callables, "
                                      f"not {type(c).__name__}")
        self.conditions.extend(conditions)
        self._templates.clear()

    def keep_conditions(self, n: int) -> None:
        """Drop every condition after the first `n` (those added for one exploration)."""
        del self.conditions[n:]
        self._templates.clear()

    def partitions(self, args: tuple[Term, ...]) -> tuple[Term, ...]:
        """The partition conditions instantiated on the argument terms of one application."""
        if not self.conditions:
            return ()
        sorts = tuple(a.sort for a in args)
        hit = self._templates.get(sorts)
        if hit is None:
            hit = self._templates[sorts] = self._make_templates(sorts)
        params, templates = hit
        mapping = dict(zip(params, args))
        return tuple(substitute(t, mapping) for t in templates)

    def _make_templates(self, sorts: tuple[Sort, ...]) -> tuple[tuple[Term, ...], tuple[Term, ...]]:
        """Each condition applied once to stand-ins for the parameters (fresh variables
        `key#i`), giving a term to instantiate by substitution at every application."""
        params = tuple(var(f"{self.key}#{i}", s) for i, s in enumerate(sorts))
        stand_ins = [_stand_in(p) for p in params]
        token = ACTIVE.set(_Trap())
        try:
            templates = []
            for i, cond in enumerate(self.conditions):
                try:
                    result = cond(*stand_ins)
                except _Misuse:
                    raise InvalidArgument(
                        f"partition condition {i + 1} of {self.key} needs a concrete value (`and`, `or`, "
                        f"`not`, `if` or an operation without a model); combine comparisons with & and |"
                    ) from None
                except Exception as e:
                    raise InvalidArgument(f"partition condition {i + 1} of {self.key} raised "
                                          f"{type(e).__name__}: {e}") from None
                term = term_of(result)
                if term is None or term.sort is not Sort.BOOL:
                    raise InvalidArgument(f"partition condition {i + 1} of {self.key} is not a condition "
                                          f"(it gave {type(result).__name__})")
                templates.append(term)
        finally:
            ACTIVE.reset(token)
        return params, tuple(templates)

    def positional(self, args: tuple, kwargs: dict) -> tuple | None:
        """The arguments as one positional tuple (keyword arguments bound by name), or None."""
        if not kwargs:
            return args
        if self._signature is False:
            try:
                self._signature = inspect.signature(self.fn)
            except (TypeError, ValueError):
                self._signature = None
        if self._signature is None:
            return None
        try:
            bound = self._signature.bind(*args, **kwargs)
        except TypeError:
            return None
        kinds = [self._signature.parameters[n].kind for n in bound.arguments]
        if any(k not in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD) for k in kinds):
            return None
        return tuple(bound.arguments.values())


class _Misuse(Exception):
    pass


class _Trap:
    """Stands in for the recorder while partition conditions are built: any branch or
    concretization means the condition used a concrete value, which is an error."""

    options = None
    suspended = 0

    def branch(self, *args, **kwargs):
        raise _Misuse()

    assume = concretize = branch


def _stand_in(v: Term) -> Any:
    """A proxy for the variable `v`, of the input kind of its sort."""
    from smartest.symbolic.inputs import KINDS
    for kind in KINDS.values():
        if kind.sort is v.sort:
            value = {Sort.INT: 0, Sort.STR: "", Sort.BOOL: False}.get(v.sort)
            if value is None:
                from smartest.options import Options
                value = kind.draw(random.Random(0), Options())
            return kind.proxy(v.value, value)
    raise InvalidArgument(f"no input kind of sort {v.sort.value} for a partition parameter")


# -- results: which Python values have a sort, and how to make their proxies -----------

_RESULTS: dict[type, tuple[Sort, Callable[[Any, Term], Any]]] = {
    bool: (Sort.BOOL, lambda value, term: SymBool(value, term)),
    int: (Sort.INT, make_int),
    str: (Sort.STR, make_str),
}


def register_result_type(pytype: type, sort: Sort, make: Callable[[Any, Term], Any]) -> None:
    """Let opaque functions returning `pytype` give a proxy `make(value, term)` of `sort`
    (value areas other than int/str/bool register here, e.g. floats)."""
    _RESULTS[pytype] = (sort, make)


def _result(key: str, terms: tuple[Term, ...], value: Any) -> Any:
    hit = _RESULTS.get(type(value))
    if hit is not None:
        sort, make = hit
        return make(value, uninterpreted.app(key, terms, sort))
    # A value area that registered an input kind but no result maker (floats, bytes):
    # its proxies keep their term in a `term` attribute, as SymInt and SymStr do.
    from smartest.symbolic.inputs import KINDS
    kind = KINDS.get(type(value))
    if kind is None:
        return None
    proxy = kind.proxy(f"{key}()", value)
    try:
        proxy.term = uninterpreted.app(key, terms, kind.sort)
    except AttributeError:
        return None
    return proxy


def _arg_term(x: Any) -> Term | None:
    t = term_of(x)
    if t is not None:
        return t
    t = getattr(x, "term", None)   # a proxy of another value area
    if isinstance(t, Term):
        return t
    try:
        return const(x)
    except TypeError:
        return None


def mentions_proxy(x: Any, depth: int = 0) -> bool:
    t = term_of(x)
    if t is not None:
        return not t.is_const
    if isinstance(getattr(x, "term", None), Term):
        return True
    if depth < 3 and type(x) in (list, tuple, set, frozenset):
        return any(mentions_proxy(v, depth + 1) for v in x)
    if depth < 3 and type(x) is dict:
        return any(mentions_proxy(k, depth + 1) or mentions_proxy(v, depth + 1) for k, v in x.items())
    return False


def run_plain(fn: Callable[..., Any], args: Sequence[Any], kwargs: dict | None = None) -> Any:
    """Call `fn` on plain values with no recorder: nothing it does is recorded."""
    token = ACTIVE.set(None)
    try:
        return fn(*args, **(kwargs or {}))
    finally:
        ACTIVE.reset(token)


def opaque_call(entry: OpaqueCallable, args: tuple, kwargs: dict) -> Any:
    """One call of an opaque function during a run (see the module docstring)."""
    rec = ACTIVE.get()
    if rec is None or not (any(mentions_proxy(a) for a in args) or
                           any(mentions_proxy(v) for v in kwargs.values())):
        return entry.fn(*args, **kwargs)
    frame = sys._getframe(1)
    plain_args, plain_kwargs = realize(args), realize(kwargs)
    value = run_plain(entry.fn, plain_args, plain_kwargs)
    mode = getattr(rec.options, "solving", "dart")
    bound = entry.positional(args, kwargs) if mode != "dart" else None
    terms = None if bound is None else tuple(_arg_term(a) for a in bound)
    if terms is not None and any(t is None for t in terms):
        terms = None
    if mode == "mixed" and terms is not None:
        proxy = _result(entry.key, terms, value)
        if proxy is not None:
            return proxy
        rec.concretize(f"{REASON}{entry.key}: result of type {type(value).__name__} has no sort", frame)
        return value
    if mode == "concretize" and terms is not None:
        try:
            fixed = [build.eq(t, const(v)) for t, v in zip(terms, realize(bound)) if not t.is_const]
        except TypeError:  # a value with no constant term: only its run-time value is known
            fixed = None
        if fixed is not None:
            for condition in fixed:
                rec.assume(condition, True, frame)
            rec.concretize(f"{REASON}{entry.key}: {ARGUMENTS_FIXED}", frame)
            return value
    rec.concretize(f"{REASON}{entry.key}: {RUN_TIME_VALUE}", frame)
    return value


# -- wrappers and annotations -------------------------------------------------------

def wrap(entry: OpaqueCallable) -> Callable[..., Any]:
    fn = entry.fn

    @functools.wraps(fn)
    def opaque_wrapper(*args, **kwargs):
        if ACTIVE.get() is None:
            return fn(*args, **kwargs)
        return opaque_call(entry, args, kwargs)

    opaque_wrapper.__smartest_opaque__ = entry
    return opaque_wrapper


def entry_of(fn: Any) -> OpaqueCallable | None:
    """The opaque entry of a wrapper made by `wrap`, else None."""
    return getattr(fn, "__smartest_opaque__", None)


def make_opaque(fn: Callable[..., Any], key: str | None = None) -> Callable[..., Any]:
    """The opaque wrapper of `fn`, registered under `key` (default `module:qualname`)."""
    if entry_of(fn) is not None:
        return fn
    if not callable(fn):
        raise InvalidArgument(f"opaque needs a function, not {type(fn).__name__}")
    if key is None:
        key = f"{getattr(fn, '__module__', None) or 'builtins'}:{getattr(fn, '__qualname__', repr(fn))}"
    entry = OpaqueCallable(key, fn)
    uninterpreted.register(entry)
    return wrap(entry)


def opaque(fn: Callable[..., Any] | None = None, /) -> Any:
    """Keep calls of `fn` opaque (the paper's `@Concrete("true")`); `@opaque` or `@opaque()`.

    A no-op outside smartest.  Under smartest the call is handled as `--solving`
    says: run-time value (dart), arguments fixed (concretize) or an uninterpreted
    application evaluated by the solver on candidate values (mixed).  The function
    must be pure: it may be called on other arguments, in isolation, at any time.
    """
    if fn is None:
        return opaque
    return make_opaque(fn)


def partition(*conditions: Callable[..., Any]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Partition the domain of an opaque function (the paper's `@Partition`), e.g.
    `@partition(lambda x: x > 3, lambda x: x <= 3)`; implies `@opaque`.

    Each condition takes the function's arguments and is built from comparisons
    combined with `&` and `|` (not `and`/`or`/`not`, which need a concrete value).  When
    mixed solving fails on a path constraint that calls the function, it tries again
    with each condition added (Figure 5)."""
    if not conditions:
        raise InvalidArgument("partition needs at least one condition")

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        wrapper = make_opaque(fn)
        entry_of(wrapper).add_conditions(conditions)
        return wrapper

    return deco
