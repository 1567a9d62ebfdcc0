"""Settings a strategy declares for itself: a frozen dataclass named `Settings` in its
folder, whose fields marked with `flag(...)` become command-line flags.

The CLI builds its flags from these declarations and `Options.settings` carries an
instance of the chosen strategy's class, so a default is written once, beside the
code that reads it.
"""
from __future__ import annotations

from dataclasses import field, fields
from typing import Any

from smartest.errors import InvalidArgument


def flag(default: Any, help: str, *, metavar: str | None = None, repeat: bool = False,
         name: str | None = None, kind: type | None = None) -> Any:
    """A setting with a command-line flag (`--name`, the field's name with dashes by
    default).  `repeat`: the flag may be given several times (a tuple of values)."""
    meta = {"flag": name, "help": help, "metavar": metavar, "repeat": repeat, "kind": kind}
    if isinstance(default, (list, dict, set)):
        raise TypeError("settings are frozen: use a tuple default")
    return field(default=default, metadata=meta)


def flagged(settings_type: type) -> list:
    """The fields of a Settings class that have a command-line flag."""
    return [f for f in fields(settings_type) if "flag" in f.metadata]


def flag_name(f) -> str:
    return "--" + (f.metadata["flag"] or f.name.replace("_", "-"))


def typed(strategy: str, settings_type: type | None, value: Any) -> Any:
    """`value` (None, a mapping of field values, or an instance) as an instance of the
    strategy's Settings class; a clear error for anything else."""
    if settings_type is None:
        if value:
            raise InvalidArgument(f"strategy {strategy!r} has no settings (got {value!r})")
        return None
    if value is None:
        return settings_type()
    if isinstance(value, settings_type):
        return value
    if isinstance(value, dict):
        known = {f.name for f in fields(settings_type)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise InvalidArgument(f"unknown setting{'s' if len(unknown) > 1 else ''} for strategy {strategy!r}: "
                                  f"{', '.join(unknown)} (known: {', '.join(sorted(known)) or 'none'})")
        return settings_type(**value)
    raise InvalidArgument(f"settings of strategy {strategy!r} must be a {settings_type.__name__} or a dict, "
                          f"not {type(value).__name__}")

