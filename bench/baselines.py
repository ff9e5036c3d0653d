"""Baselines measured beside kg in the same run (plain code, no kg inside).

``AppendOnlyFTS``: the puppy_kennel design: every turn appended to SQLite FTS5
(``porter unicode61``), context packed in bands newest first under a fixed budget:
preferences 30 %, BM25 hits for the query ("project notes") 30 %, recent the rest,
4 characters a token. Nothing is ever superseded: after a rebrand both values stay.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass

PREFERENCE = re.compile(r"\b(prefer|preferred|favou?rite|our|my|always|never)\b", re.I)
WORD = re.compile(r"\w+")
CHARS_PER_TOKEN = 4


@dataclass
class Row:
    rowid: int
    text: str


class AppendOnlyFTS:
    def __init__(self) -> None:
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE VIRTUAL TABLE notes USING fts5(text, tokenize='porter unicode61')")
        self.db.execute("CREATE TABLE prefs(rowid INTEGER PRIMARY KEY, text TEXT)")

    def add(self, text: str) -> None:
        cur = self.db.execute("INSERT INTO notes(text) VALUES (?)", (text,))
        if PREFERENCE.search(text):
            self.db.execute("INSERT INTO prefs(rowid, text) VALUES (?, ?)", (cur.lastrowid, text))

    def search(self, query: str, limit: int) -> list[Row]:
        words = [w for w in WORD.findall(query.lower()) if len(w) > 2]
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        rows = self.db.execute("SELECT rowid, text FROM notes WHERE notes MATCH ? "
                               "ORDER BY bm25(notes) LIMIT ?", (match, limit))
        return [Row(*r) for r in rows]

    def context(self, query: str, budget_tokens: int) -> str:
        """Preferences 30 %, query hits 30 %, recent 40 %: each band newest first."""
        budget = budget_tokens * CHARS_PER_TOKEN
        prefs = [Row(*r) for r in self.db.execute(
            "SELECT rowid, text FROM prefs ORDER BY rowid DESC LIMIT 500")]
        hits = sorted(self.search(query, 50), key=lambda r: -r.rowid)
        recent = [Row(*r) for r in self.db.execute(
            "SELECT rowid, text FROM notes ORDER BY rowid DESC LIMIT 500")]
        out, seen = [], set()
        for rows, share in ((prefs, 0.3), (hits, 0.3), (recent, 0.4)):
            left = int(budget * share)
            for row in rows:
                if row.rowid in seen or len(row.text) + 1 > left:
                    continue
                out.append(row.text)
                seen.add(row.rowid)
                left -= len(row.text) + 1
        return "\n".join(out)


def bm25_top(fts: AppendOnlyFTS, query: str, budget_chars: int) -> list[Row]:
    """BM25 over the raw turns, best first, cut to a character budget."""
    out, used = [], 0
    for row in fts.search(query, 200):
        if used + len(row.text) + 1 > budget_chars:
            break
        out.append(row)
        used += len(row.text) + 1
    return out
