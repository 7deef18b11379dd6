#!/usr/bin/env python3
"""Evaluate pricing-rule expressions that the sales team enters in the admin.

Rules are stored as Python expressions in the `pricing_rules` table of the local
database and evaluated here against sample carts to preview their effect.
"""
import json
import sqlite3
import sys

DB = "var/pricing.sqlite3"
SAMPLE_CARTS = "fixtures/sample_carts.json"


def main():
    carts = json.load(open(SAMPLE_CARTS))
    con = sqlite3.connect(DB)
    rules = con.execute("SELECT name, expression FROM pricing_rules WHERE enabled = 1").fetchall()
    for name, expression in rules:
        for cart in carts:
            price = eval(expression, {"__builtins__": __builtins__}, {"cart": cart})
            print(f"{name:24} cart {cart['id']:>4}: {price}")
    con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
