"""Library modules run as their pure-Python twins: `json.loads` of a symbolic string.

CPython's `json` decodes with C (`_json.scanstring`, `c_make_scanner`), which reads
the concrete string.  The same module ships pure-Python versions (`py_scanstring`,
`py_make_scanner`, `JSONObject`, `JSONArray`) with the same behaviour, so instead of
a model, `json.loads` of a proxy runs those: private copies of `json.decoder` and
`json.scanner`, loaded from their source through the target rewrite (`in`, `d[k]`,
f-strings) with the builtin models installed, their compiled patterns modelled
(`models/regex.py`) and the real `JSONDecodeError` in place, so the target catches
what it would catch.  Exact wherever the pieces they call are modelled; where one is
not, that piece records its own concretization.

`bisect` and `heapq` need no twin: their C accelerators compare elements with `<`,
which calls the proxies' own comparison methods, so every decision is recorded.
`decimal` (`_pydecimal`) and `datetime` (`_pydatetime`, 3.12+) are not routed yet.
"""
from __future__ import annotations

import functools
import inspect
import json
import json.decoder
import json.scanner
import re
from types import ModuleType

from smartest.models.modules import register_function
from smartest.models.regex import SymPattern
from smartest.models.registry import install
from smartest.models.rewrite import _functions, provide_helpers, rewrite_source
from smartest.symbolic.realize import realize
from smartest.symbolic.strs import SymStr
from smartest.trace.recorder import record_concretization


def _modelled_default(value):
    """A default argument bound to a compiled pattern's method, rebound to the model's."""
    owner = getattr(value, "__self__", None)
    if type(owner) is re.Pattern and callable(value):
        return getattr(SymPattern(owner), value.__name__)
    return value


def _twin(real: ModuleType) -> ModuleType:
    source = inspect.getsource(real)
    original, rewritten = rewrite_source(source, real.__file__)
    mod = ModuleType(real.__name__, real.__doc__)
    mod.__file__ = real.__file__
    ns = mod.__dict__
    provide_helpers(ns)
    ns["__smartest_rewritten__"] = True
    exec(rewritten, ns)  # noqa: S102 - the standard library's own source, rewritten
    if real.__name__ == "json.scanner":
        # The C scanner reads ASCII digits only; the Python twin's `\d` takes any Unicode
        # digit ('1𝟎' would be a number): pin the twin to the C scanner's reading.
        ns["NUMBER_RE"] = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?",
                                     ns["NUMBER_RE"].flags)
    install(mod)
    for fn in _functions(mod):
        if fn.__defaults__:
            fn.__defaults__ = tuple(_modelled_default(v) for v in fn.__defaults__)
    return mod


@functools.lru_cache(maxsize=1)
def _json_twins() -> tuple[ModuleType, ModuleType]:
    decoder, scanner = _twin(json.decoder), _twin(json.scanner)
    decoder.JSONDecodeError = json.decoder.JSONDecodeError
    scanner.JSONDecodeError = json.decoder.JSONDecodeError
    return decoder, scanner


@register_function("json", "loads")
def loads(s, **kwargs):
    if type(s) is not SymStr:
        return json.loads(s, **kwargs)
    if kwargs:
        record_concretization("json.loads with keyword arguments is not modelled")
        return json.loads(realize(s), **kwargs)
    decoder, scanner = _json_twins()
    dec = decoder.JSONDecoder()
    dec.parse_string = decoder.py_scanstring
    dec.scan_once = scanner.py_make_scanner(dec)
    return dec.decode(s)
