"""Convert raw exports in data/raw/*.csv into cleaned JSON lines in data/processed/."""
import csv
import json
import shutil
from datetime import datetime
from pathlib import Path

RAW = Path("data/raw")
OUT = Path("data/processed")
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%m-%d-%Y")


def parse_date(value: str):
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(value.strip(), fmt).date().isoformat()
        except ValueError:
            continue
    return None


def clean_row(row: dict) -> dict:
    out = {k.strip().lower().replace(" ", "_"): (v or "").strip() for k, v in row.items()}
    if "amount" in out:
        out["amount"] = float(out["amount"].replace(",", "") or 0)
    if "date" in out:
        out["date"] = parse_date(out["date"])
    return out


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    total = 0
    for src in sorted(RAW.glob("*.csv")):
        dest = OUT / (src.stem + ".jsonl")
        with src.open(newline="", encoding="utf-8-sig") as fin, dest.open("w") as fout:
            for row in csv.DictReader(fin):
                fout.write(json.dumps(clean_row(row)) + "\n")
                total += 1
        print(f"{src.name} -> {dest}")
    print(f"{total} rows written")


if __name__ == "__main__":
    main()
