"""Symbolic models of builtins, one file per area, each registering itself.

`install(module)` puts the registered models into a target module's globals, where
they shadow the builtins of the same name for that module's code only.  Importing
this package imports every area module, so registering is all an area has to do.
"""
from smartest.models.registry import NO_JOURNAL, REGISTRY, Journal, install, register
from smartest.models import builtins_core  # noqa: F401  (registers itself)
from smartest.models import numbers  # noqa: F401  (after builtins_core: it extends int, str, type)
from smartest.models import text  # noqa: F401  (after builtins_core: it extends len, ord, str)
from smartest.models import rewrite  # noqa: F401  (installs the source rewrite of `in`, f-strings, %)
from smartest.models import ranges  # noqa: F401
from smartest.models import containers  # noqa: F401  (after builtins_core: it extends len, min, max, type)
from smartest.solving import library as opaque_library  # noqa: F401  (registers itself)
from smartest.models import regex  # noqa: F401  (registers itself)
from smartest.models import twins  # noqa: F401  (registers itself)
from smartest.models import binary  # noqa: F401  (registers itself)
from smartest.models import unicode  # noqa: F401  (registers itself)
from smartest.models import shadows  # noqa: F401  (registers itself with the call guard)

__all__ = ["NO_JOURNAL", "REGISTRY", "Journal", "install", "register"]
