"""The default opaque functions: library code no solver can reason about.

* `math`'s transcendental functions (sin, cos, exp, log, ...; not `sqrt`, `floor`,
  `ceil`, `isnan`..., which have exact models),
* the builtin `hash` (a model registered by name, like the other builtins),
* `zlib.crc32` / `zlib.adler32` and the `hashlib` digests (`hashlib.sha256(data)`
  with symbolic `data` answers an object whose `digest()`/`hexdigest()` are opaque
  calls of the whole computation).

`--no-default-opaque` (`Options.default_opaque=False`) leaves them alone: then a
symbolic argument reaches them as it does any C code (its concrete value is used).
"""
from __future__ import annotations

import builtins
import functools
import hashlib
import math
from types import ModuleType
from typing import Any, Sequence

from smartest.solving.opaque import OpaqueCallable, mentions_proxy, opaque_call
from smartest.models.registry import register
from smartest.symbolic.realize import realize
from smartest.terms import uninterpreted
from smartest.trace.recorder import ACTIVE, record_concretization

MATH = ("sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
        "atanh", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "hypot", "cbrt",
        "erf", "erfc", "gamma", "lgamma")
CHECKSUMS = ("crc32", "adler32")
DIGESTS = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_224", "sha3_256", "sha3_384",
           "sha3_512", "blake2b", "blake2s")


def default_specs() -> list[str]:
    """The `module:function` names of the default set installed by name."""
    return [f"math:{n}" for n in MATH if hasattr(math, n)] + [f"zlib:{n}" for n in CHECKSUMS]


def _default_on() -> bool:
    rec = ACTIVE.get()
    return rec is not None and getattr(rec.options, "default_opaque", True)


# -- hash ---------------------------------------------------------------------------
_hash = builtins.hash
HASH = OpaqueCallable("builtins:hash", _hash)
uninterpreted.register(HASH)


@register("hash")
def hash_(obj):
    if not _default_on():
        return _hash(obj)
    return opaque_call(HASH, (obj,), {})


# -- hashlib ------------------------------------------------------------------------
def _digest_entry(name: str, method: str) -> OpaqueCallable:
    key = f"hashlib:{name}.{method}"
    entry = OpaqueCallable(key, lambda data: getattr(hashlib.new(name, data), method)())
    uninterpreted.register(entry)
    return entry


_ENTRIES = {(n, m): _digest_entry(n, m) for n in DIGESTS for m in ("digest", "hexdigest")}


class SymbolicDigest:
    """`hashlib.<name>(data)` for a symbolic `data`: the digest of the data is an opaque
    call of the whole hash; `update` leaves the theory (the data is then concrete)."""

    def __init__(self, name: str, data: Any, real: Any) -> None:
        self.name = name
        self._data = data
        self._real = real

    def digest(self):
        if self._data is None:
            return self._real.digest()
        return opaque_call(_ENTRIES[(self.name, "digest")], (self._data,), {})

    def hexdigest(self):
        if self._data is None:
            return self._real.hexdigest()
        return opaque_call(_ENTRIES[(self.name, "hexdigest")], (self._data,), {})

    def update(self, more) -> None:
        record_concretization(f"hashlib {self.name}.update on symbolic data")
        self._real.update(realize(more))
        self._data = None

    def copy(self):
        return self._real.copy() if self._data is None else SymbolicDigest(self.name, self._data, self._real.copy())

    def __getattr__(self, attr):  # digest_size, block_size
        return getattr(self._real, attr)


def _constructor(name: str, original: Any) -> Any:
    @functools.wraps(original)
    def make(*args, **kwargs):
        data = args[0] if args else kwargs.get("data", kwargs.get("string"))
        if data is None or not _default_on() or not mentions_proxy(data):
            return original(*args, **kwargs)
        rest = {k: v for k, v in kwargs.items() if k not in ("data", "string")}
        return SymbolicDigest(name, data, original(realize(data), **rest))

    return make


def replacements(own: Sequence[ModuleType]) -> list[tuple[Any, str, Any]]:
    """(namespace, name, value) patches for the hashlib constructors, in `hashlib` and
    wherever an own module imported one by name."""
    out = []
    for name in DIGESTS:
        original = getattr(hashlib, name, None)
        if original is None:
            continue
        wrapper = _constructor(name, original)
        out.append((hashlib, name, wrapper))
        for mod in own:
            for alias, value in list(vars(mod).items()):
                if value is original:
                    out.append((mod, alias, wrapper))
    return out
