#!/usr/bin/env python3
"""Queue and run DaVinci Resolve renders for the course project.

Uses Resolve's scripting API (DaVinciResolveScript, shipped with Resolve) with
Resolve running on this machine.  For each timeline listed in
media/resolve-renders.json it:

  * loads the project from the local project library
  * applies the render preset named in the JSON
  * sets the target directory to build/resolve/<timeline>/ in this checkout
  * adds a render job and starts rendering, polling progress
  * deletes only the render jobs it added when done (Resolve keeps the queue
    in the project otherwise)

Environment: RESOLVE_SCRIPT_API / RESOLVE_SCRIPT_LIB are read the way the
Resolve docs describe; the module path is appended to sys.path.
"""
import argparse
import json
import os
import platform
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "media" / "resolve-renders.json"
OUT = ROOT / "build" / "resolve"

DEFAULT_API = {
    "Linux": "/opt/resolve/Developer/Scripting",
    "Darwin": "/Library/Application Support/Blackmagic Design/DaVinci Resolve/Developer/Scripting",
    "Windows": r"C:\ProgramData\Blackmagic Design\DaVinci Resolve\Support\Developer\Scripting",
}


def import_resolve_module():
    api = os.environ.get("RESOLVE_SCRIPT_API", DEFAULT_API.get(platform.system(), ""))
    modules = os.path.join(api, "Modules")
    if modules not in sys.path:
        sys.path.append(modules)
    try:
        import DaVinciResolveScript as dvr  # noqa: N813  (name defined by Blackmagic)
    except ImportError as exc:
        sys.exit(f"cannot import DaVinciResolveScript from {modules}: {exc}")
    return dvr


def connect(dvr, attempts=10):
    for _ in range(attempts):
        resolve = dvr.scriptapp("Resolve")
        if resolve:
            return resolve
        time.sleep(2)
    sys.exit("Resolve is not running or external scripting is disabled (Preferences > General)")


def load_jobs(only):
    jobs = json.loads(CONFIG.read_text())
    if only:
        jobs = [j for j in jobs if j["timeline"] in only]
    for job in jobs:
        for key in ("project", "timeline", "preset"):
            if not job.get(key):
                sys.exit(f"render entry missing {key}: {job}")
    return jobs


def open_project(resolve, name):
    manager = resolve.GetProjectManager()
    project = manager.GetCurrentProject()
    if project and project.GetName() == name:
        return project
    project = manager.LoadProject(name)
    if not project:
        sys.exit(f"project {name!r} not found in the current project library")
    return project


def find_timeline(project, name):
    for index in range(1, project.GetTimelineCount() + 1):
        timeline = project.GetTimelineByIndex(index)
        if timeline.GetName() == name:
            return timeline
    return None


def prepare_target(timeline_name, clean):
    target = OUT / timeline_name
    if clean and target.exists():
        shutil.rmtree(target)  # previous render output of this timeline, inside build/
    target.mkdir(parents=True, exist_ok=True)
    return target


def queue_job(project, job, target):
    timeline = find_timeline(project, job["timeline"])
    if timeline is None:
        raise RuntimeError(f"timeline {job['timeline']!r} not in project {job['project']!r}")
    project.SetCurrentTimeline(timeline)
    if not project.LoadRenderPreset(job["preset"]):
        raise RuntimeError(f"render preset {job['preset']!r} not found")
    settings = {
        "SelectAllFrames": True,
        "TargetDir": str(target),
        "CustomName": job.get("file_name", job["timeline"]),
    }
    if job.get("mark_in") is not None:
        settings.update({"SelectAllFrames": False, "MarkIn": job["mark_in"], "MarkOut": job["mark_out"]})
    if not project.SetRenderSettings(settings):
        raise RuntimeError("Resolve rejected the render settings")
    job_id = project.AddRenderJob()
    if not job_id:
        raise RuntimeError("AddRenderJob failed")
    return job_id


def wait_for(project, job_ids, poll):
    pending = set(job_ids)
    results = {}
    while pending:
        time.sleep(poll)
        for job_id in list(pending):
            status = project.GetRenderJobStatus(job_id)
            state = status.get("JobStatus")
            pct = status.get("CompletionPercentage", 0)
            if state in ("Complete", "Failed", "Cancelled"):
                results[job_id] = state
                pending.discard(job_id)
                print(f"  job {job_id[:8]}: {state}")
            else:
                print(f"  job {job_id[:8]}: {state} {pct}%", end="\r")
    return results


def remove_own_jobs(project, job_ids):
    for job_id in job_ids:
        project.DeleteRenderJob(job_id)


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("timelines", nargs="*")
    ap.add_argument("--clean", action="store_true", help="empty each timeline's output dir first")
    ap.add_argument("--poll", type=float, default=5.0)
    ap.add_argument("--queue-only", action="store_true", help="add jobs but do not start rendering")
    args = ap.parse_args()

    dvr = import_resolve_module()
    resolve = connect(dvr)
    jobs = load_jobs(args.timelines)
    by_project = {}
    for job in jobs:
        by_project.setdefault(job["project"], []).append(job)

    summary = []
    for project_name, project_jobs in by_project.items():
        project = open_project(resolve, project_name)
        added = []
        for job in project_jobs:
            target = prepare_target(job["timeline"], args.clean)
            try:
                added.append(queue_job(project, job, target))
                print(f"queued {project_name}/{job['timeline']} -> {target.relative_to(ROOT)}")
            except RuntimeError as exc:
                summary.append((job["timeline"], f"not queued: {exc}"))
        if args.queue_only or not added:
            continue
        project.StartRendering(added, isInteractiveMode=False)
        results = wait_for(project, added, args.poll)
        for job, job_id in zip(project_jobs, added):
            summary.append((job["timeline"], results.get(job_id, "unknown")))
        remove_own_jobs(project, added)

    for name, state in summary:
        print(f"{name:<32} {state}")
    return 0 if all(state == "Complete" for _, state in summary) else 1


if __name__ == "__main__":
    sys.exit(main())
