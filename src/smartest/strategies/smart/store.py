"""The summary store: function summaries kept in SQLite between explorations.

One row per (qualified name, code hash) holds the pickled path summaries of that
function (terms pickle by structure and are interned again on load).  A later
exploration of the same code finds them and starts from them; when the code of
the function or of anything it may call changes, its hash changes, the old rows
no longer match and are dropped the first time the new code asks for them.

The file lives under the run-directory base (`.smartest/summaries.sqlite` by
default); `SummaryStore(None)` keeps nothing.
"""
from __future__ import annotations

import os
import pickle
import sqlite3
import time

from smartest.strategies.smart.summary import PathSummary
from smartest.errors import SmartestError

FORMAT = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS summaries (
    qualname TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    format INTEGER NOT NULL,
    paths BLOB NOT NULL,
    saved REAL NOT NULL,
    PRIMARY KEY (qualname, code_hash)
)
"""


class StoreError(SmartestError):
    """The summary store cannot be opened."""


class SummaryStore:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.invalidated: list[str] = []     # functions whose stored summary no longer matched
        self._db: sqlite3.Connection | None = None
        if path:
            try:
                os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
                self._db = sqlite3.connect(path)
                self._db.execute(_SCHEMA)
                self._db.commit()
            except (OSError, sqlite3.Error) as e:
                raise StoreError(f"cannot open the summary store {path}: {e}") from None

    @property
    def enabled(self) -> bool:
        return self._db is not None

    def load(self, qualname: str, code_hash: str) -> list[PathSummary]:
        """The stored path summaries of this version of the function (rows of other
        versions are deleted: their code changed)."""
        if self._db is None:
            return []
        rows = self._db.execute("SELECT code_hash, format, paths FROM summaries WHERE qualname = ?",
                                (qualname,)).fetchall()
        found: list[PathSummary] = []
        stale = False
        for h, fmt, blob in rows:
            if h != code_hash or fmt != FORMAT:
                stale = True
                continue
            try:
                found = list(pickle.loads(blob))
            except Exception:  # written by an incompatible version: start afresh
                stale = True
                found = []
        if stale:
            self.invalidated.append(qualname)
            self._db.execute("DELETE FROM summaries WHERE qualname = ? AND (code_hash != ? OR format != ?)",
                             (qualname, code_hash, FORMAT))
            self._db.commit()
        return [p for p in found if isinstance(p, PathSummary)]

    def save(self, qualname: str, code_hash: str, paths: list[PathSummary]) -> None:
        if self._db is None or not paths:
            return
        self._db.execute("INSERT OR REPLACE INTO summaries VALUES (?, ?, ?, ?, ?)",
                         (qualname, code_hash, FORMAT, pickle.dumps(paths, protocol=pickle.HIGHEST_PROTOCOL),
                          time.time()))

    def commit(self) -> None:
        if self._db is not None:
            self._db.commit()

    def close(self) -> None:
        if self._db is not None:
            self._db.commit()
            self._db.close()
            self._db = None
