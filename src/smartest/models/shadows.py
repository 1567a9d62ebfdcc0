"""Library Python code followed like the target's own: rewritten shadows of its functions.

A library function written in Python (`textwrap.dedent`, `html.unescape`,
`inflection.underscore`) that gets a proxy calls C code the way the target's own
code does (`_whitespace_only_re.sub(...)`, `len`, `"..." % x`), but its module has
neither the builtin models nor the source rewrite, so its compiled patterns and C
calls read concrete values: before this, the call ran under a profile hook that could
only record the escape (models/escapes.py), and the search stalled.

So the call guard runs a *shadow* instead: the same function's code, rewritten as
the target's own (`models/rewrite.py`: calls through the guard, `in`, f-strings,
`%`, subscripts), with globals that are a copy of its module's namespace with the
builtin models, modelled modules and compiled-pattern models installed.  Nothing
of the real module changes (its classes, functions and globals stay as they are;
other code, smartest's own included, keeps using them); a shadow is built per call
from the real function's current defaults and closure.  Classes are not copied, so
exceptions and `isinstance` keep their identities; their methods are shadowed when
called through the guard (`Template(s).substitute(...)`), their construction is not
(it still runs under the recording profile hook).

Not shadowed: functions whose module has no source file, code that compiles to
something else than the function holds (an edited file, generated code), closures
whose free variables changed under the rewrite, and the modules of `NEVER`: smartest
itself and what reads frames, threads or import machinery.  Known difference: the
shadow's globals are a copy, so a library function that rebinds a module global
(`global _cache; _cache = ...`) rebinds it in the copy only.
"""
from __future__ import annotations

from types import CodeType, FunctionType, ModuleType

from smartest.models import escapes
from smartest.models.registry import install
from smartest.models.rewrite import _pairs, provide_helpers, rewrite_source

NEVER = frozenset({
    "smartest", "importlib", "threading", "_threading_local", "weakref", "_weakrefset", "typing", "abc", "inspect",
    "traceback", "linecache", "warnings", "contextlib", "multiprocessing", "concurrent", "asyncio", "unittest",
    "pytest", "_pytest", "pluggy", "z3", "coverage", "hypothesis", "copy", "copyreg", "pickle", "functools",
    "site", "runpy", "pdb", "bdb", "logging", "signal", "subprocess", "os", "posixpath", "genericpath", "io",
    "codecs", "encodings", "enum", "dataclasses", "types", "collections", "operator", "reprlib",
})
_MISSING = object()
_NAMESPACES: dict[str, tuple[dict, dict] | None] = {}     # module name -> (shadow globals, code map)
_CODES: dict[CodeType, tuple[CodeType, dict] | None] = {}  # real code -> (rewritten code, shadow globals)


def _namespace(real: dict) -> tuple[dict, dict] | None:
    """The shadow globals of a library module and its map from real to rewritten code."""
    name = real.get("__name__") or ""
    hit = _NAMESPACES.get(name, _MISSING)
    if hit is not _MISSING:
        return hit
    _NAMESPACES[name] = None
    filename = real.get("__file__") or ""
    if name.split(".")[0] in NEVER or real.get(escapes.OWN_MARK) or not filename.endswith(".py"):
        return None
    try:
        with open(filename, encoding="utf-8") as f:
            source = f.read()
        codes = rewrite_source(source, filename)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError, RecursionError):
        return None
    mapping: dict[CodeType, CodeType] = {}
    if codes is not None:
        _pairs(*codes, mapping)
    shadow = ModuleType(f"{name} (shadow)")     # no class of the library has this module name:
    ns = shadow.__dict__                         # installing rebinds globals, never class attributes
    ns.update({k: v for k, v in real.items() if k not in ("__name__", "__builtins__")})
    ns["__builtins__"] = real.get("__builtins__", __builtins__)
    ns[escapes.OWN_MARK] = True      # the rewrite's own pass must not touch the real functions
    provide_helpers(ns)
    install(shadow)
    ns["__name__"] = name
    _NAMESPACES[name] = ns, mapping
    return ns, mapping


def shadow_of(fn: FunctionType) -> FunctionType | None:
    """`fn` (a library function) as a shadow, or None where it cannot be one."""
    code = fn.__code__
    hit = _CODES.get(code, _MISSING)
    if hit is _MISSING:
        hit = None
        found = _namespace(fn.__globals__)
        if found is not None:
            ns, mapping = found
            new = mapping.get(code, code if not mapping else None)
            if new is not None and new.co_freevars == code.co_freevars:
                hit = new, ns
        _CODES[code] = hit
    if hit is None:
        return None
    new, ns = hit
    shadow = FunctionType(new, ns, fn.__name__, fn.__defaults__, fn.__closure__)
    shadow.__kwdefaults__ = fn.__kwdefaults__
    shadow.__qualname__ = fn.__qualname__
    return shadow


escapes.FOLLOWERS.append(shadow_of)
