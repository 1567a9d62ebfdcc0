"""Options of one exploration: keyword-only, validated, with the CLI's defaults.

Only what the engine and the orthogonal layers read lives here.  The names of
`strategy` and `guided` are checked where the registries are (`api.check_options`),
so that this module imports nothing above it; a strategy's own settings are its
`Settings` dataclass, carried in `settings`."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, is_dataclass

from smartest.engine.sandbox import KINDS as SIDE_EFFECT_KINDS
from smartest.errors import InvalidArgument

DEFAULT_TYPES = ("int", "str", "bool", "float", "bytes")
SOLVING = ("dart", "concretize", "mixed")   # what happens at a call of an opaque function


@dataclass(frozen=True, kw_only=True)
class Options:
    strategy: str = "duet"            # measured in issue 12: within 2x of the best strategy's runs on every bug
    guided: str = "off"               # guidance toward unverified executions: off, may, must, may-must
    max_runs: int = 1000
    max_bugs: int = 0                 # stop once this many bugs are found (0: never), as pytest's -x
    time_limit: float = 60.0          # seconds for the whole exploration
    per_run_timeout: float = 5.0      # seconds for one run of the target
    seed: int = 0
    max_str_len: int = 8
    max_len: int = 4                  # most elements of a list/tuple/dict/set input
    deepen: bool = True               # raise the two bounds above when they cut a path (engine/deepening)
    default_type: str = "int"
    max_depth: int = 5000             # branches recorded per run
    # A solver check is bounded by z3's steps (`rlimit`), so its answer does not depend
    # on machine load; the wall-clock timeout is only a backstop (0: none).  50M steps:
    # about 6 s idle here, twice the hardest query of the corpus and benchmarks (p40:
    # 23.7M steps).  A 60 s backstop fired on p40 on this machine at load 15 (its 2.8 s
    # query took over a minute), so the backstop is 10 minutes.
    solver_timeout_ms: int = 600_000
    solver_rlimit: int = 50_000_000
    strict: bool = False              # every exception is a bug
    stall_restarts: int = 10          # random restarts without a new path before giving up
    run_dir: str | None = ".smartest"  # None: keep nothing on disk
    workers: int = 1                  # processes exploring at once (engine/parallel.py); 0: one per core
    ray: str | None = None            # a Ray cluster's address, "auto" or "local": workers as Ray actors
    settings: object = None           # the chosen strategy's own Settings (strategies/<name>), or a dict of them
    # Opaque functions and mixed concrete-symbolic solving (calls/opaque.py, solver/mixed.py)
    solving: str = "dart"             # dart: run-time value; concretize: fix the arguments (EXE); mixed
    opaque: tuple = ()                # "module:function" names kept opaque (--opaque)
    partitions: tuple = ()            # ("module:function", "condition over its parameters") pairs
    default_opaque: bool = True       # math's transcendental functions, hash, zlib, hashlib digests
    max_tries: int = 1                # incremental heuristic (Figure 4): 1 = plain mixedIsSatisfiable
    random_tries: int = 8             # random solving: values tried for inputs simplePC leaves free
    partition_heuristic: bool = True  # Figure 5, for functions with partitions
    complex_nonlinear: bool = False   # non-linear integer terms go to the complex part
    # Confinement of the target (engine/sandbox.py, engine/isolation.py)
    sandbox: bool = True              # refuse the target's side effects during runs
    allow: tuple = ()                 # side-effect kinds the sandbox lets through (--allow)
    per_run_memory: int = 0           # MB one run may grow the process by, 0 for no limit

    def __post_init__(self) -> None:
        for name in ("max_runs", "max_bugs", "max_str_len", "max_len", "max_depth", "solver_timeout_ms", "solver_rlimit",
                     "workers"):
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
        object.__setattr__(self, "allow", (self.allow,) if isinstance(self.allow, str) else tuple(self.allow))
        unknown = sorted(set(self.allow) - set(SIDE_EFFECT_KINDS))
        if unknown:
            raise InvalidArgument(f"unknown --allow kind {unknown[0]!r} (choose from {', '.join(SIDE_EFFECT_KINDS)}, all)")
        if self.per_run_memory < 0:
            raise InvalidArgument(f"per_run_memory must be >= 0, not {self.per_run_memory}")
        for name in ("max_tries", "random_tries"):
            if getattr(self, name) < 1:
                raise InvalidArgument(f"{name} must be >= 1, not {getattr(self, name)}")

    def as_dict(self) -> dict:
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        if is_dataclass(self.settings):
            values["settings"] = asdict(self.settings)
        return values
