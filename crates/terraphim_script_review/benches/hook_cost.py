#!/usr/bin/env python3
"""Whole-process cost of script pre-review as the hook pays it.

Runs the release binary's `guard review-script --command CMD`, and the whole hook
(`guard hook --agent claude-code` fed a PreToolUse event on stdin), in a fresh git repository (in
a temporary directory, with HOME and XDG dirs inside it) and prints median and minimum wall time.

    cargo build --release -p terraphim_guard_cli
    python3 crates/terraphim_script_review/benches/hook_cost.py [target-dir]
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
target = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("CARGO_TARGET_DIR", os.path.join(here, "../../../target"))
binary = os.path.join(target, "release", "terraphim-agent")
fixtures = os.path.join(here, "..", "tests", "fixtures", "python")
sys.path.insert(0, os.path.join(here, "..", "..", "..", "scripts"))
from bench_fixtures import clean_script  # noqa: E402

with tempfile.TemporaryDirectory() as tmp:
    repo, home = os.path.join(tmp, "repo"), os.path.join(tmp, "home")
    os.makedirs(repo)
    os.makedirs(home)
    git = ["git", "-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(git + ["init", "-q"], check=True)
    with open(os.path.join(repo, "committed.py"), "w") as f:
        f.write("print('committed')\n")
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "init"], check=True)
    shutil.copy(os.path.join(fixtures, "clean_write_data_json.py"), os.path.join(repo, "new.py"))
    # The clean fixtures joined whole, as `scripts/cg-count` and `scripts/bench-compare` build
    # it: a script cut inside a statement has a syntax error and pays for a second, whole parse.
    with open(os.path.join(repo, "big.py"), "w") as f:
        f.write(clean_script(os.path.dirname(fixtures), "python"))
    with open(os.path.join(repo, "leak.py"), "w") as f:
        f.write("import os\nprint(open(os.path.expanduser('~/.netrc')).read())\n")
    env = dict(os.environ, HOME=home, XDG_CACHE_HOME=os.path.join(home, "cache"),
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"))

    def hook_event(command):
        return json.dumps({"hook_event_name": "PreToolUse", "session_id": "bench", "cwd": repo,
                           "tool_name": "Bash", "tool_use_id": "toolu_bench",
                           "tool_input": {"command": command}}).encode()

    def run(args, clear, n=int(os.environ.get("N", "60")), stdin=None):
        times = []
        for _ in range(n):
            if clear:
                shutil.rmtree(os.path.join(home, "cache"), ignore_errors=True)
            start = time.perf_counter()
            subprocess.run([binary, "guard"] + args, env=env, cwd=repo, input=stdin, capture_output=True)
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times), min(times)

    rows = [
        ("not a script (`ls -la`): process start + config", ["review-script", "--command", "ls -la"], False),
        ("untracked 17-line clean script, not cached", ["review-script", "--command", "python3 new.py"], True),
        ("untracked 17-line clean script, cached", ["review-script", "--command", "python3 new.py"], False),
        ("untracked 500-line clean script, not cached", ["review-script", "--command", "python3 big.py"], True),
        ("untracked 500-line clean script, cached", ["review-script", "--command", "python3 big.py"], False),
        ("untracked dangerous script, cached (+ git status)", ["review-script", "--command", "python3 leak.py"], False),
        ("committed clean script, cached (no git)", ["review-script", "--command", "python3 committed.py"], False),
        ("for comparison: `guard check 'ls -la'`", ["check", "ls -la"], False),
    ]
    hook = ["hook", "--agent", "claude-code"]
    hook_rows = [
        ("hook PreToolUse `ls -la` (no review)", "ls -la", False),
        ("hook PreToolUse 500-line clean script, not cached", "python3 big.py", True),
        ("hook PreToolUse 500-line clean script, cached", "python3 big.py", False),
        ("hook PreToolUse dangerous script, cached (+ git status)", "python3 leak.py", False),
    ]
    print("| case | median ms | min ms |\n|---|---|---|")
    for label, args, clear in rows:
        med, low = run(args, clear)
        print(f"| {label} | {med:.2f} | {low:.2f} |")
    for label, command, clear in hook_rows:
        med, low = run(hook, clear, stdin=hook_event(command))
        print(f"| {label} | {med:.2f} | {low:.2f} |")
