"""Which inputs kill the target's process (engine/parallel.py `_Blame`, engine/worker.py
`LastRun`): the inputs of the run a worker is making survive its death, and inputs are
blamed only when a second worker dies in their run."""
from types import SimpleNamespace

from smartest.engine.loop import inputs_key
from smartest.engine.parallel import _Blame
from smartest.engine.worker import LastRun


class _Conn:
    def __init__(self):
        self.sent, self.closed = [], False

    def send(self, message):
        self.sent.append(message)


def test_the_last_run_survives_in_shared_memory_until_cleared():
    last = LastRun()
    assert last.read() is None
    last.write({"x": 7, "s": "ab"})
    assert last.read() == {"x": 7, "s": "ab"}
    last.clear()
    assert last.read() is None
    last.write({"f": lambda: 1})        # cannot be pickled: nothing is kept, not a stale record
    assert last.read() is None


def test_inputs_are_blamed_on_the_second_death_and_every_worker_hears_it():
    engine = SimpleNamespace(avoid=set())
    conns = [_Conn(), _Conn()]
    co = SimpleNamespace(stats=SimpleNamespace(runs=0), conns=conns, gone={1})
    blame = _Blame(engine)
    assert blame.died(None, co) == ""                  # killed between runs: nothing to learn
    assert blame.died({"x": 7}, co) == "suspect"       # maybe killed from outside mid-run
    assert not engine.avoid and not conns[0].sent
    assert blame.died({"x": 7}, co) == "blamed"
    assert engine.avoid == {inputs_key({"x": 7})}
    assert conns[0].sent == [("avoid", [inputs_key({"x": 7})])] and not conns[1].sent   # worker 1 is gone
    assert blame.died({"x": 7}, co) == ""              # known already
    assert co.stats.runs == blame.deaths == 2 and blame.report() == [{"x": "7"}]
