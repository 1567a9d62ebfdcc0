"""Mixed concrete-symbolic solving (Păsăreanu et al., ISSTA'11, ../shared/papers),
orthogonal to the strategy: what happens when a symbolic value reaches a function
the solver cannot reason about.

    module      implements
    ──────      ──────────
    opaque.py   `@opaque` / `@partition`: a call kept as an uninterpreted function application
    names.py    `--opaque MODULE:FUNCTION` and the default opaque functions, installed for a run
    library.py  the default opaque functions (math's transcendental functions, hash, zlib, hashlib)
    mixed.py    the solver layer that splits a path constraint into simple and complex parts
                and solves the complex part with concrete values (Figures 2-5)

`--solving dart` uses the run-time value (DART), `concretize` fixes the arguments
(EXE), `mixed` solves as SPF's mixed concrete-symbolic solving does.
"""
