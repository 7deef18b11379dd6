#!/usr/bin/env python3
"""JSON-lines RPC stub used by the editor-extension integration tests.

Listens on 127.0.0.1, answers `ping`, `complete` and `diagnostics` requests
from canned responses in tests/rpc_fixtures/, and logs every request.
"""
import argparse
import asyncio
import json
import logging
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "rpc_fixtures"
log = logging.getLogger("rpc-stub")


class Handlers:
    def __init__(self, fixtures: Path, delay: float):
        self.fixtures = fixtures
        self.delay = delay
        self.calls: dict[str, int] = {}

    def _fixture(self, name: str):
        path = self.fixtures / f"{name}.json"
        if not path.is_file():
            return None
        return json.loads(path.read_text(encoding="utf-8"))

    async def ping(self, params):
        return {"pong": True, "calls": self.calls}

    async def complete(self, params):
        await asyncio.sleep(self.delay)
        prefix = params.get("prefix", "")
        items = self._fixture("completions") or []
        return [item for item in items if item["label"].startswith(prefix)][:50]

    async def diagnostics(self, params):
        file_name = Path(params.get("file", "")).name
        return self._fixture(f"diagnostics-{file_name}") or []

    async def dispatch(self, method: str, params: dict):
        self.calls[method] = self.calls.get(method, 0) + 1
        fn = getattr(self, method, None)
        if fn is None or method.startswith("_") or method == "dispatch":
            raise LookupError(method)
        return await fn(params)


async def serve_client(handlers: Handlers, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
    peer = writer.get_extra_info("peername")
    log.info("client connected %s", peer)
    try:
        while line := await reader.readline():
            try:
                req = json.loads(line)
                result = await handlers.dispatch(req["method"], req.get("params", {}))
                reply = {"id": req.get("id"), "result": result}
            except LookupError as exc:
                reply = {"id": None, "error": {"code": -32601, "message": f"unknown method {exc}"}}
            except (ValueError, KeyError) as exc:
                reply = {"id": None, "error": {"code": -32700, "message": str(exc)}}
            writer.write((json.dumps(reply) + "\n").encode())
            await writer.drain()
    finally:
        writer.close()
        log.info("client gone %s", peer)


async def main_async(port: int, delay: float) -> None:
    handlers = Handlers(FIXTURES, delay)
    server = await asyncio.start_server(
        lambda r, w: serve_client(handlers, r, w), host="127.0.0.1", port=port
    )
    addr = server.sockets[0].getsockname()
    log.info("listening on %s:%s", *addr[:2])
    async with server:
        await server.serve_forever()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=7654)
    ap.add_argument("--delay", type=float, default=0.0, help="simulated latency in seconds")
    ns = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        asyncio.run(main_async(ns.port, ns.delay))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
