"""The target's own memoized functions start every run empty.

Runs share smartest's process, so a `functools.lru_cache` (or `cache`) on a function of
the target's own modules would answer a later run from an earlier run's call: its body,
and the branches it records, would be skipped, and the run would leave the path it was
predicted to take with nothing recorded to say why (wcwidth's `resolve_terminal`).
Each run is meant to start from the module state the import left, so the caches are
emptied before it, a plain replay's as a symbolic run's.  The wrappers are found once
per target (module globals and class attributes of its own modules).
"""
from __future__ import annotations

import functools

from smartest.calls.intercept import own_modules

_LRU = functools._lru_cache_wrapper
_FOUND: dict[int, tuple] = {}     # id(target) -> (target, its cache wrappers)


def clear_own_caches(target) -> None:
    hit = _FOUND.get(id(target))
    if hit is None or hit[0] is not target:
        hit = _FOUND[id(target)] = (target, tuple(_wrappers(target)))
    for wrapper in hit[1]:
        wrapper.cache_clear()


def _wrappers(target) -> list:
    found, seen = [], set()
    for module in own_modules(target.is_own_file):
        for value in list(vars(module).values()):
            members = list(vars(value).values()) if isinstance(value, type) else [value]
            for v in members:
                v = getattr(v, "__func__", v)     # a static or class method's function
                if isinstance(v, _LRU) and id(v) not in seen:
                    seen.add(id(v))
                    found.append(v)
    return found
