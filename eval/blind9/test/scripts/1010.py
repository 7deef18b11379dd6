#!/usr/bin/env python3
"""Development SMTP sink.

Listens on 127.0.0.1:1025, accepts every message the app sends during local
development and writes it to var/mail/<timestamp>-<n>.eml so templates can be
inspected without a real mail server. Pure asyncio, no third-party packages.
"""
from __future__ import annotations

import asyncio
import email
import email.policy
import itertools
import logging
import signal
from datetime import datetime
from pathlib import Path

HOST = "127.0.0.1"
PORT = 1025
MAILDIR = Path("var/mail")
MAX_BYTES = 5 * 1024 * 1024

log = logging.getLogger("smtp-sink")
counter = itertools.count(1)


class Session:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.mail_from: str | None = None
        self.rcpt: list[str] = []

    async def reply(self, code: int, text: str) -> None:
        self.writer.write(f"{code} {text}\r\n".encode())
        await self.writer.drain()

    async def read_data(self) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while True:
            line = await self.reader.readline()
            if line in (b".\r\n", b".\n", b""):
                break
            if line.startswith(b".."):
                line = line[1:]
            size += len(line)
            if size > MAX_BYTES:
                raise ValueError("message too large")
            chunks.append(line)
        return b"".join(chunks)

    def store(self, raw: bytes) -> Path:
        MAILDIR.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        path = MAILDIR / f"{stamp}-{next(counter):04d}.eml"
        path.write_bytes(raw)
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        log.info("stored %s  from=%s to=%s subject=%r", path.name, self.mail_from, ",".join(self.rcpt), msg["subject"])
        return path

    async def run(self) -> None:
        await self.reply(220, "smtp-sink ready")
        while line := await self.reader.readline():
            verb, _, arg = line.decode(errors="replace").strip().partition(" ")
            verb = verb.upper()
            if verb in ("HELO", "EHLO"):
                await self.reply(250, "hello")
            elif verb == "MAIL":
                self.mail_from, self.rcpt = arg.split(":", 1)[-1].strip("<> "), []
                await self.reply(250, "ok")
            elif verb == "RCPT":
                self.rcpt.append(arg.split(":", 1)[-1].strip("<> "))
                await self.reply(250, "ok")
            elif verb == "DATA":
                await self.reply(354, "end with .")
                try:
                    self.store(await self.read_data())
                    await self.reply(250, "stored")
                except ValueError as exc:
                    await self.reply(552, str(exc))
            elif verb == "RSET":
                self.mail_from, self.rcpt = None, []
                await self.reply(250, "ok")
            elif verb == "QUIT":
                await self.reply(221, "bye")
                break
            else:
                await self.reply(502, "not implemented")
        self.writer.close()


async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        await Session(reader, writer).run()
    except (ConnectionResetError, asyncio.IncompleteReadError):
        pass


async def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    server = await asyncio.start_server(handle, HOST, PORT)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    log.info("listening on %s:%d, writing to %s/", HOST, PORT, MAILDIR)
    async with server:
        await stop.wait()
    log.info("stopped")


if __name__ == "__main__":
    asyncio.run(main())
