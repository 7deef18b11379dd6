#!/usr/bin/env python3
"""Scan downloaded Airflow task logs and tabulate failures per DAG/task.

Expects logs/airflow/dag_id=.../run_id=.../task_id=.../attempt=N.log (the
layout of `airflow tasks logs` downloads). Writes reports/airflow_failures.csv.
"""
import csv
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

LOG_ROOT = Path("logs/airflow")
OUT = Path("reports/airflow_failures.csv")
PART = re.compile(r"(dag_id|run_id|task_id|attempt)=([^/\\]+)")
ERROR_LINE = re.compile(r"\b(ERROR|CRITICAL)\b - (?P<msg>.+)")
EXC_LINE = re.compile(r"^(?P<exc>[A-Za-z_.]+(Error|Exception)): (?P<detail>.*)")


def log_files(root):
    yield from sorted(root.rglob("attempt=*.log"))


def meta_for(path):
    return dict(PART.findall(str(path)))


def first_exception(lines):
    for line in reversed(lines):
        m = EXC_LINE.match(line.strip())
        if m:
            return m.group("exc"), m.group("detail")[:160]
    for line in lines:
        m = ERROR_LINE.search(line)
        if m:
            return "LoggedError", m.group("msg")[:160]
    return None


def analyse(files):
    failures = []
    attempts = Counter()
    for path in files:
        meta = meta_for(path)
        key = (meta.get("dag_id", "?"), meta.get("task_id", "?"))
        attempts[key] += 1
        lines = path.read_text(errors="replace").splitlines()
        if not any("Marking task as FAILED" in l or "Task failed with exception" in l for l in lines):
            continue
        exc = first_exception(lines) or ("Unknown", "")
        failures.append({**meta, "exception": exc[0], "detail": exc[1]})
    return failures, attempts


def write_csv(failures, attempts):
    OUT.parent.mkdir(parents=True, exist_ok=True)
    grouped = defaultdict(list)
    for f in failures:
        grouped[(f.get("dag_id"), f.get("task_id"))].append(f)
    with OUT.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["dag_id", "task_id", "failed_attempts", "total_attempts", "top_exception"])
        for (dag, task), items in sorted(grouped.items(), key=lambda kv: -len(kv[1])):
            top = Counter(i["exception"] for i in items).most_common(1)[0][0]
            w.writerow([dag, task, len(items), attempts[(dag, task)], top])
    return len(grouped)


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else LOG_ROOT
    if not root.exists():
        print(f"{root} does not exist; download logs first")
        return 1
    files = list(log_files(root))
    failures, attempts = analyse(files)
    groups = write_csv(failures, attempts)
    print(f"{len(files)} attempt logs, {len(failures)} failures in {groups} task(s) -> {OUT}")
    for exc, n in Counter(f["exception"] for f in failures).most_common(5):
        print(f"  {n:4d}  {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
