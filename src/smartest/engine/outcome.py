"""Every way a run can end, and which of them are bugs.

A bug is an AssertionError, or an exception the runtime raised inside the target
(IndexError, ZeroDivisionError, TypeError, RecursionError, ValueError from
int('x')...).  An exception the target raises itself with a `raise` statement of
its own code, or one a function of its code on the traceback documents in its
docstring (engine/documented.py), is an expected outcome, unless `strict` is set.
"""
from __future__ import annotations

import dis
import enum
import traceback
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Callable

from smartest.engine.documented import is_documented
from smartest.trace.site import instruction_start, is_own_frame

_RAISE = dis.opmap["RAISE_VARARGS"]


class Outcome(enum.Enum):
    RETURNED = "returned"
    RAISED = "raised"
    TIMEOUT = "timeout"
    EXITED = "exited"      # the target called os._exit: the process would have died
    PRUNED = "pruned"      # the inputs violated an assume(): not a test
    SIDE_EFFECT = "side-effect"  # the sandbox refused a side effect (engine/sandbox.py): never a bug
    MEMORY = "memory"      # the run grew past its memory limit (--per-run-memory)


class RunTimeout(BaseException):
    """Raised into the target by the per-run timer; a BaseException so that the
    target's own `except Exception` cannot swallow it."""


class ProcessExit(BaseException):
    """Raised instead of letting the target end the process with os._exit."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@dataclass(frozen=True)
class Raised:
    type: str          # qualified for non-builtins: "mymod.MyError"
    message: str
    where: str         # file:line of the innermost frame of the target's code
    deliberate: bool   # raised by a `raise` statement of the target's own code, or documented there

    def as_dict(self) -> dict:
        return {"type": self.type, "message": self.message, "where": self.where}


def describe_exception(exc: BaseException, is_own_file: Callable[[str], bool], read_message: bool = True) -> Raised:
    """`read_message=False`: do not call the exception's str() (it hung once already)."""
    cls = type(exc)
    name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__qualname__}"
    try:
        message = str.__str__(str(exc)) if read_message else "<unprintable>"
    except Exception:
        message = "<unprintable>"
    last_user = None
    tb: TracebackType | None = exc.__traceback__
    while tb is not None:
        if not is_own_frame(tb.tb_frame):
            last_user = tb
        tb = tb.tb_next
    where, deliberate = "?", False
    if last_user is not None:
        code = last_user.tb_frame.f_code
        line = last_user.tb_lineno
        where = f"{code.co_filename}:{line}"
        if is_own_file(code.co_filename):
            lasti = instruction_start(code, last_user.tb_lasti) if last_user.tb_lasti >= 0 else -1
            op = code.co_code[lasti] if lasti >= 0 else None
            deliberate = op == _RAISE
    return Raised(name, message, where, deliberate or is_documented(exc, is_own_file))


def is_bug(outcome: Outcome, raised: Raised | None, exc: BaseException | None, strict: bool) -> bool:
    if outcome is not Outcome.RAISED or raised is None:
        return False
    if isinstance(exc, AssertionError) or isinstance(exc, RecursionError):
        return True
    if isinstance(exc, SystemExit):
        return strict
    return strict or not raised.deliberate


def short_traceback(exc: BaseException) -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/smartest/" not in f.filename]
    return "".join(traceback.format_list(frames[-5:]))


def as_json_value(value: Any) -> Any:
    """A JSON-representable form of a plain value (None if there is none)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else None
    if isinstance(value, (list, tuple)):
        items = [as_json_value(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value)) else items
    return None
