"""Registers smartest as the Hypothesis backend `smartest`, importing nothing of smartest.

Hypothesis runs every function of the `hypothesis` entry-point group when it is
imported (pyproject.toml: `[project.entry-points.hypothesis]`).  The provider is named
by a dotted path, so smartest, z3 and the models are loaded only when a test asks for
`backend="smartest"`.
"""

PROVIDER = "smartest.backend.provider.SmartestProvider"


def register() -> None:
    """Make `backend="smartest"` available (the entry point calls this when Hypothesis is
    imported; call it yourself when smartest is on sys.path but not installed)."""
    from hypothesis.internal.conjecture.providers import AVAILABLE_PROVIDERS
    AVAILABLE_PROVIDERS.setdefault("smartest", PROVIDER)


_hypothesis_setup_hook = register
