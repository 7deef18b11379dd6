#!/usr/bin/env python3
"""Run a command, then tell me how it went: desktop notification, optional
clipboard copy of the tail of the output, optional Slack message.

    python tools/ding.py -- pytest -q
    python tools/ding.py --copy-tail 40 -- cargo test
    python tools/ding.py --slack -- make e2e       # uses SLACK_BOT_TOKEN + SLACK_CHANNEL

Works on Linux (notify-send, wl-copy/xclip) and macOS (osascript, pbcopy).
"""
import argparse
import collections
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request

SLACK_URL = "https://slack.com/api/chat.postMessage"
IS_MAC = platform.system() == "Darwin"


def fmt_duration(seconds):
    m, s = divmod(int(seconds), 60)
    h, m = divmod(m, 60)
    if h:
        return f"{h}h{m:02d}m"
    if m:
        return f"{m}m{s:02d}s"
    return f"{s}s"


def clipboard_argv():
    if IS_MAC and shutil.which("pbcopy"):
        return ["pbcopy"]
    if os.environ.get("WAYLAND_DISPLAY") and shutil.which("wl-copy"):
        return ["wl-copy"]
    if shutil.which("xclip"):
        return ["xclip", "-selection", "clipboard"]
    if shutil.which("xsel"):
        return ["xsel", "--clipboard", "--input"]
    return None


def copy_to_clipboard(text):
    argv = clipboard_argv()
    if not argv:
        print("ding: no clipboard tool found", file=sys.stderr)
        return False
    subprocess.run(argv, input=text, text=True, check=False)
    return True


def notify(title, body, ok):
    if IS_MAC:
        script = f'display notification {json.dumps(body)} with title {json.dumps(title)}'
        subprocess.run(["osascript", "-e", script], check=False)
        return
    if shutil.which("notify-send"):
        urgency = "normal" if ok else "critical"
        icon = "dialog-information" if ok else "dialog-error"
        subprocess.run(["notify-send", "-u", urgency, "-i", icon, title, body], check=False)
    else:
        sys.stderr.write("\a")
        sys.stderr.flush()


def slack(text, ok):
    token = os.environ.get("SLACK_BOT_TOKEN")
    channel = os.environ.get("SLACK_CHANNEL")
    if not token or not channel:
        print("ding: SLACK_BOT_TOKEN/SLACK_CHANNEL not set; skipping Slack", file=sys.stderr)
        return
    payload = {"channel": channel, "text": (":white_check_mark: " if ok else ":x: ") + text}
    req = urllib.request.Request(
        SLACK_URL,
        data=json.dumps(payload).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json; charset=utf-8"},
        method="POST",
    )
    for attempt in range(3):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                data = json.load(resp)
            if not data.get("ok"):
                print(f"ding: slack error {data.get('error')}", file=sys.stderr)
            return
        except OSError as exc:
            time.sleep(2 ** attempt)
            last = exc
    print(f"ding: slack unreachable: {last}", file=sys.stderr)


def record_history(argv, rc, took, path=".ding-history.jsonl", keep=200):
    """Append one line per run to a small local history file (cwd only)."""
    entry = {"argv": argv, "rc": rc, "took": took, "at": int(time.time())}
    lines = []
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()[-(keep - 1):]
    lines.append(json.dumps(entry))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.replace(tmp, path)


class Runner:
    def __init__(self, argv, tail_lines):
        self.argv = argv
        self.tail = collections.deque(maxlen=max(tail_lines, 1))
        self.proc = None
        self.interrupted = False

    def _pump(self, stream, sink):
        for line in iter(stream.readline, ""):
            sink.write(line)
            sink.flush()
            self.tail.append(line)
        stream.close()

    def forward_signal(self, signum, _frame):
        self.interrupted = True
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signum)

    def run(self):
        self.proc = subprocess.Popen(
            self.argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
        )
        pump = threading.Thread(target=self._pump, args=(self.proc.stdout, sys.stdout), daemon=True)
        pump.start()
        rc = self.proc.wait()
        pump.join(timeout=5)
        return rc


def main():
    ap = argparse.ArgumentParser(description="run a command and notify when done")
    ap.add_argument("--title", default=None)
    ap.add_argument("--copy-tail", type=int, default=0, metavar="N",
                    help="copy the last N lines of output to the clipboard")
    ap.add_argument("--only-failures", action="store_true")
    ap.add_argument("--slack", action="store_true", help="also post to Slack")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    argv = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not argv:
        ap.error("give a command after --")
    runner = Runner(argv, args.copy_tail or 20)
    signal.signal(signal.SIGINT, runner.forward_signal)
    signal.signal(signal.SIGTERM, runner.forward_signal)
    started = time.monotonic()
    try:
        rc = runner.run()
    except FileNotFoundError:
        print(f"ding: command not found: {argv[0]}", file=sys.stderr)
        return 127
    took = fmt_duration(time.monotonic() - started)
    ok = rc == 0 and not runner.interrupted
    title = args.title or os.path.basename(argv[0])
    summary = f"{' '.join(argv)[:80]} {'passed' if ok else f'failed (exit {rc})'} in {took}"
    if os.environ.get("DING_HISTORY", "1") != "0":
        record_history(argv, rc, took)
    if ok and args.only_failures:
        return rc
    notify(title, summary, ok)
    if args.copy_tail:
        if copy_to_clipboard("".join(runner.tail)):
            print(f"ding: copied last {len(runner.tail)} lines to clipboard", file=sys.stderr)
    if args.slack:
        slack(summary, ok)
    return rc


if __name__ == "__main__":
    sys.exit(main())
