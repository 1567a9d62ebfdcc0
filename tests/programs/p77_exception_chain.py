"""Exceptions on purpose: a custom hierarchy, try/except/else/finally, `raise ... from`
turning a ZeroDivisionError into the program's own ConfigError (a deliberate raise), and
a LimitError raised in a callee and caught by its base class."""


class AppError(Exception):
    pass


class ConfigError(AppError):
    pass


class LimitError(AppError):
    pass


def check_limit(n: int) -> int:
    if n > 100:
        raise LimitError(n)
    return n


def load(n: int) -> str:
    events = []
    try:
        try:
            value = check_limit(n)
            ratio = 100 // value
        except ZeroDivisionError as e:
            raise ConfigError("zero is not a valid limit") from e
        else:
            events.append("else")
        finally:
            events.append("finally")
    except AppError as e:
        if isinstance(e, LimitError):
            return "limited:" + ",".join(events)
        raise
    if ratio < 0:
        return "negative:" + ",".join(events)
    return "big" if ratio >= 50 else "small"


EXPECTED = {
    "function": "load",
    "reach": [
        "return 'limited:finally'",
        "return 'negative:else,finally'",
        "return 'big'",
        "return 'small'",
        "raise ConfigError",
    ],
    "never": ["bug ZeroDivisionError", "bug LimitError"],
    "complete": True,
    "witness": {
        "return 'limited:finally'": {"n": 101},
        "return 'negative:else,finally'": {"n": -3},
        "return 'big'": {"n": 2},
        "return 'small'": {"n": 100},
        "raise ConfigError": {"n": 0},
    },
}
