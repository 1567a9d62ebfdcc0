"""Input kinds of the scalar types added by the numbers and text area: `float`
(IEEE doubles, nan and infinities included) and `bytes` (at most --max-str-len bytes).
Registered through `inputs.register_kind`, so annotations and --default-type know them.
"""
from __future__ import annotations

import random

from smartest.symbolic import inputs
from smartest.symbolic.bytestr import make_bytes, new_bytes_input
from smartest.symbolic.floats import make_float, new_float_input
from smartest.terms import build
from smartest.terms.term import Sort


def _draw_float(rng: random.Random, options) -> float:
    pick = rng.random()
    if pick < 0.3:
        return float(rng.randint(-10, 10))
    if pick < 0.6:
        return round(rng.uniform(-10.0, 10.0), 3)
    return rng.uniform(-1000.0, 1000.0)


def _kind(name, sort, draw, proxy, domain, wrap, types):
    # Kinds may carry how to wrap a value with a known term and their plain types
    # (for containers of them); pass those only where InputKind has the fields.
    extra = {"wrap": wrap, "types": types} if "wrap" in getattr(inputs.InputKind, "__dataclass_fields__", {}) else {}
    return inputs.InputKind(name, sort, draw, proxy, domain, **extra)


FLOAT = _kind("float", Sort.FLOAT, _draw_float, new_float_input, lambda v, o: None, make_float, (float,))
inputs.register_kind(float, FLOAT, "float")


def _draw_bytes(rng: random.Random, options) -> bytes:
    n = rng.randint(0, options.max_str_len)
    if rng.random() < 0.5:
        return bytes(rng.randint(32, 126) for _ in range(n))
    return bytes(rng.randint(0, 255) for _ in range(n))


BYTES = _kind("bytes", Sort.BYTES, _draw_bytes, new_bytes_input,
              lambda v, o: build.le(build.length(v), build.const(o.max_str_len)), make_bytes, (bytes,))
inputs.register_kind(bytes, BYTES, "bytes")
