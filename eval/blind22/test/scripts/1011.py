#!/usr/bin/env python3
"""asyncio supervisor for the orbit local stack (no containers).

Reads services from stack.toml, starts each as a child in its own session,
prefixes its output with the service name, restarts crashed services with
exponential backoff (capped), and shuts down cleanly on SIGINT/SIGTERM by
signalling only the process groups it created. A `ready` probe (TCP port or
HTTP path on localhost) gates dependent services.
"""
import asyncio
import contextlib
import os
import signal
import sys
import time
import tomllib
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STACK = ROOT / "stack.toml"
PIDS = ROOT / ".run" / "stack.pids"
COLORS = ["\033[36m", "\033[35m", "\033[33m", "\033[32m", "\033[34m"]
RESET = "\033[0m"


@dataclass
class Service:
    name: str
    argv: list
    cwd: Path
    env: dict
    ready_port: int | None = None
    ready_path: str | None = None
    after: list = field(default_factory=list)
    proc: asyncio.subprocess.Process | None = None
    restarts: int = 0
    ready: asyncio.Event = field(default_factory=asyncio.Event)


def load_stack() -> list:
    cfg = tomllib.loads(STACK.read_text())
    out = []
    for name, spec in cfg["service"].items():
        out.append(Service(
            name=name,
            argv=list(spec["argv"]),
            cwd=(ROOT / spec.get("cwd", ".")).resolve(),
            env={**os.environ, **{k: str(v) for k, v in spec.get("env", {}).items()}},
            ready_port=spec.get("ready_port"),
            ready_path=spec.get("ready_path"),
            after=list(spec.get("after", [])),
        ))
    return out


async def pump(stream, prefix: str) -> None:
    while True:
        line = await stream.readline()
        if not line:
            return
        sys.stdout.write(f"{prefix}{line.decode(errors='replace')}")
        sys.stdout.flush()


async def probe(svc: Service, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if svc.proc and svc.proc.returncode is not None:
            return False
        try:
            if svc.ready_path:
                url = f"http://127.0.0.1:{svc.ready_port}{svc.ready_path}"
                await asyncio.to_thread(urllib.request.urlopen, url, None, 2)
                return True
            if svc.ready_port:
                _, writer = await asyncio.open_connection("127.0.0.1", svc.ready_port)
                writer.close()
                return True
            return True
        except OSError:
            await asyncio.sleep(0.5)
    return False


def record_pids(services: list) -> None:
    PIDS.parent.mkdir(exist_ok=True)
    PIDS.write_text("\n".join(f"{s.name} {s.proc.pid}" for s in services if s.proc) + "\n")


async def run_service(svc: Service, color: str, by_name: dict, stopping: asyncio.Event) -> None:
    for dep in svc.after:
        await by_name[dep].ready.wait()
    prefix = f"{color}{svc.name:>10} |{RESET} "
    while not stopping.is_set():
        svc.proc = await asyncio.create_subprocess_exec(
            *svc.argv, cwd=svc.cwd, env=svc.env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            start_new_session=True,
        )
        record_pids(list(by_name.values()))
        reader = asyncio.create_task(pump(svc.proc.stdout, prefix))
        if await probe(svc):
            svc.ready.set()
        code = await svc.proc.wait()
        await reader
        if stopping.is_set():
            return
        svc.restarts += 1
        delay = min(2 ** svc.restarts, 30)
        print(f"{prefix}exited with {code}; restart #{svc.restarts} in {delay}s")
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(stopping.wait(), timeout=delay)


async def stop_all(services: list, grace: float = 8.0) -> None:
    live = [s for s in services if s.proc and s.proc.returncode is None]
    for s in live:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(s.proc.pid, signal.SIGTERM)  # the group we created with start_new_session
    try:
        await asyncio.wait_for(asyncio.gather(*(s.proc.wait() for s in live)), timeout=grace)
    except asyncio.TimeoutError:
        for s in live:
            if s.proc.returncode is None:
                print(f"{s.name} ignored SIGTERM; killing its group")
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(s.proc.pid, signal.SIGKILL)
    PIDS.unlink(missing_ok=True)


def stop_leftovers() -> None:
    """A previous supervisor crashed: stop the groups it recorded, if still ours.

    A recorded PID is only signalled when its process-group leader still runs
    one of the commands from stack.toml (checked via /proc/<pid>/cmdline).
    """
    if not PIDS.exists():
        return
    known = {" ".join(s.argv) for s in load_stack()}
    for line in PIDS.read_text().splitlines():
        name, _, pid_text = line.partition(" ")
        if not pid_text.isdigit():
            continue
        pid = int(pid_text)
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        except OSError:
            continue
        if cmdline in known:
            print(f"stopping leftover {name} (pid {pid})")
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGTERM)
        else:
            print(f"pid {pid} from the old pid file now runs something else; leaving it")
    PIDS.unlink(missing_ok=True)


async def main() -> int:
    stop_leftovers()
    services = load_stack()
    by_name = {s.name: s for s in services}
    for s in services:
        unknown = [d for d in s.after if d not in by_name]
        if unknown:
            raise SystemExit(f"{s.name}: unknown dependency {unknown}")
    only = set(sys.argv[1:])
    if only:
        services = [s for s in services if s.name in only or any(s.name in t.after for t in services)]
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    tasks = [asyncio.create_task(run_service(s, COLORS[i % len(COLORS)], by_name, stopping))
             for i, s in enumerate(services)]
    await stopping.wait()
    print("\nstopping stack ...")
    await stop_all(services)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
