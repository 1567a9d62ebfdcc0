"""The summary store: function summaries kept in SQLite between explorations.

One row per (qualified name, code hash) holds the path summaries of that function
as typed JSON (`terms/jsonform.py`: a table of term nodes, read back by building
terms, so a store planted in a repository can hold data and nothing that runs).
A later exploration of the same code finds them and starts from them; when the code
of the function or of anything it may call changes, its hash changes, the old rows
no longer match and are dropped the first time the new code asks for them.

Several explorations may share one store at once: it is opened in WAL mode (readers
never wait for a writer) with a busy timeout (a writer waits for another instead of
failing), and each exploration writes its summaries in one transaction at the end.
The file's schema version is SQLite's `user_version`; a store written with another
version (or a file that is not a store) is rebuilt empty, with a note, never read.
A summary is also only as good as the engine that built it (its models, its terms, its
bounds), so the store records a fingerprint of the engine's source: summaries another
version of smartest wrote are dropped, with a note, rather than trusted after an upgrade.

The file lives under the run-directory base (`.smartest/summaries.sqlite` by
default); `SummaryStore(None)` keeps nothing.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from functools import lru_cache

from smartest.strategies.smart.summary import PathSummary
from smartest.errors import SmartestError
from smartest.terms.jsonform import Malformed, NotEncodable, decode_terms, encode_terms

SCHEMA_VERSION = 3          # 1: pickled rows (never read again); 2: no engine fingerprint
BUSY_TIMEOUT_MS = 30_000    # how long a writer waits for another exploration's transaction

_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (
    qualname TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    paths TEXT NOT NULL,
    saved REAL NOT NULL,
    PRIMARY KEY (qualname, code_hash)
);
CREATE TABLE IF NOT EXISTS engine (fingerprint TEXT NOT NULL)
"""

_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@lru_cache(maxsize=None)
def engine_fingerprint(root: str = _PACKAGE) -> str:
    """A hash of every Python source file of the engine under `root` (names and bytes):
    any change to the code that builds summaries gives another fingerprint."""
    digest = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(folder, name)
            digest.update(os.path.relpath(path, root).encode() + b"\0")
            with open(path, "rb") as f:
                digest.update(f.read())
    return digest.hexdigest()[:16]


class StoreError(SmartestError):
    """The summary store cannot be opened."""


OPEN_ATTEMPTS = 40   # about 40 s of waiting in all for a store another process is creating


def encode_paths(paths: list[PathSummary]) -> str:
    """The JSON text of path summaries (raises NotEncodable for a term value with no typed form)."""
    terms = [t for p in paths for t in (*p.pre, p.post)]
    return json.dumps({"terms": encode_terms(terms),
                       "paths": [{"pre": len(p.pre), "outcome": list(p.outcome), "complete": p.complete}
                                 for p in paths]}, separators=(",", ":"))


def decode_paths(text: str) -> list[PathSummary]:
    """Path summaries from `encode_paths` text (raises Malformed for anything else)."""
    try:
        d = json.loads(text)
    except (ValueError, RecursionError):
        raise Malformed("not JSON") from None
    if type(d) is not dict or type(d.get("paths")) is not list:
        raise Malformed("not a summary row")
    terms = decode_terms(d.get("terms"))
    out, at = [], 0
    for p in d["paths"]:
        if type(p) is not dict or type(p.get("pre")) is not int or p["pre"] < 0 \
                or type(p.get("outcome")) is not list or not all(type(x) is str for x in p["outcome"]):
            raise Malformed("not a path summary")
        pre = terms[at:at + p["pre"]]
        if len(pre) != p["pre"] or at + p["pre"] >= len(terms) or any(t is None for t in pre):
            raise Malformed("path summary past its terms")
        post = terms[at + p["pre"]]
        at += p["pre"] + 1
        out.append(PathSummary(tuple(pre), tuple(p["outcome"]), post, bool(p.get("complete", False))))
    return out


class SummaryStore:
    def __init__(self, path: str | None, engine: str | None = None) -> None:
        self.path = path
        self.engine = engine or engine_fingerprint()
        self.invalidated: list[str] = []     # functions whose stored summary no longer matched
        self.notes: list[str] = []           # what happened to the file itself (rebuilt, ...)
        self._db: sqlite3.Connection | None = None
        if path:
            try:
                os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
                self._db = self._open_waiting(path)
            except (OSError, sqlite3.Error) as e:
                raise StoreError(f"cannot open the summary store {path}: {e}") from None

    def _open_waiting(self, path: str) -> sqlite3.Connection:
        """`_open`, waiting for another process that holds the file while it switches a
        new store to WAL: that switch answers "locked" at once, without the busy timeout."""
        for attempt in range(OPEN_ATTEMPTS):
            try:
                return self._open(path)
            except sqlite3.OperationalError as e:
                if "locked" not in str(e) or attempt == OPEN_ATTEMPTS - 1:
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")

    def _open(self, path: str) -> sqlite3.Connection:
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            if version != SCHEMA_VERSION and tables:
                for name in tables:
                    db.execute(f'DROP TABLE "{name.replace(chr(34), chr(34) * 2)}"')
                self.notes.append(f"{path}: a store of schema version {version} (this smartest writes "
                                  f"{SCHEMA_VERSION}) was rebuilt empty")
            for statement in _SCHEMA.split(";"):
                db.execute(statement)
            self._check_engine(db, path)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except sqlite3.DatabaseError as e:
            db.close()
            if "file is not a database" not in str(e):
                raise
            os.replace(path, path + ".unreadable")
            self.notes.append(f"{path}: not an SQLite file; moved to {path}.unreadable and started afresh")
            return self._open(path)
        return db

    def _check_engine(self, db: sqlite3.Connection, path: str) -> None:
        """Drop every summary another engine wrote, and record this one's fingerprint."""
        row = db.execute("SELECT fingerprint FROM engine").fetchone()
        if row is not None and row[0] == self.engine:
            return
        if row is not None and db.execute("SELECT 1 FROM summaries LIMIT 1").fetchone():
            db.execute("DELETE FROM summaries")
            self.notes.append(f"{path}: summaries written by another version of smartest's engine "
                              f"({row[0]}, this one is {self.engine}) were dropped")
        db.execute("DELETE FROM engine")
        db.execute("INSERT INTO engine VALUES (?)", (self.engine,))

    @property
    def enabled(self) -> bool:
        return self._db is not None

    def load(self, qualname: str, code_hash: str) -> list[PathSummary]:
        """The stored path summaries of this version of the function (rows of other
        versions are deleted: their code changed; a row that does not decode too)."""
        if self._db is None:
            return []
        rows = self._db.execute("SELECT code_hash, paths FROM summaries WHERE qualname = ?",
                                (qualname,)).fetchall()
        found: list[PathSummary] = []
        stale = False
        for h, text in rows:
            if h != code_hash:
                stale = True
                continue
            try:
                found = decode_paths(text) if type(text) is str else []
            except Malformed:
                stale, found = True, []
                self.notes.append(f"{qualname}: a stored summary that does not decode was dropped")
                self._db.execute("DELETE FROM summaries WHERE qualname = ?", (qualname,))
        if stale:
            self.invalidated.append(qualname)
            self._db.execute("DELETE FROM summaries WHERE qualname = ? AND code_hash != ?", (qualname, code_hash))
        return found

    def save(self, qualname: str, code_hash: str, paths: list[PathSummary]) -> None:
        if self._db is None or not paths:
            return
        try:
            text = encode_paths(paths)
        except NotEncodable as e:
            self.notes.append(f"{qualname}: summary not stored ({e})")
            return
        if not self._db.in_transaction:
            self._db.execute("BEGIN IMMEDIATE")
        self._db.execute("INSERT OR REPLACE INTO summaries VALUES (?, ?, ?, ?)",
                         (qualname, code_hash, text, time.time()))

    def commit(self) -> None:
        if self._db is not None and self._db.in_transaction:
            self._db.execute("COMMIT")

    def close(self) -> None:
        if self._db is not None:
            self.commit()
            self._db.close()
            self._db = None
