"""A parsing worker for ``extract.parallel``: ``python -m extract.worker [--model NAME]``
reads batches of texts on its standard input and writes each parsed batch to its standard
output as a DocBin, then the clause reader's readings as JSON, until its input ends.
"""

from __future__ import annotations

import argparse
import json
import sys

from spacy.tokens import DocBin

from extract.parallel import BATCH, receive, send


def main() -> None:
    """A worker: parse each batch read from stdin, write its DocBin to stdout."""
    from extract.components import with_clause_reader
    from extract.model import load_pipeline

    parser = argparse.ArgumentParser(description="kg's parsing worker (see extract.parallel)")
    parser.add_argument("--model", default=None)
    nlp = with_clause_reader(load_pipeline(parser.parse_args().model))
    while (payload := receive(sys.stdin.buffer)) is not None:
        docs, readings = DocBin(), []
        for doc in nlp.pipe(json.loads(payload), batch_size=BATCH):
            docs.add(doc)
            readings.append({"reading": doc._.kg_reading, "error": doc._.kg_error})
        # the reading apart, as JSON: a DocBin's user data is decoded through srsly's
        # msgpack, which looks up its extension registry once per Doc (slow)
        send(sys.stdout.buffer, docs.to_bytes())
        send(sys.stdout.buffer, json.dumps(readings).encode())


if __name__ == "__main__":
    main()
