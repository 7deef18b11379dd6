#!/usr/bin/env python3
"""Local Stripe webhook receiver for development (asyncio, 127.0.0.1 only).

Verifies the Stripe-Signature header with STRIPE_WEBHOOK_SECRET and appends
verified events to tmp/webhooks.jsonl so the Rails app's specs can replay them.
"""
import asyncio
import hashlib
import hmac
import json
import os
import time
from pathlib import Path

HOST = "127.0.0.1"
PORT = int(os.environ.get("WEBHOOK_PORT", "4242"))
SINK = Path("tmp/webhooks.jsonl")
TOLERANCE = 300


def verify(payload: bytes, header: str, secret: str) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    ts = parts.get("t")
    sig = parts.get("v1")
    if not ts or not sig:
        return False
    if abs(time.time() - int(ts)) > TOLERANCE:
        return False
    signed = f"{ts}.".encode() + payload
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, sig)


async def read_request(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    length = int(headers.get("content-length", "0"))
    body = await reader.readexactly(length) if length else b""
    return method, path, headers, body


def respond(writer, status, text):
    body = text.encode()
    writer.write(f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\n"
                 f"Content-Type: text/plain\r\nConnection: close\r\n\r\n".encode() + body)


async def handle(reader, writer, secret):
    try:
        method, path, headers, body = await read_request(reader)
        if method != "POST" or path != "/webhooks/stripe":
            respond(writer, "404 Not Found", "no such endpoint")
        elif not verify(body, headers.get("stripe-signature", ""), secret):
            respond(writer, "400 Bad Request", "signature check failed")
        else:
            event = json.loads(body)
            SINK.parent.mkdir(exist_ok=True)
            with SINK.open("a") as fh:
                fh.write(json.dumps(event) + "\n")
            print(f"{event.get('type')} {event.get('id')}")
            respond(writer, "200 OK", "ok")
        await writer.drain()
    except (asyncio.IncompleteReadError, ValueError) as exc:
        print("bad request:", exc)
    finally:
        writer.close()


async def main():
    secret = os.environ.get("STRIPE_WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("set STRIPE_WEBHOOK_SECRET (from `stripe listen`)")
    server = await asyncio.start_server(lambda r, w: handle(r, w, secret), HOST, PORT)
    print(f"listening on http://{HOST}:{PORT}/webhooks/stripe")
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
