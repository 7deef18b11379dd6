#!/usr/bin/env python3
"""Publish a trained quillmark encoder to the Hugging Face Hub (dry run by default).

    python tools/publish_model.py runs/lora-r16 --repo quillmark/encoder-small [--push] [--private]

Steps:
  1. validate the run folder (config, weights in safetensors, eval metrics),
  2. render the model card from templates/model_card.md with the eval numbers,
  3. stage the upload in ./dist/hub/<repo-name>/ (removed and rebuilt each time),
  4. with --push only: create the repo if needed and upload the staged folder
     with huggingface_hub using HF_TOKEN from the environment (sent by the
     library to huggingface.co only). Without --push it prints what would be
     uploaded and the total size.
Pickle checkpoints (*.bin, *.pt) are refused: only safetensors are published.
"""
from __future__ import annotations

import json
import os
import shutil
import string
import sys
from argparse import ArgumentParser
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STAGE_ROOT = REPO / "dist" / "hub"
CARD_TEMPLATE = REPO / "templates" / "model_card.md"
REQUIRED = ("config.json", "model.safetensors", "eval.json", "tokenizer.json")
FORBIDDEN_SUFFIXES = (".bin", ".pt", ".pth", ".pkl", ".ckpt")
OPTIONAL = ("tokenizer_config.json", "special_tokens_map.json", "vocab.txt", "generation_config.json")


def validate_run(run: Path) -> dict:
    if not run.is_dir():
        raise SystemExit(f"{run} is not a directory")
    if REPO.resolve() not in run.resolve().parents:
        raise SystemExit("run folder must be inside this repository")
    missing = [f for f in REQUIRED if not (run / f).exists()]
    if missing:
        raise SystemExit(f"run is missing {', '.join(missing)}")
    pickles = [p.name for p in run.iterdir() if p.suffix in FORBIDDEN_SUFFIXES]
    if pickles:
        raise SystemExit(f"refusing to publish pickle checkpoints: {', '.join(pickles)}")
    metrics = json.loads((run / "eval.json").read_text())
    for key in ("f1", "accuracy", "eval_set"):
        if key not in metrics:
            raise SystemExit(f"eval.json lacks {key}")
    return metrics


def render_card(repo_id: str, metrics: dict, config: dict) -> str:
    template = string.Template(CARD_TEMPLATE.read_text(encoding="utf-8"))
    return template.safe_substitute(
        repo_id=repo_id,
        f1=f"{metrics['f1']:.4f}",
        accuracy=f"{metrics['accuracy']:.4f}",
        eval_set=metrics["eval_set"],
        base_model=config.get("_name_or_path", "unknown"),
        hidden_size=config.get("hidden_size", "?"),
        layers=config.get("num_hidden_layers", "?"),
    )


def stage(run: Path, repo_id: str, card: str) -> Path:
    target = STAGE_ROOT / repo_id.split("/")[-1]
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in REQUIRED + OPTIONAL:
        src = run / name
        if src.exists() and name != "eval.json":
            shutil.copy2(src, target / name)
    (target / "README.md").write_text(card, encoding="utf-8")
    return target


def describe(folder: Path) -> int:
    total = 0
    for f in sorted(folder.iterdir()):
        size = f.stat().st_size
        total += size
        print(f"  {f.name:<28} {size / 1e6:>9.2f} MB")
    print(f"  {'total':<28} {total / 1e6:>9.2f} MB")
    return total


def scan_card(card: str) -> list[str]:
    """Catch template placeholders that were never filled and obvious leftovers."""
    problems = []
    for placeholder in ("${", "TODO", "FIXME"):
        if placeholder in card:
            problems.append(f"model card still contains {placeholder!r}")
    if "license:" not in card.split("---")[1 if card.startswith("---") else 0]:
        problems.append("model card front matter has no license field")
    return problems


def check_weights(folder: Path) -> None:
    """safetensors header sanity check: the first 8 bytes are the header length."""
    weights = folder / "model.safetensors"
    with weights.open("rb") as fh:
        header_len = int.from_bytes(fh.read(8), "little")
        header = json.loads(fh.read(header_len))
    tensors = [k for k in header if k != "__metadata__"]
    if not tensors:
        raise SystemExit("model.safetensors contains no tensors")
    print(f"weights: {len(tensors)} tensors")


def push(folder: Path, repo_id: str, private: bool) -> str:
    from huggingface_hub import HfApi  # imported lazily so the dry run works without it

    token = os.environ.get("HF_TOKEN")
    if not token:
        raise SystemExit("HF_TOKEN is not set; create a write token for the quillmark org")
    api = HfApi(token=token)
    api.create_repo(repo_id, private=private, exist_ok=True, repo_type="model")
    commit = api.upload_folder(
        folder_path=str(folder),
        repo_id=repo_id,
        repo_type="model",
        commit_message=f"Upload {folder.name} from quillmark",
    )
    return commit.commit_url


def main(argv: list[str]) -> int:
    cli = ArgumentParser(prog="publish_model")
    cli.add_argument("run", type=Path)
    cli.add_argument("--repo", required=True, help="org/name on the Hub")
    cli.add_argument("--push", action="store_true", help="actually upload (default: dry run)")
    cli.add_argument("--private", action="store_true")
    opts = cli.parse_args(argv)

    if opts.repo.count("/") != 1:
        raise SystemExit("--repo must look like org/name")
    metrics = validate_run(opts.run)
    config = json.loads((opts.run / "config.json").read_text())
    card = render_card(opts.repo, metrics, config)
    folder = stage(opts.run, opts.repo, card)
    print(f"staged {opts.repo} in {folder.relative_to(REPO)}:")
    describe(folder)
    check_weights(folder)
    problems = scan_card(card)
    for p in problems:
        print(f"warning: {p}")
    if problems and opts.push:
        raise SystemExit("fix the model card before pushing")
    if not opts.push:
        print("dry run: nothing uploaded; add --push to publish")
        return 0
    url = push(folder, opts.repo, opts.private)
    print(f"uploaded: {url}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
