"""Options of one exploration: keyword-only, validated, with the CLI's defaults."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from smartest.errors import InvalidArgument

DEFAULT_TYPES = ("int", "str", "bool", "float", "bytes")


@dataclass(frozen=True, kw_only=True)
class Options:
    strategy: str = "dart"
    max_runs: int = 1000
    time_limit: float = 60.0          # seconds for the whole exploration
    per_run_timeout: float = 5.0      # seconds for one run of the target
    seed: int = 0
    max_str_len: int = 8
    default_type: str = "int"
    max_depth: int = 5000             # branches recorded per run
    solver_timeout_ms: int = 5000
    strict: bool = False              # every exception is a bug
    stall_restarts: int = 10          # random restarts without a new path before giving up
    run_dir: str | None = ".smartest"  # None: keep nothing on disk
    extra: dict = field(default_factory=dict)  # strategy-specific settings

    def __post_init__(self) -> None:
        from smartest.strategies import STRATEGIES
        if self.strategy not in STRATEGIES:
            raise InvalidArgument(f"unknown strategy {self.strategy!r} (choose from {', '.join(STRATEGIES)})")
        for name in ("max_runs", "max_str_len", "max_depth", "solver_timeout_ms"):
            if getattr(self, name) < 0:
                raise InvalidArgument(f"{name} must be >= 0, not {getattr(self, name)}")
        for name in ("time_limit", "per_run_timeout"):
            if not getattr(self, name) > 0:
                raise InvalidArgument(f"{name} must be > 0, not {getattr(self, name)}")
        if self.default_type not in DEFAULT_TYPES:
            raise InvalidArgument(f"default_type must be one of {', '.join(DEFAULT_TYPES)}")

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}
