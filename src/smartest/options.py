"""Options of one exploration: keyword-only, validated, with the CLI's defaults."""
from __future__ import annotations

from dataclasses import dataclass, field, fields

from smartest.errors import InvalidArgument

DEFAULT_TYPES = ("int", "str", "bool", "float", "bytes")
SOLVING = ("dart", "concretize", "mixed")   # what happens at a call of an opaque function


@dataclass(frozen=True, kw_only=True)
class Options:
    strategy: str = "dart"
    guided: str = "off"               # guidance toward unverified executions: off, may, must, may-must
    max_runs: int = 1000
    time_limit: float = 60.0          # seconds for the whole exploration
    per_run_timeout: float = 5.0      # seconds for one run of the target
    seed: int = 0
    max_str_len: int = 8
    max_len: int = 4                  # most elements of a list/tuple/dict/set input
    deepen: bool = True               # raise the two bounds above when they cut a path (engine/deepening)
    default_type: str = "int"
    max_depth: int = 5000             # branches recorded per run
    solver_timeout_ms: int = 5000
    strict: bool = False              # every exception is a bug
    stall_restarts: int = 10          # random restarts without a new path before giving up
    run_dir: str | None = ".smartest"  # None: keep nothing on disk
    extra: dict = field(default_factory=dict)  # strategy-specific settings
    # Opaque functions and mixed concrete-symbolic solving (calls/opaque.py, solver/mixed.py)
    solving: str = "dart"             # dart: run-time value; concretize: fix the arguments (EXE); mixed
    opaque: tuple = ()                # "module:function" names kept opaque (--opaque)
    partitions: tuple = ()            # ("module:function", "condition over its parameters") pairs
    default_opaque: bool = True       # math's transcendental functions, hash, zlib, hashlib digests
    max_tries: int = 1                # incremental heuristic (Figure 4): 1 = plain mixedIsSatisfiable
    random_tries: int = 8             # random solving: values tried for inputs simplePC leaves free
    partition_heuristic: bool = True  # Figure 5, for functions with partitions
    complex_nonlinear: bool = False   # non-linear integer terms go to the complex part

    def __post_init__(self) -> None:
        from smartest.strategies import STRATEGIES
        if self.strategy not in STRATEGIES:
            raise InvalidArgument(f"unknown strategy {self.strategy!r} (choose from {', '.join(STRATEGIES)})")
        from smartest.guided import CONFIGURATIONS
        if self.guided not in CONFIGURATIONS:
            raise InvalidArgument(f"unknown guided configuration {self.guided!r} (choose from {', '.join(CONFIGURATIONS)})")
        for name in ("max_runs", "max_str_len", "max_len", "max_depth", "solver_timeout_ms"):
            if getattr(self, name) < 0:
                raise InvalidArgument(f"{name} must be >= 0, not {getattr(self, name)}")
        for name in ("time_limit", "per_run_timeout"):
            if not getattr(self, name) > 0:
                raise InvalidArgument(f"{name} must be > 0, not {getattr(self, name)}")
        if self.default_type not in DEFAULT_TYPES:
            raise InvalidArgument(f"default_type must be one of {', '.join(DEFAULT_TYPES)}")
        if self.solving not in SOLVING:
            raise InvalidArgument(f"unknown solving {self.solving!r} (choose from {', '.join(SOLVING)})")
        object.__setattr__(self, "opaque", (self.opaque,) if isinstance(self.opaque, str) else tuple(self.opaque))
        object.__setattr__(self, "partitions", tuple(tuple(p) for p in self.partitions))
        for name in ("max_tries", "random_tries"):
            if getattr(self, name) < 1:
                raise InvalidArgument(f"{name} must be >= 1, not {getattr(self, name)}")

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}
