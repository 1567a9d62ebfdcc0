"""The dependency rule, read from the source with `ast` (imports inside functions
count): no import cycle among smartest's modules, no import of a higher layer
(tests/support/layers.py), strategies reached only through the registry, and every
module opens with a docstring that says what it is for."""
import ast
import os

import pytest

from tests.support.imports import cycles, graph, modules, upward
from tests.support.layers import LAYERS

SRC = os.path.join(os.path.dirname(__file__), "..", "..", "src")
EDGES = graph(SRC)


def test_the_graph_is_read():
    assert len(EDGES) > 100
    assert "smartest.engine.loop" in EDGES["smartest.api"]
    # an import inside a function counts
    assert "smartest.symbolic.realize" in EDGES["smartest.symbolic.inputs"]


def test_no_import_cycle():
    assert cycles(EDGES) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_points_upward():
    assert upward(EDGES, LAYERS) == []


@pytest.mark.parametrize("layer", ["smartest.engine", "smartest.report", "smartest.emit", "smartest.search",
                                   "smartest.calls", "smartest.symbolic", "smartest.options"])
def test_lower_layers_import_no_strategy(layer):
    bad = sorted((a, b) for a, bs in EDGES.items() if a == layer or a.startswith(layer + ".")
                 for b in bs if b.startswith("smartest.strategies"))
    assert bad == []


def test_strategies_import_each_other_only_through_shared_folders():
    def strategy_of(module):
        parts = module.split(".")
        return parts[2] if len(parts) > 2 and parts[1] == "strategies" and parts[2] != "settings" else None

    crossing = sorted((a, b) for a, bs in EDGES.items() for b in bs
                      if strategy_of(a) and strategy_of(b) and strategy_of(a) != strategy_of(b))
    assert crossing == []


def test_every_module_opens_with_a_docstring():
    missing = []
    for name, path in modules(SRC).items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        if tree.body and ast.get_docstring(tree) is None:
            missing.append(name)
    assert missing == []


def test_every_upward_name_of_the_proxies_is_provided():
    """symbolic/upward.py: a name a proxy module looks up must be provided once
    `smartest.symbolic` is imported (else the proxy fails inside a target's run)."""
    import re

    import smartest.symbolic  # noqa: F401  (fills the table)
    from smartest.symbolic import upward
    folder = os.path.join(SRC, "smartest", "symbolic")
    wanted = set()
    for name in os.listdir(folder):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                wanted |= set(re.findall(r'upper\("(\w+)"\)', f.read()))
    assert wanted and wanted <= set(upward._TABLE), sorted(wanted - set(upward._TABLE))
