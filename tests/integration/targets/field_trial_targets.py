"""Targets for test_field_trial.py: shapes of functions met in packages from the index
(kept out of the test module: an exploration installs its models into every module
under its target's import root)."""
import enum
import os
import re
import signal
import time


def documented_parse(s: str) -> int:
    """Parse a decimal count (like humanize's `activate`, whose docstring promises the
    FileNotFoundError that gettext raises).

    Raises:
        ValueError: if `s` is not a decimal integer.
    """
    n = int(s)
    if n > 5:
        return 1
    return 0


def undocumented_parse(s: str) -> int:
    """Parse a decimal count."""
    n = int(s)
    if n > 5:
        return 1
    return 0


def _helper_documents(s: str) -> int:
    """:raises ValueError: if `s` is not a number."""
    return int(s)


def caller_of_documented(s: str) -> int:
    return _helper_documents(s) + 1


def hex_digest(value: str) -> bool:
    """validators.md5's shape: a 12-digit pattern, longer than the first bound (8)."""
    return bool(re.fullmatch(r"[0-9a-f]{12}", value))


def long_digest(value: str) -> bool:
    """validators.sha1's shape: every match is longer than the deepening ceiling (32)."""
    return bool(re.fullmatch(r"[0-9a-f]{40}", value))


def _overruns(x: int) -> int:
    """Outlives the exploration's time limit, then gets the SIGTERM the CLI's watchdog
    sends a child past its deadline (validators: 7 functions skipped as 'interrupted')."""
    time.sleep(0.4)
    os.kill(os.getpid(), signal.SIGTERM)
    return x


def escape_like(s):
    """jsonpointer.escape: no annotation, used as a string."""
    return s.replace("~", "~0").replace("/", "~1")


def walk_like(parts):
    """jsonpointer.JsonPointer.from_parts: no annotation, nothing says str or int."""
    return [str(p) for p in parts]


def not_iterable(n: int) -> int:
    total = 0
    for x in n:
        total += x
    return total


def finite_label(x: float) -> str:
    """humanize.number.ordinal's shape: `math` imported inside the body, where no module
    global could be rebound to the models."""
    import math
    if not math.isfinite(x):
        return "not finite"
    return "finite"


class _Unit(enum.Enum):
    SECONDS = 1
    MINUTES = 60
    HOURS = 3600


def unit_size(name: str) -> int:
    """humanize.time.naturaldelta's `Unit[minimum_unit.upper()]`: a member looked up by
    a symbolic name (CPython hashes it into `_member_map_`)."""
    unit = _Unit[name.upper()]
    if unit is _Unit.HOURS:
        return -1
    return unit.value


def documented_title(text, small=None):
    """Title-case `text` (titlecase's `titlecase` documents its types this way and
    hands `text` to a module the uses alone do not show as a string's).

    :type text: str
    """
    words = _words(text)
    if len(words) > 1 and words[1] == "of":
        return "small"
    return "other"


def _words(text):
    return text.split(" ") if hasattr(text, "split") else []


def example_join(args):
    """Join shell words (boltons' `args2cmd` shows its argument only in an example).

    >>> example_join(['aa', 'b b'])
    'aa "b b"'
    """
    return " ".join(_quoted(a) for a in args)


def _quoted(a):
    return f'"{a}"' if " " in a else a
