"""Drives YantrikDB (AGPL-3.0) in its own virtual environment, as a separate process:
kg never imports it. Reads JSON commands on stdin, one a line; answers one line each.

    {"op": "open", "path": ...} | {"op": "record", "text": ...} -> {"rid": ...}
    {"op": "correct", "rid": ..., "text": ...} -> {"rid": ...}
    {"op": "recall", "query": ..., "top_k": 5} -> {"texts": [...]}
"""

import json
import sys
import time

import yantrikdb  # installed only in the bench's own environment

BACKOFF = 0.05  # what its Backpressure error asks for ("retry after 50ms")


def patiently(call, *args, **kwargs):
    """Call, waiting out YantrikDB's ingest backpressure (its queue holds 256 ops)."""
    while True:
        try:
            return call(*args, **kwargs)
        except yantrikdb.Backpressure:
            time.sleep(BACKOFF)


db = None
for line in sys.stdin:
    cmd = json.loads(line)
    if cmd["op"] == "open":
        db = yantrikdb.YantrikDB.with_default(cmd["path"])
        out = {"ok": True}
    elif cmd["op"] == "record":
        out = {"rid": patiently(db.record, text=cmd["text"], memory_type="semantic")}
    elif cmd["op"] == "correct":
        out = {"rid": patiently(db.correct, cmd["rid"], new_text=cmd["text"],
                                reason="update")}
    elif cmd["op"] == "recall":
        out = {"texts": [r["text"] for r in db.recall(query=cmd["query"], top_k=cmd["top_k"])]}
    else:
        out = {"error": f"unknown op {cmd['op']}"}
    print(json.dumps(out), flush=True)
