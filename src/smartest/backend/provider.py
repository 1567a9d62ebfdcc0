"""`SmartestProvider`: the Hypothesis backend `smartest`, a PrimitiveProvider that runs test cases concolically.

    @settings(backend="smartest")        # registered by the `hypothesis` entry point
    @given(st.integers(), st.text())
    def test_f(n, s): ...

One provider lives for the whole test function (lifetime "test_function") and keeps a
`CaseSearch` (cases.py): each test case is one run of DART's search.  On entering a
test case the provider solves for the next inputs; each `draw_*` call then takes the
value of its variable (`draw<i>:<kind>`, draws.py) from that assignment, records the
draw's domain as an assumption, and hands Hypothesis a proxy (`SymInt`, `SymStr`,
`SymFloat`, `SymBytes`) that records branches while the strategies and the test run.
Booleans cannot be proxies (`bool` has no subclasses): a boolean draw is a decision
recorded at its own site, like the choice of a Union alternative.

Hypothesis's rules kept: `realize` answers plain values, so shrinking, replay and the
database see ordinary choices and a failure reproduces with the default backend.  When
the searcher has nothing left, the next test case raises `BackendCannotProceed`:
"verified" if every feasible path was run (no concretization, no cut domain, no
divergence), else "exhausted", and Hypothesis finishes with its own backend.  Draws
whose constraints cannot be followed (a value the solver proposed that Hypothesis would
reject) fall back on a fresh value, never on an error.
"""
from __future__ import annotations

import contextlib
import math
from typing import Any, Iterable

from hypothesis.control import current_build_context
from hypothesis.errors import BackendCannotProceed
from hypothesis.internal.conjecture.choice import choice_permitted
from hypothesis.internal.conjecture.providers import PrimitiveProvider

from smartest.backend import draws
from smartest.backend.cases import CaseSearch, CaseSettings, SearchOver
from smartest.backend.modules import install_models, roots_of
from smartest.engine import ambient
from smartest.engine.standins import standins
from smartest.engine.target import _is_own
from smartest.symbolic.bytestr import new_bytes_input
from smartest.symbolic.choice import input_site
from smartest.symbolic.floats import new_float_input
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.realize import realize, scalar_value
from smartest.symbolic.strs import new_str_input
from smartest.terms.term import Sort
from smartest.trace.recorder import ACTIVE

_PLAIN = (int, float, str, bytes, bool, type(None))


class SmartestProvider(PrimitiveProvider):
    """Hypothesis's choices from smartest's concolic search (DART's depth-first order)."""

    lifetime = "test_function"
    # Hypothesis would otherwise size, print and hash every draw (to bytes, pretty, event
    # caches): each such use is a concretization that would cost the run its exactness.
    avoid_realization = True
    settings = CaseSettings()

    def __init__(self, conjecturedata: Any, /) -> None:
        super().__init__(conjecturedata)
        self.search = CaseSearch(self.settings)
        self._index = 0
        self._installed = False
        self._is_own = None

    # -- the test-case boundary -------------------------------------------------------
    @contextlib.contextmanager
    def per_test_case_context_manager(self):
        if not self._installed:
            self._installed = True
            try:
                test = current_build_context().wrapped_test
            except Exception:  # no test running (a provider driven by hand)
                test = None
            install_models(test)
            roots = roots_of(test)
            self._is_own = lambda filename: any(_is_own(filename, root) for root in roots)
        try:
            recorder = self.search.begin()
        except SearchOver as over:
            raise BackendCannotProceed("verified" if over.verified else "exhausted") from None
        self._index = 0
        # The test's reads of the command line, environment, clock... are concretizations
        # (engine/ambient.py): a test case that reads them is not verified.
        ambient.watch(self._is_own)
        watched = standins()
        token = ACTIVE.set(recorder)
        watched.begin()
        try:
            yield
        finally:
            watched.end()
            ambient.watch(None)
            ACTIVE.reset(token)
            try:
                self.search.finish()
            except Exception as e:  # the test's own outcome must not be masked by ours
                self.search.incomplete(f"recording a test case failed ({type(e).__name__}: {e})")

    # -- draws ------------------------------------------------------------------------
    def _next(self, kind: str, sort: Sort):
        i = self._index
        self._index += 1
        v = draws.variable(i, kind, sort)
        return v, self.search.assignment.get(v.value)

    def _assume(self, v, domain) -> None:
        rec = ACTIVE.get()
        if rec is not None and domain.op != "const":
            rec.assume(domain, True, site=input_site(v.value))

    def _keep(self, v, value) -> None:
        self.search.values[v.value] = value

    def _pick(self, proposed, expected: type, constraints: dict, fallbacks: Iterable[Any]):
        """The solver's value if Hypothesis permits it, else the first fallback that it does."""
        for value in (proposed, *fallbacks):
            if type(value) is expected and choice_permitted(value, constraints):
                return value
        raise BackendCannotProceed("discard_test_case")

    def draw_boolean(self, p: float = 0.5) -> bool:
        if p <= 0 or p >= 1:
            return p >= 1
        v, proposed = self._next("bool", Sort.BOOL)
        value = proposed if type(proposed) is bool else self.search.rng.random() < max(p, 0.25)
        self._keep(v, value)
        rec = ACTIVE.get()
        if rec is not None:
            rec.branch(v, value, site=input_site(v.value))
        return value

    def draw_integer(self, min_value: int | None = None, max_value: int | None = None, *,
                     weights: dict[int, float] | None = None, shrink_towards: int = 0) -> int:
        lo, hi = _plain(min_value), _plain(max_value)
        if lo is not None and lo == hi:
            return lo
        v, proposed = self._next("int", Sort.INT)
        constraints = {"min_value": lo, "max_value": hi}
        value = self._pick(proposed, int, constraints,
                           (draws.default_integer(self.search.rng, lo, hi), lo, hi, shrink_towards))
        self._keep(v, value)
        self._assume(v, draws.integer_domain(v, min_value, max_value))
        return new_int_input(v.value, value)

    def draw_float(self, *, min_value: float = -math.inf, max_value: float = math.inf, allow_nan: bool = True,
                   smallest_nonzero_magnitude: float = 5e-324) -> float:
        lo, hi = float(_plain(min_value)), float(_plain(max_value))
        snm = float(_plain(smallest_nonzero_magnitude))
        v, proposed = self._next("float", Sort.FLOAT)
        constraints = {"min_value": lo, "max_value": hi, "allow_nan": allow_nan, "smallest_nonzero_magnitude": snm}
        value = self._pick(proposed, float, constraints,
                           (draws.default_float(self.search.rng, lo, hi), lo, hi, 0.0, -0.0, snm, -snm,
                            math.nan))
        self._keep(v, value)
        if math.isnan(value):
            # Hypothesis replaces a drawn NaN by a canonical plain one, so the test's
            # branches on it are not recorded: the paths below it are never searched.
            self.search.incomplete("a NaN draw reaches the test as a plain float")
            return value
        self._assume(v, draws.float_domain(v, lo, hi, allow_nan, snm))
        return new_float_input(v.value, value)

    def draw_string(self, intervals, *, min_size: int = 0, max_size: int = 8 * 1024) -> str:
        min_size, max_size = int(_plain(min_size)), int(_plain(max_size))
        if max_size == 0 or len(intervals) == 0:
            return ""
        cap = self.search.settings.max_str_len
        v, proposed = self._next("str", Sort.STR)
        constraints = {"intervals": intervals, "min_size": min_size, "max_size": max_size}
        ranges = tuple(intervals.intervals)
        value = self._pick(proposed, str, constraints,
                           (draws.default_text(self.search.rng, min_size, max_size, cap, ranges),
                            chr(ranges[0][0]) * min_size))
        self._keep(v, value)
        domain, exact = draws.text_domain(v, min_size, max_size, cap, ranges)
        if not exact:
            self.search.incomplete(f"strings longer than {cap} or an alphabet of many ranges are not searched")
        if len(value) > cap:
            self.search.incomplete(f"a string of more than {cap} characters was drawn concretely")
            return value
        self._assume(v, domain)
        return new_str_input(v.value, value)

    def draw_bytes(self, min_size: int = 0, max_size: int = 8 * 1024) -> bytes:
        min_size, max_size = int(_plain(min_size)), int(_plain(max_size))
        if max_size == 0:
            return b""
        cap = self.search.settings.max_str_len
        v, proposed = self._next("bytes", Sort.BYTES)
        constraints = {"min_size": min_size, "max_size": max_size}
        value = self._pick(proposed, bytes, constraints,
                           (draws.default_bytes(self.search.rng, min_size, max_size, cap), b"\0" * min_size))
        self._keep(v, value)
        domain, exact = draws.text_domain(v, min_size, max_size, cap, None)
        if not exact:
            self.search.incomplete(f"byte strings longer than {cap} are not searched")
        if len(value) > cap:
            return value
        self._assume(v, domain)
        return new_bytes_input(v.value, value)

    # -- plain values for Hypothesis ------------------------------------------------------
    def realize(self, value: Any, *, for_failure: bool = False) -> Any:
        try:
            return _plain_value(value, 0)
        except Exception:
            raise BackendCannotProceed("discard_test_case") from None

    def observe_test_case(self) -> dict[str, Any]:
        s = self.search.stats
        return {"runs": s.runs, "divergences": s.divergences, "complete": s.complete}

    def observe_information_messages(self, *, lifetime):
        if lifetime == "test_function" and self.search.stats.reasons:
            yield {"type": "info", "title": "smartest: search not complete",
                   "content": "; ".join(sorted(self.search.stats.reasons))}


def _plain_value(x: Any, depth: int) -> Any:
    """`x` with its proxies replaced by their values: scalars, builtin containers (a few
    levels deep) and smartest's symbolic containers.  Any other object is answered as it
    is: Hypothesis hands `realize` whatever it is about to print or store, and walking an
    arbitrary object graph costs more than it can find (a draw is a scalar)."""
    t = type(x)
    if t in _PLAIN:
        return x
    plain = scalar_value(x)
    if plain is not x:
        return plain
    if depth > 8:
        return x
    if t in (list, tuple, set, frozenset):
        return t(_plain_value(v, depth + 1) for v in x)
    if t is dict:
        return {_plain_value(k, depth + 1): _plain_value(v, depth + 1) for k, v in x.items()}
    if t.__module__.startswith("smartest.symbolic"):
        return realize(x)
    return x


def _plain(x: Any) -> Any:
    """A bound as a plain value (a bound may be a proxy when it came from an earlier draw)."""
    return scalar_value(x) if x is not None else None

