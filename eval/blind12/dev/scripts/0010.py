#!/usr/bin/env python3
"""Generate deterministic fixture data for the orders service tests.

Writes tests/fixtures/{customers,products,orders}.json. Each generator is
registered with @fixture and receives the shared seeded RNG and the outputs of
earlier generators, so references between files stay consistent.
"""
import argparse
import json
import random
import string
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable

OUT_DIR = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
GENERATORS: dict[str, Callable[[random.Random, dict, int], list[dict]]] = {}

FIRST = ["Ada", "Grace", "Linus", "Barbara", "Ken", "Radia", "Edsger", "Frances"]
LAST = ["Lovelace", "Hopper", "Torvalds", "Liskov", "Thompson", "Perlman", "Allen"]
WORDS = ["steel", "oak", "linen", "copper", "matte", "glass", "wool", "cedar"]
ITEMS = ["mug", "lamp", "chair", "scarf", "desk", "kettle", "shelf", "rug"]


def fixture(name: str):
    def deco(fn):
        GENERATORS[name] = fn
        return fn
    return deco


def sku(rng: random.Random) -> str:
    return "".join(rng.choices(string.ascii_uppercase, k=3)) + "-" + str(rng.randint(1000, 9999))


@fixture("customers")
def customers(rng: random.Random, done: dict, n: int) -> list[dict]:
    out = []
    for i in range(1, n + 1):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        out.append({
            "id": i,
            "name": f"{first} {last}",
            "email": f"{first.lower()}.{last.lower()}{i}@example.com",
            "vip": rng.random() < 0.1,
        })
    return out


@fixture("products")
def products(rng: random.Random, done: dict, n: int) -> list[dict]:
    return [{
        "id": i,
        "sku": sku(rng),
        "title": f"{rng.choice(WORDS).title()} {rng.choice(ITEMS)}",
        "price_cents": rng.randrange(500, 25000, 50),
        "stock": rng.randint(0, 40),
    } for i in range(1, n + 1)]


@fixture("orders")
def orders(rng: random.Random, done: dict, n: int) -> list[dict]:
    start = datetime(2024, 1, 1)
    out = []
    for i in range(1, n * 3 + 1):
        lines = []
        for product in rng.sample(done["products"], k=rng.randint(1, 4)):
            qty = rng.randint(1, 3)
            lines.append({"product_id": product["id"], "qty": qty,
                          "unit_cents": product["price_cents"]})
        out.append({
            "id": i,
            "customer_id": rng.choice(done["customers"])["id"],
            "created_at": (start + timedelta(minutes=rng.randint(0, 60 * 24 * 180))).isoformat(),
            "status": rng.choices(["paid", "shipped", "refunded"], weights=[6, 3, 1])[0],
            "lines": lines,
            "total_cents": sum(l["qty"] * l["unit_cents"] for l in lines),
        })
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("-n", "--count", type=int, default=25)
    ap.add_argument("--out", type=Path, default=OUT_DIR)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    done: dict[str, list[dict]] = {}
    args.out.mkdir(parents=True, exist_ok=True)
    for name, gen in GENERATORS.items():
        done[name] = gen(rng, done, args.count)
        path = args.out / f"{name}.json"
        path.write_text(json.dumps(done[name], indent=2, sort_keys=True) + "\n")
        print(f"wrote {len(done[name]):4d} records to {path}")


if __name__ == "__main__":
    main()
