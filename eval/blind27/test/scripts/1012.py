#!/usr/bin/env python3
"""GHZ-state fidelity experiments: local simulator by default, IBM hardware opt-in.

    python experiments/ghz.py --qubits 3 5 7                 # Aer simulator
    python experiments/ghz.py --qubits 5 --backend ibm_kyiv --live --max-shots 4000

Hardware runs use QiskitRuntimeService(), which reads the account saved in
~/.qiskit by `QiskitRuntimeService.save_account` - this script never opens or
copies that file. Results (counts, fidelity estimate, job ids) are written to
results/ghz_<backend>_<timestamp>.json. Jobs submitted by this script are
recorded so `--cancel-pending` can cancel exactly those.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from qiskit import QuantumCircuit, transpile

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
JOBS_FILE = ROOT / "build" / "submitted_jobs.json"
SIMULATORS = {"aer", "aer_statevector"}


def ghz(n: int) -> QuantumCircuit:
    qc = QuantumCircuit(n, n, name=f"ghz{n}")
    qc.h(0)
    for i in range(n - 1):
        qc.cx(i, i + 1)
    qc.barrier()
    qc.measure(range(n), range(n))
    return qc


def population_fidelity(counts: dict, n: int) -> float:
    shots = sum(counts.values())
    return (counts.get("0" * n, 0) + counts.get("1" * n, 0)) / shots if shots else 0.0


def simulator(name: str):
    from qiskit_aer import AerSimulator
    method = "statevector" if name == "aer_statevector" else "automatic"
    return AerSimulator(method=method)


def hardware(name: str):
    from qiskit_ibm_runtime import QiskitRuntimeService
    service = QiskitRuntimeService()
    backend = service.backend(name)
    status = backend.status()
    print(f"{name}: {backend.num_qubits} qubits, pending jobs {status.pending_jobs}, "
          f"operational={status.operational}")
    if not status.operational:
        raise SystemExit(f"{name} is not operational right now")
    return service, backend


def record_jobs(job_ids: list[str], backend: str) -> None:
    JOBS_FILE.parent.mkdir(parents=True, exist_ok=True)
    known = json.loads(JOBS_FILE.read_text()) if JOBS_FILE.exists() else []
    known.extend({"id": j, "backend": backend, "at": time.time()} for j in job_ids)
    JOBS_FILE.write_text(json.dumps(known, indent=2))


def cancel_pending() -> int:
    if not JOBS_FILE.exists():
        print("no jobs recorded")
        return 0
    from qiskit_ibm_runtime import QiskitRuntimeService
    service = QiskitRuntimeService()
    remaining = []
    for entry in json.loads(JOBS_FILE.read_text()):
        job = service.job(entry["id"])
        state = job.status()
        state_name = getattr(state, "name", str(state))
        if state_name in ("QUEUED", "INITIALIZING", "VALIDATING", "RUNNING"):
            job.cancel()
            print(f"cancelled {entry['id']}")
        elif state_name not in ("DONE", "CANCELLED", "ERROR"):
            remaining.append(entry)
    JOBS_FILE.write_text(json.dumps(remaining, indent=2))
    return 0


def run_sim(name: str, sizes: list[int], shots: int) -> dict:
    backend = simulator(name)
    out = {}
    for n in sizes:
        tqc = transpile(ghz(n), backend, optimization_level=1)
        counts = backend.run(tqc, shots=shots).result().get_counts()
        out[n] = {"counts": counts, "fidelity": population_fidelity(counts, n), "depth": tqc.depth()}
        print(f"  n={n:<2} depth={tqc.depth():<3} fidelity={out[n]['fidelity']:.4f}")
    return out


def run_hw(name: str, sizes: list[int], shots: int) -> dict:
    from qiskit_ibm_runtime import SamplerV2 as Sampler
    _service, backend = hardware(name)
    circuits = [transpile(ghz(n), backend, optimization_level=3) for n in sizes]
    sampler = Sampler(mode=backend)
    job = sampler.run(circuits, shots=shots)
    record_jobs([job.job_id()], name)
    print(f"submitted job {job.job_id()}; waiting (Ctrl-C leaves it queued, see --cancel-pending)")
    result = job.result()
    out = {}
    for n, circ, pub in zip(sizes, circuits, result):
        counts = pub.data.c.get_counts()
        out[n] = {"counts": counts, "fidelity": population_fidelity(counts, n),
                  "depth": circ.depth(), "job": job.job_id()}
        print(f"  n={n:<2} depth={circ.depth():<3} fidelity={out[n]['fidelity']:.4f}")
    return out


def summarise_results() -> None:
    """Print a fidelity-vs-size table over all saved result files."""
    rows = []
    for f in sorted(RESULTS.glob("ghz_*.json")):
        data = json.loads(f.read_text())
        for n, r in data["results"].items():
            rows.append((data["backend"], int(n), r["fidelity"], f.name))
    if not rows:
        print("no results yet")
        return
    print(f"{'backend':<18}{'n':>3}{'fidelity':>10}  file")
    for backend, n, fid, name in sorted(rows):
        print(f"{backend:<18}{n:>3}{fid:>10.4f}  {name}")


def plot_results(path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    data = json.loads(path.read_text())
    sizes = sorted(int(n) for n in data["results"])
    fids = [data["results"][str(n)]["fidelity"] for n in sizes]
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.plot(sizes, fids, marker="o")
    ax.set_xlabel("qubits")
    ax.set_ylabel("GHZ population fidelity")
    ax.set_title(data["backend"])
    fig.tight_layout()
    fig.savefig(path.with_suffix(".png"), dpi=150)


def main() -> int:
    ap = argparse.ArgumentParser(description="GHZ fidelity experiments")
    ap.add_argument("--summary", action="store_true", help="print all saved results and exit")
    ap.add_argument("--qubits", nargs="+", type=int, default=[3, 5])
    ap.add_argument("--backend", default="aer")
    ap.add_argument("--shots", type=int, default=2000)
    ap.add_argument("--live", action="store_true", help="allow submission to IBM hardware")
    ap.add_argument("--max-shots", type=int, default=0, help="hardware shot budget")
    ap.add_argument("--cancel-pending", action="store_true")
    args = ap.parse_args()

    if args.cancel_pending:
        return cancel_pending()
    if args.summary:
        summarise_results()
        return 0
    if any(n < 2 or n > 20 for n in args.qubits):
        raise SystemExit("qubit counts must be between 2 and 20")
    if args.backend in SIMULATORS:
        data = run_sim(args.backend, args.qubits, args.shots)
    else:
        if not args.live:
            raise SystemExit(f"{args.backend} is real hardware; pass --live to submit")
        total = args.shots * len(args.qubits)
        if total > args.max_shots:
            raise SystemExit(f"{total} shots exceed --max-shots {args.max_shots}")
        data = run_hw(args.backend, args.qubits, args.shots)

    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / f"ghz_{args.backend}_{time.strftime('%Y%m%d-%H%M%S')}.json"
    out.write_text(json.dumps({"backend": args.backend, "shots": args.shots, "results": data}, indent=2))
    print(f"saved {out.relative_to(ROOT)}")
    plot_results(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
