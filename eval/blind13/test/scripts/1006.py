#!/usr/bin/env python3
"""Asyncio fake of the shipping-rates service for local development of marlin.

Serves a tiny JSON-over-HTTP API on 127.0.0.1 only. Rates are computed from a
table in this file so frontend work does not need the real carrier sandbox.
"""
import asyncio
import json
import logging
import signal
from dataclasses import dataclass
from decimal import Decimal

LISTEN = ("127.0.0.1", 7070)
RATE_TABLE = {
    "standard": {"base": Decimal("4.90"), "per_kg": Decimal("0.80"), "days": 4},
    "express": {"base": Decimal("9.90"), "per_kg": Decimal("1.40"), "days": 1},
    "freight": {"base": Decimal("39.00"), "per_kg": Decimal("0.35"), "days": 7},
}

log = logging.getLogger("fake-rates")


@dataclass
class Request:
    method: str
    path: str
    body: dict


async def read_request(reader: asyncio.StreamReader) -> Request:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    length = int(headers.get("Content-Length", "0"))
    raw = await reader.readexactly(length) if length else b""
    return Request(method, path, json.loads(raw) if raw else {})


def quote(body: dict) -> tuple[int, dict]:
    weight = Decimal(str(body.get("weight_kg", 0)))
    if weight <= 0:
        return 422, {"error": "weight_kg must be positive"}
    quotes = [
        {
            "service": name,
            "price": str((row["base"] + row["per_kg"] * weight).quantize(Decimal("0.01"))),
            "eta_days": row["days"],
        }
        for name, row in RATE_TABLE.items()
    ]
    return 200, {"currency": "EUR", "quotes": sorted(quotes, key=lambda q: Decimal(q["price"]))}


ROUTES = {
    ("POST", "/v1/quotes"): quote,
    ("GET", "/healthz"): lambda _body: (200, {"ok": True}),
}


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        req = await read_request(reader)
        handler = ROUTES.get((req.method, req.path))
        status, payload = handler(req.body) if handler else (404, {"error": "no such route"})
    except (ValueError, asyncio.IncompleteReadError) as exc:
        status, payload = 400, {"error": str(exc)}
        req = Request("?", "?", {})
    data = json.dumps(payload).encode()
    writer.write(
        f"HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        "Connection: close\r\n\r\n".encode() + data
    )
    await writer.drain()
    writer.close()
    log.info("%s %s -> %s", req.method, req.path, status)


async def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = await asyncio.start_server(handle, *LISTEN)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    log.info("fake rates API on http://%s:%d", *LISTEN)
    async with server:
        await stop.wait()
    log.info("stopped")


if __name__ == "__main__":
    asyncio.run(main())
