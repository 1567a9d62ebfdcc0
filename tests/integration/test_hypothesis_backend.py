"""The Hypothesis backend `smartest`: registration, hidden bugs found and replayed by the
default backend, the cannot-proceed scopes, assume/filter, strategies it cannot follow,
stateful tests, and Hypothesis's own conformance checks for providers.

Every run is deterministic: derandomize=True, no database, no deadline, and the
provider's own random choices come from a fixed seed."""
from __future__ import annotations

import contextlib
import datetime
import os
import subprocess
import sys
import tomllib

import pytest
from hypothesis import HealthCheck, Phase, assume, example, given, settings, strategies as st
from hypothesis.errors import BackendCannotProceed
from hypothesis.internal.conjecture.provider_conformance import run_conformance_test
from hypothesis.internal.conjecture.providers import AVAILABLE_PROVIDERS, with_register_backend
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import smartest_hypothesis
from smartest.backend.provider import SmartestProvider
from smartest.symbolic.ints import new_int_input
from smartest.symbolic.strs import new_str_input
from smartest.trace.recorder import ACTIVE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))
from hypothesis_props import PROPERTIES, HiddenBug, recording  # noqa: E402

smartest_hypothesis.register()   # what the entry point does once installed

QUIET = dict(database=None, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck),
             phases=[Phase.explicit, Phase.generate, Phase.shrink])


def smartest_settings(**kw):
    return settings(backend="smartest", **{**QUIET, **kw})


class Probe(SmartestProvider):
    """The smartest provider, keeping what an outside observer needs: the instance,
    and the scope of every BackendCannotProceed it raised."""

    last: "Probe | None" = None

    def __init__(self, data, /):
        super().__init__(data)
        self.scopes: list[str] = []
        Probe.last = self

    @contextlib.contextmanager
    def per_test_case_context_manager(self):
        try:
            with super().per_test_case_context_manager():
                yield
        except BackendCannotProceed as e:
            self.scopes.append(e.scope)
            raise


def probe_settings(**kw):
    return settings(backend="smartest-probe", **{**QUIET, **kw})


@pytest.fixture
def probe():
    with with_register_backend("smartest-probe", Probe):
        yield


def symbolic_now() -> bool:
    return ACTIVE.get() is not None


# -- registration ------------------------------------------------------------------------

def test_entry_point_registers_the_provider_by_dotted_path():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["entry-points"]["hypothesis"]["smartest"] == "smartest_hypothesis:_hypothesis_setup_hook"
    assert any(dep.startswith("hypothesis>=") for dep in project["optional-dependencies"]["hypothesis"])
    path = AVAILABLE_PROVIDERS["smartest"]
    module, _, name = path.rpartition(".")
    assert getattr(__import__(module, fromlist=[name]), name) is SmartestProvider


# -- hidden bugs -------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(PROPERTIES))
def test_hidden_bug_found_and_replayed_by_the_default_backend(name):
    fn, strategies = PROPERTIES[name]
    failing = []
    prop = recording(fn, failing)
    with pytest.raises(HiddenBug):
        smartest_settings(max_examples=100)(given(st.tuples(*strategies))(prop))()
    args = failing[-1]
    assert all(type(a) in (int, str, float, list) for a in args)
    with pytest.raises(HiddenBug):          # the plain function, on the reported input
        fn(*args)
    replay = settings(backend="hypothesis", database=None, phases=[Phase.explicit])(
        example(args)(given(st.tuples(*strategies))(lambda a: fn(*a))))
    with pytest.raises(HiddenBug):          # and Hypothesis's default backend, on the same input
        replay()


# -- when the search ends -----------------------------------------------------------------

def test_a_finite_search_is_verified_and_not_repeated(probe):
    seen = []

    @probe_settings(max_examples=50)
    @given(st.integers(), st.text(max_size=3))
    def prop(x, s):
        if symbolic_now():
            seen.append((int(x), str(s)))
        if x > 5 and s == "ab":
            return

    prop()
    # Paths: x <= 5; x > 5 and s != "ab" (s checked through its length first); x > 5, s == "ab".
    assert Probe.last.scopes == ["verified"]
    assert len(seen) == len(set(seen)) >= 3
    assert any(x > 5 and s == "ab" for x, s in seen)
    assert any(x <= 5 for x, s in seen)


def test_a_search_with_values_it_cannot_reach_is_exhausted_not_verified(probe):
    @probe_settings(max_examples=50)
    @given(st.text())           # strings longer than the solver's bound are never tried
    def prop(s):
        assert isinstance(s, str)

    prop()
    assert Probe.last.scopes == ["exhausted"]
    assert Probe.last.search.stats.reasons


def test_a_test_that_reads_the_clock_is_exhausted_not_verified(probe):
    # Its paths depend on the time of day, which no choice of x reaches (engine/ambient.py);
    # before, the search said "verified" after the paths of x alone.
    @probe_settings(max_examples=50)
    @given(st.integers())
    def prop(x):
        if x > 5 and datetime.datetime.now().year > 3000:
            return

    prop()
    assert Probe.last.scopes == ["exhausted"]
    assert any("the clock" in r for r in Probe.last.search.stats.reasons), Probe.last.search.stats.reasons


def test_assume_and_filter_are_followed():
    found = []

    @smartest_settings(max_examples=60)
    @given(st.integers(), st.integers().filter(lambda v: v % 7 == 3))
    def prop(x, v):
        assume(x > 1000)
        if x == 4321 and v == 700003:
            found.append((x, v))
            raise HiddenBug("assume and filter")

    with pytest.raises(HiddenBug):
        prop()
    x, v = found[-1]
    assert x > 1000 and v % 7 == 3 and (x, v) == (4321, 700003)


# -- strategies it cannot follow ------------------------------------------------------------

def test_strategies_it_cannot_follow_still_run_with_draws_realized(probe):
    runs = []

    @probe_settings(max_examples=30)
    @given(st.from_regex(r"[a-z]{2,5}@[a-z]{3}\.(com|org)", fullmatch=True),
           st.builds(datetime.timedelta, days=st.integers(-5, 5), seconds=st.integers(0, 100)),
           st.decimals(allow_nan=False, allow_infinity=False, places=2))
    def prop(email, delta, amount):
        runs.append(symbolic_now())
        assert "@" in email and email.endswith((".com", ".org"))
        assert isinstance(delta, datetime.timedelta) and -6 <= delta.days <= 5
        assert amount == amount

    prop()
    assert sum(runs) >= 5            # test cases run under smartest, none crashed
    provider = Probe.last
    assert provider.search.stats.runs >= 5
    assert provider.search.stats.reasons   # what was realized is reported, not claimed verified
    assert "verified" not in provider.scopes


# -- stateful tests -------------------------------------------------------------------------

class Counter(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.total = 0

    @rule(n=st.integers(0, 1000))
    def add(self, n):
        self.total += n

    @invariant()
    def not_magic(self):
        if self.total == 1337:
            raise HiddenBug("stateful")


def test_stateful_machine_runs_and_its_bug_is_found(probe):
    machine = Counter.TestCase
    machine.settings = probe_settings(max_examples=100, stateful_step_count=5)
    with pytest.raises(HiddenBug):
        machine().runTest()
    assert Probe.last.scopes == []     # found by smartest's own test cases, before any hand-over


# -- the provider's contract ------------------------------------------------------------------

def test_realize_answers_plain_values():
    provider = SmartestProvider(None)
    assert type(provider.realize(new_int_input("x", 3))) is int
    assert type(provider.realize(new_str_input("s", "ab"))) is str
    assert provider.realize([new_int_input("x", 3)]) == [3]
    marker = object()
    assert provider.realize(marker) is marker


def test_hypothesis_provider_conformance():
    run_conformance_test(SmartestProvider, settings=settings(max_examples=25, derandomize=True, database=None,
                                                             deadline=None))


def test_explore_does_not_import_hypothesis(tmp_path):
    code = (
        "import sys\n"
        "from smartest import explore\n"
        f"r = explore({os.path.join(ROOT, 'examples', 'password.py')!r} + ':check_login', max_runs=30,"
        " coverage=False, run_dir=None)\n"
        "assert r.runs > 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('hypothesis', 'smartest_hypothesis')))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"), HYPOTHESIS_NO_PLUGINS="")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_bundled_example_finds_its_bug():
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import hypothesis_backend as example
    with pytest.raises(ZeroDivisionError) as info:
        example.test_points_smartest_backend()
    text = " ".join(getattr(info.value, "__notes__", []))
    nights = int(text.split("nights=")[1].split(",")[0])
    vouchers = int(text.split("vouchers=")[1].split(",")[0])
    assert 13 * nights - 31 * vouchers == 4
    with pytest.raises(ZeroDivisionError):
        example.loyalty_points(nights, vouchers)


def test_models_go_only_into_code_under_test():
    import types
    import hypothesis_props
    import support.corpus   # loaded, but not named by this module's globals: another test's helper
    from smartest.backend.modules import code_under_test, roots_of, uses_smartest
    test = test_models_go_only_into_code_under_test
    mods = code_under_test(test, roots_of(test))
    assert hypothesis_props in mods                      # imported by this test module
    assert sys.modules[__name__] not in mods            # uses smartest itself
    assert support.corpus not in mods and smartest_hypothesis not in mods
    assert uses_smartest(sys.modules[__name__])          # smartest's own tests: left alone
    plain = types.ModuleType("plain_props")
    plain.st, plain.given, plain.check = st, given, lambda x: x > 0
    assert not uses_smartest(plain)                      # a user's property module: models go in
