"""The subtree jobs as Ray tasks on a local Ray instance (2 CPUs): the same paths,
bugs and completeness as one process, by re-running the inputs.  Runs where Ray is
installed (`pip install 'smartest[ray]'`); `.ci/run` installs it when it can."""
import os

import pytest

import smartest
from tests.support.oracle import label, load

ray = pytest.importorskip("ray")
pytestmark = pytest.mark.ray

HERE = os.path.dirname(__file__)
CORPUS = os.path.join(HERE, "..", "programs")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    yield
    ray.shutdown()


@pytest.mark.parametrize("name,function", [("p15_helper_twice", "trend"), ("p12_digit_parser", "parse")])
def test_ray_tasks_run_the_same_paths_as_one_process(local_ray, name, function):
    path = os.path.join(CORPUS, f"{name}.py")
    common = dict(strategy="dart", max_str_len=4, deepen=False, run_dir=None, coverage=False, max_runs=3000, time_limit=300)
    one = smartest.explore(f"{path}:{function}", **common)
    on_ray = smartest.explore(f"{path}:{function}", ray="local", **common)
    module = load(path)
    labels = lambda r: {label(module, function, dict(t.inputs)) for t in r.tests}  # noqa: E731
    assert one.complete_under_bounds and on_ray.complete_under_bounds and on_ray.paths == one.paths
    assert labels(on_ray) == labels(one)
    assert on_ray.extra["parallel"]["backend"] == "ray" and on_ray.extra["parallel"]["failed_tasks"] == 0
