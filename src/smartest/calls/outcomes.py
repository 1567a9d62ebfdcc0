"""Outcome classes of a call (SMART §3.1): what summaries and demand-driven trees
split a function's paths by; shared by the compositional strategies."""
from __future__ import annotations

from typing import Any

from smartest.symbolic.bools import SymBool
from smartest.symbolic.ints import SymInt
from smartest.symbolic.strs import SymStr
from smartest.terms import Sort

Outcome = tuple  # ("value", "Int") | ("none",) | ("object", "tuple") | ("raise", "ValueError")

_VALUE_SORTS = {int: Sort.INT, SymInt: Sort.INT, str: Sort.STR, SymStr: Sort.STR, bool: Sort.BOOL, SymBool: Sort.BOOL}


def symbolic_sort(value: Any) -> Sort | None:
    """The sort of a value a formal parameter or a postcondition can stand for
    (exact types only: an int subclass such as an IntEnum keeps its identity)."""
    return _VALUE_SORTS.get(type(value))


def outcome_of(result: Any = None, raised: BaseException | None = None) -> Outcome:
    if raised is not None:
        return ("raise", type(raised).__qualname__)
    if result is None:
        return ("none",)
    sort = symbolic_sort(result)
    if sort is not None:
        return ("value", sort.value)
    return ("object", type(result).__qualname__)
