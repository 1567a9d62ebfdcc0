"""The summary store is data: typed JSON rows that are built into terms, never run;
it survives explorations writing it at once, and a store of another schema version
is rebuilt with a note."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

from smartest.strategies.smart.store import SCHEMA_VERSION, SummaryStore, decode_paths, encode_paths
from smartest.strategies.smart.summary import PathSummary
from smartest.terms import Sort, build, const, var
from smartest.terms.jsonform import Malformed, decode_terms, encode_terms

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.normpath(os.path.join(HERE, "..", "..", "benchmarks", "programs"))
SRC = os.path.normpath(os.path.join(HERE, "..", "..", "src"))
X = var("m.f.x", Sort.INT)
S = var("m.f.s", Sort.STR)


def _paths() -> list[PathSummary]:
    big = 7 ** 20_000          # past str(int)'s 4,300-digit limit
    return [
        PathSummary((build.lt(X, const(0)), build.eq(S, const("a'\"\\\n\x00\udc80"))), ("value", "Int"),
                    build.add(X, const(big))),
        PathSummary((build.le(const(0), X),), ("raise", "ValueError"), None, complete=False),
        PathSummary((), ("value", "Float64"), const(float("-0.0"))),
        PathSummary((), ("value", "Float64"), const(float("nan"))),
    ]


def test_summaries_round_trip_through_typed_json_and_intern_again():
    paths = _paths()
    back = decode_paths(encode_paths(paths))
    assert [(p.pre, p.outcome, p.post, p.complete) for p in back] == \
        [(p.pre, p.outcome, p.post, p.complete) for p in paths]      # terms are identical objects
    assert str(back[2].post.value) == "-0.0" and back[3].post.value != back[3].post.value


@pytest.mark.parametrize("text", [
    "", "[]", '{"paths": 1}', '{"terms": {"nodes": [["var", "Int", ["s", "x"], [5]]], "roots": [0]}, "paths": []}',
    '{"terms": {"nodes": [["var", "Nope", null, []]], "roots": [0]}, "paths": []}',
    '{"terms": {"nodes": [["const", "Int", ["p", "os.system"], []]], "roots": [0]}, "paths": []}',
    '{"terms": {"nodes": [], "roots": []}, "paths": [{"pre": 3, "outcome": ["none"]}]}',
])
def test_anything_but_a_typed_row_is_refused(text):
    with pytest.raises(Malformed):
        decode_paths(text)


def test_a_planted_pickle_row_is_never_run(tmp_path):
    path = str(tmp_path / "summaries.sqlite")
    SummaryStore(path).close()
    marker = tmp_path / "ran"
    import pickle

    class Boom:
        def __reduce__(self):
            return (os.system, (f"touch {marker}",))
    db = sqlite3.connect(path)
    db.execute("INSERT INTO summaries VALUES (?, ?, ?, ?)", ("m.f", "h", pickle.dumps(Boom()), 0.0))
    db.commit()
    db.close()
    store = SummaryStore(path)
    assert store.load("m.f", "h") == []
    store.close()
    assert not marker.exists()


def test_a_store_of_another_schema_version_is_rebuilt_with_a_note(tmp_path):
    path = str(tmp_path / "summaries.sqlite")
    db = sqlite3.connect(path)   # the version-1 layout: pickled BLOBs, no user_version
    db.execute("CREATE TABLE summaries (qualname TEXT, code_hash TEXT, format INTEGER, paths BLOB, saved REAL)")
    db.execute("INSERT INTO summaries VALUES ('m.f', 'h', 1, x'80', 0)")
    db.commit()
    db.close()
    store = SummaryStore(path)
    assert store.notes and "rebuilt" in store.notes[0]
    assert store.load("m.f", "h") == []
    store.save("m.f", "h", _paths())
    store.close()
    again = SummaryStore(path)
    assert not again.notes and len(again.load("m.f", "h")) == 4
    again.close()
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_file_that_is_not_a_database_is_moved_aside(tmp_path):
    path = tmp_path / "summaries.sqlite"
    path.write_bytes(b"not sqlite at all" * 100)
    store = SummaryStore(str(path))
    assert store.enabled and "not an SQLite file" in store.notes[0]
    store.close()
    assert (tmp_path / "summaries.sqlite.unreadable").exists()


_WRITER = """
import sys
from smartest.strategies.smart.store import SummaryStore
from smartest.strategies.smart.summary import PathSummary
from smartest.terms import Sort, build, const, var
who, path = sys.argv[1], sys.argv[2]
x = var("m.f.x", Sort.INT)
for i in range(150):
    store = SummaryStore(path)
    store.load(f"{who}.f{i % 7}", "h")
    store.save(f"{who}.f{i}", "h", [PathSummary((build.lt(x, const(i)),), ("value", "Int"), build.add(x, const(i)))])
    store.close()
"""


def test_explorations_sharing_one_store_at_once_neither_fail_nor_corrupt_it(tmp_path):
    path = str(tmp_path / "shared.sqlite")
    env = {**os.environ, "PYTHONPATH": SRC}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, who, path], env=env, stderr=subprocess.PIPE, text=True)
             for who in ("a", "b", "c")]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], errors
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    db.close()
    store = SummaryStore(path)
    for who in ("a", "b", "c"):
        for i in range(150):
            [p] = store.load(f"{who}.f{i}", "h")
            assert p.post is build.add(X, const(i))
    store.close()


def test_two_smart_explorations_at_once_share_a_store_through_the_cli(tmp_path):
    program = tmp_path / "lt.py"
    shutil.copy(os.path.join(BENCH, "locate_top.py"), program)
    store = str(tmp_path / "store.sqlite")
    env = {**os.environ, "PYTHONPATH": SRC}
    cmd = [sys.executable, "-m", "smartest", "explore", f"{program}:top", "--strategy", "smart", "--max-str-len",
           "6", "--summary-store", store, "--no-run-dir", "--no-coverage", "--quiet", "--json"]
    procs = [subprocess.Popen(cmd + [str(tmp_path / f"r{i}.json")], env=env, cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for i in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert sqlite3.connect(store).execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    third = subprocess.run(cmd + [str(tmp_path / "r3.json")], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert third.returncode == 0 and "reused from" in third.stdout, third


def test_term_tables_share_subterms():
    t = build.add(X, X)
    table = encode_terms([t, build.mul(t, t)])
    assert len(table["nodes"]) == 3
    assert decode_terms(table) == [t, build.mul(t, t)]


def test_summaries_another_engine_wrote_are_dropped_with_a_note(tmp_path):
    path = str(tmp_path / "summaries.sqlite")
    old = SummaryStore(path, engine="engine-before-upgrade")
    old.save("m.f", "h", _paths())
    old.close()
    same = SummaryStore(path, engine="engine-before-upgrade")
    assert not same.notes and len(same.load("m.f", "h")) == 4
    same.close()
    upgraded = SummaryStore(path, engine="engine-after-upgrade")
    assert upgraded.notes and "another version of smartest's engine" in upgraded.notes[0]
    assert upgraded.load("m.f", "h") == []
    upgraded.close()


def test_the_engine_fingerprint_follows_the_engine_source(tmp_path):
    from smartest.strategies.smart.store import engine_fingerprint
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("X = 1\n")
    before = engine_fingerprint.__wrapped__(str(tmp_path / "pkg"))
    (tmp_path / "pkg" / "a.py").write_text("X = 2\n")
    assert engine_fingerprint.__wrapped__(str(tmp_path / "pkg")) != before
    assert SummaryStore(None).engine == engine_fingerprint()
