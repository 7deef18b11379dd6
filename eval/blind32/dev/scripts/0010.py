#!/usr/bin/env python3
"""Render the product video assets described in media/renders.yaml.

Each entry names an MLT project (from Shotcut/Kdenlive), an output profile and
optional subtitle and loudness steps:

    - name: onboarding-en
      project: media/projects/onboarding.mlt
      profile: web-1080p
      subtitles: media/subs/onboarding.en.srt
      loudnorm: true

Pipeline per entry: melt renders into a temp dir -> optional ffsubsync aligns
subtitles against the render -> ffmpeg burns/attaches subtitles and applies
two-pass loudnorm -> the result is moved into build/media/.  Jobs run in a small
process pool; Ctrl-C terminates the children this script started and removes
their temp directories.
"""
import argparse
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "media"
PROFILES = {
    "web-1080p": {"vcodec": "libx264", "crf": "20", "preset": "slow", "acodec": "aac", "ab": "192k"},
    "web-720p": {"vcodec": "libx264", "crf": "23", "preset": "medium", "acodec": "aac", "ab": "128k",
                 "s": "1280x720"},
    "prores-master": {"vcodec": "prores_ks", "vprofile": "3", "acodec": "pcm_s16le"},
}
CHILDREN: set = set()
TEMP_DIRS: set = set()


def run(argv, cwd=None, log=None):
    """Run a tool with an argv list; record the child so Ctrl-C can stop it."""
    if log:
        log.write("$ " + " ".join(shlex.quote(a) for a in argv) + "\n")
        log.flush()
    proc = subprocess.Popen(argv, cwd=cwd, stdout=log or subprocess.DEVNULL,
                            stderr=subprocess.STDOUT, start_new_session=True)
    CHILDREN.add(proc)
    try:
        code = proc.wait()
    finally:
        CHILDREN.discard(proc)
    if code != 0:
        raise RuntimeError(f"{argv[0]} exited with {code}")


def melt_args(project, out_file, profile):
    settings = PROFILES[profile]
    argv = ["melt", str(project), "-consumer", f"avformat:{out_file}"]
    argv += [f"{k}={v}" for k, v in settings.items()]
    argv += ["real_time=-2", "threads=0"]
    return argv


def loudnorm_measure(src, log):
    argv = ["ffmpeg", "-hide_banner", "-i", str(src), "-af",
            "loudnorm=I=-16:TP=-1.5:LRA=11:print_format=json", "-f", "null", "-"]
    result = subprocess.run(argv, capture_output=True, text=True)
    log.write(result.stderr[-2000:])
    tail = result.stderr[result.stderr.rfind("{"):]
    return json.loads(tail)


def finish_args(src, dst, subs, stats):
    argv = ["ffmpeg", "-y", "-hide_banner", "-i", str(src)]
    if subs:
        argv += ["-i", str(subs)]
    filters = []
    if stats:
        filters.append(
            "loudnorm=I=-16:TP=-1.5:LRA=11:"
            f"measured_I={stats['input_i']}:measured_TP={stats['input_tp']}:"
            f"measured_LRA={stats['input_lra']}:measured_thresh={stats['input_thresh']}:"
            f"offset={stats['target_offset']}:linear=true"
        )
    if filters:
        argv += ["-af", ",".join(filters)]
    argv += ["-map", "0:v", "-map", "0:a", "-c:v", "copy"]
    if subs:
        argv += ["-map", "1:s", "-c:s", "mov_text", "-metadata:s:s:0", "language=eng"]
    argv += ["-movflags", "+faststart", str(dst)]
    return argv


def render_one(job, keep_temp=False):
    name = job["name"]
    tmp = Path(tempfile.mkdtemp(prefix=f"render-{name}-"))
    TEMP_DIRS.add(tmp)
    started = time.monotonic()
    log_path = BUILD / "logs" / f"{name}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with log_path.open("w") as log:
            raw = tmp / f"{name}.raw.mp4"
            run(melt_args(ROOT / job["project"], raw, job.get("profile", "web-1080p")), cwd=ROOT, log=log)
            subs = None
            if job.get("subtitles"):
                subs = tmp / f"{name}.srt"
                run(["ffsubsync", str(raw), "-i", str(ROOT / job["subtitles"]), "-o", str(subs)], log=log)
            stats = loudnorm_measure(raw, log) if job.get("loudnorm") else None
            final_tmp = tmp / f"{name}.mp4"
            run(finish_args(raw, final_tmp, subs, stats), log=log)
            BUILD.mkdir(parents=True, exist_ok=True)
            shutil.move(str(final_tmp), BUILD / f"{name}.mp4")
        return name, time.monotonic() - started
    finally:
        if not keep_temp:
            shutil.rmtree(tmp, ignore_errors=True)
        TEMP_DIRS.discard(tmp)


def stop_children(signum, _frame):
    print(f"\nsignal {signum}: stopping {len(CHILDREN)} render process(es)", file=sys.stderr)
    for proc in list(CHILDREN):
        try:
            os.killpg(proc.pid, signal.SIGTERM)  # the session we created for this child
        except ProcessLookupError:
            pass
    for tmp in list(TEMP_DIRS):
        shutil.rmtree(tmp, ignore_errors=True)
    sys.exit(130)


def check_tools(jobs):
    needed = {"melt", "ffmpeg"}
    if any(j.get("subtitles") for j in jobs):
        needed.add("ffsubsync")
    missing = sorted(t for t in needed if shutil.which(t) is None)
    if missing:
        sys.exit("missing tools: " + ", ".join(missing))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="only these render entries")
    ap.add_argument("--config", type=Path, default=ROOT / "media" / "renders.yaml")
    ap.add_argument("-j", "--jobs", type=int, default=max(1, (os.cpu_count() or 2) // 4))
    ap.add_argument("--keep-temp", action="store_true")
    ap.add_argument("--clean", action="store_true", help="empty build/media before rendering")
    args = ap.parse_args()

    jobs = yaml.safe_load(args.config.read_text()) or []
    if args.names:
        jobs = [j for j in jobs if j["name"] in args.names]
    for j in jobs:
        if j.get("profile", "web-1080p") not in PROFILES:
            sys.exit(f"{j['name']}: unknown profile {j.get('profile')}")
    check_tools(jobs)

    if args.clean and BUILD.exists():
        shutil.rmtree(BUILD)
    signal.signal(signal.SIGINT, stop_children)
    signal.signal(signal.SIGTERM, stop_children)

    failures = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(render_one, j, args.keep_temp): j["name"] for j in jobs}
        for fut in as_completed(futures):
            name = futures[fut]
            try:
                _, seconds = fut.result()
                print(f"ok    {name} ({seconds:.0f}s)")
            except Exception as exc:
                failures += 1
                print(f"FAIL  {name}: {exc} (see build/media/logs/{name}.log)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
