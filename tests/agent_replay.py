"""A local HTTP server that replays recorded Anthropic Messages API responses.

The real `anthropic` SDK talks to it over HTTP (ANTHROPIC_BASE_URL or base_url).
Each POST /v1/messages takes the next recorded response; a streaming request gets
it as the server-sent events the API sends. Requests are kept for assertions.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "agent"


def load_recording(name: str) -> list[dict[str, Any]]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def text_message(text: str, msg_id: str = "msg_01Text") -> dict[str, Any]:
    """A recorded-shape Messages API response holding one text block."""
    return {
        "id": msg_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 500, "output_tokens": max(1, len(text) // 4)},
    }


def sse_events(message: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The stream of events the Messages API sends for `message`."""
    start = {**message, "content": [], "stop_reason": None, "stop_sequence": None}
    start["usage"] = {"input_tokens": message["usage"]["input_tokens"], "output_tokens": 1}
    yield "message_start", {"type": "message_start", "message": start}
    for index, block in enumerate(message["content"]):
        if block["type"] == "text":
            yield (
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": index,
                    "content_block": {"type": "text", "text": ""},
                },
            )
            text = block["text"]
            for i in range(0, len(text), 7):  # small deltas, so tags arrive split
                delta = {"type": "text_delta", "text": text[i : i + 7]}
                yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        else:
            head = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
            yield (
                "content_block_start",
                {"type": "content_block_start", "index": index, "content_block": head},
            )
            raw = json.dumps(block["input"])
            for i in range(0, len(raw), 10):
                delta = {"type": "input_json_delta", "partial_json": raw[i : i + 10]}
                yield "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
        yield "content_block_stop", {"type": "content_block_stop", "index": index}
    yield (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": message["usage"]["output_tokens"]},
        },
    )
    yield "message_stop", {"type": "message_stop"}


Responder = Callable[[dict[str, Any]], "dict[str, Any] | None"]


class Replay:
    """Recorded responses in order, or a function choosing one per request."""

    def __init__(self, responses: list[dict[str, Any]] | Responder):
        self.responses = responses if callable(responses) else list(responses)
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()

    def next(self, body: dict[str, Any]) -> dict[str, Any] | None:
        with self.lock:
            self.requests.append(body)
            if callable(self.responses):
                return self.responses(body)
            return self.responses.pop(0) if self.responses else None


def _handler(replay: Replay) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("content-length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
            response = replay.next(body)
            if response is None or not self.path.startswith("/v1/messages"):
                payload = json.dumps(
                    {
                        "type": "error",
                        "error": {"type": "invalid_request_error", "message": "no more recorded responses"},
                    }
                ).encode()
                self.send_response(400)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return
            if body.get("stream"):
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.end_headers()
                for event, data in sse_events(response):
                    self.wfile.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode())
                    self.wfile.flush()
                self.close_connection = True
                return
            payload = json.dumps(response).encode()
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

    return Handler


@contextmanager
def replay_server(responses: list[dict[str, Any]] | Responder) -> Iterator[tuple[str, Replay]]:
    """(base_url, replay) of a server on 127.0.0.1 answering with `responses` in order."""
    replay = Replay(responses)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(replay))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", replay
    finally:
        server.shutdown()
        server.server_close()
