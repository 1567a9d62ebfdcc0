"""The layers of `smartest`, lowest first: a module may import its own layer and the
ones below it, never one above (the rule `test_layers.py` checks)."""

_ORDER = [
    # leaves that import nothing of smartest: the audit-hook sandbox (Options checks its
    # kinds) and the CLI's watchdog
    ("smartest.errors", "smartest.terms", "smartest.engine.sandbox", "smartest.watchdog"),
    ("smartest.trace", "smartest.solver", "smartest.options"),
    ("smartest.symbolic",),
    # the default opaque functions (solving/library.py) register as models of builtins
    ("smartest.models", "smartest.calls", "smartest.solving"),
    ("smartest.search",),
    ("smartest.annotations",),
    ("smartest.engine",),
    ("smartest.report",),
    ("smartest.emit",),
    ("smartest.guided", "smartest.strategies"),
    ("smartest.api", "smartest.project"),
    ("smartest.cli", "smartest.__main__", "smartest.backend"),
    ("smartest",),
]

LAYERS = {name: rank for rank, names in enumerate(_ORDER) for name in names}
