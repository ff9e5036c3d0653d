"""Parsing on worker processes that live as long as the extractor: each loads the
pipeline (with the clause reader) once, parses batches of text and sends the Docs back
as a ``DocBin``, reading included. spaCy's own ``nlp.pipe(n_process=...)`` starts its
workers anew on every call, which costs more than it saves for the batches ingest makes.

A worker is ``python -m extract.worker``, spoken to over its standard input and output
(a 4-byte length, then a JSON list of texts in; a DocBin and the readings as JSON out): it
needs nothing of the parent process, neither its main module nor the database threads
a fork would copy.
"""

from __future__ import annotations

import atexit
import json
import struct
import subprocess
import sys
from collections.abc import Iterator
from typing import IO, Any

from spacy.tokens import Doc, DocBin

BATCH = 64
_LENGTH = struct.Struct(">I")


def send(stream: IO[bytes], payload: bytes) -> None:
    stream.write(_LENGTH.pack(len(payload)) + payload)
    stream.flush()


def receive(stream: IO[bytes]) -> bytes | None:
    head = stream.read(_LENGTH.size)
    if len(head) < _LENGTH.size:
        return None
    (size,) = _LENGTH.unpack(head)
    return stream.read(size)


class ParsePool:
    """``processes`` workers parsing for one pipeline; started on first use."""

    def __init__(self, model: str | None, processes: int) -> None:
        self.model, self.processes = model, processes
        self._workers: list[subprocess.Popen[bytes]] = []

    def _start(self) -> None:
        command = [sys.executable, "-m", "extract.worker"] + (
            ["--model", self.model] if self.model else [])
        self._workers = [subprocess.Popen(command, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE)
                         for _ in range(self.processes)]
        atexit.register(self.close)

    def parse(self, texts: list[str], vocab: Any) -> Iterator[Doc]:
        """The texts parsed, in order, each batch as soon as it is back (so the caller
        reads one batch while the workers parse the next); a worker that dies is a
        RuntimeError. Left unfinished, the workers are stopped: nothing stale is read."""
        if not self._workers:
            self._start()
        chunks = [texts[i:i + BATCH] for i in range(0, len(texts), BATCH)]
        workers = self._workers
        for k, chunk in enumerate(chunks[:len(workers)]):
            send(workers[k].stdin, json.dumps(chunk).encode())  # type: ignore[arg-type]
        done = False
        try:
            for k in range(len(chunks)):
                worker = workers[k % len(workers)]
                blob = receive(worker.stdout)  # type: ignore[arg-type]
                readings = receive(worker.stdout)  # type: ignore[arg-type]
                if blob is None or readings is None:
                    raise RuntimeError("a parsing worker (python -m extract.worker) stopped; "
                                       "run with KG_EXTRACT_PROCESSES=1 to parse in-process")
                nxt = k + len(workers)
                if nxt < len(chunks):
                    send(worker.stdin, json.dumps(chunks[nxt]).encode())  # type: ignore[arg-type]
                for doc, reading in zip(DocBin().from_bytes(blob).get_docs(vocab),
                                        json.loads(readings), strict=True):
                    doc._.kg_reading, doc._.kg_error = reading["reading"], reading["error"]
                    yield doc
            done = True
        finally:
            if not done:
                self.close()

    def close(self) -> None:
        for worker in self._workers:
            if worker.poll() is None:
                worker.stdin.close()  # type: ignore[union-attr]
                try:
                    worker.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    worker.kill()
        self._workers = []
