#!/usr/bin/env python3
"""End-to-end smoke test of our Mollie integration in TEST mode.

Creates a payment with the test API key, follows it through the states the
Mollie test environment lets us force (paid / failed / canceled / expired via
the checkout page in a browser, or via the `testmode` API for methods that
support it), posts the resulting webhook body to our locally running webhook
handler, and checks that the order service marked the order correctly.

Live keys are refused: the key must start with `test_`.  Refunds are only
created with --with-refund and only for payments created by this run.
"""
import argparse
import json
import os
import sys
import time
import uuid
from decimal import Decimal
from pathlib import Path

import requests

MOLLIE_API = "https://api.mollie.com/v2"
WEBHOOK_LOCAL = "http://localhost:8000/webhooks/mollie"
ORDERS_LOCAL = "http://localhost:8000/api/orders"
STATE_FILE = Path("build/mollie-smoke-state.json")


def load_key() -> str:
    key = os.environ.get("MOLLIE_API_KEY", "")
    if not key:
        env_path = Path(".env")
        if env_path.exists():
            for line in env_path.read_text().splitlines():
                if line.startswith("MOLLIE_API_KEY="):
                    key = line.split("=", 1)[1].strip().strip('"')
    if not key:
        sys.exit("MOLLIE_API_KEY is not set (.env or environment)")
    if not key.startswith("test_"):
        sys.exit("refusing to run the smoke test with a live Mollie key")
    return key


def redact(key: str) -> str:
    return key[:5] + "*" * 6 + key[-3:]


class Mollie:
    def __init__(self, key: str):
        self.http = requests.Session()
        self.http.headers.update({
            "Authorization": f"Bearer {key}",
            "Content-Type": "application/json",
            "User-Agent": "acme-shop-smoke/1.4",
        })

    def request(self, method: str, path: str, body=None):
        url = f"{MOLLIE_API}{path}"
        for attempt in range(5):
            resp = self.http.request(method, url, data=json.dumps(body) if body else None, timeout=30)
            if resp.status_code in (429, 502, 503):
                time.sleep(1.5 * (attempt + 1))
                continue
            if resp.status_code >= 400:
                detail = resp.json().get("detail", resp.text) if resp.content else resp.reason
                raise RuntimeError(f"{method} {path} -> {resp.status_code}: {detail}")
            return resp.json() if resp.content else {}
        raise RuntimeError(f"{method} {path}: too many retries")

    def create_payment(self, amount: Decimal, order_id: str, method: str | None):
        body = {
            "amount": {"currency": "EUR", "value": f"{amount:.2f}"},
            "description": f"Smoke test order {order_id}",
            "redirectUrl": f"http://localhost:8000/checkout/return?order={order_id}",
            "webhookUrl": "https://shop.example.com/webhooks/mollie",
            "metadata": {"order_id": order_id, "smoke": True},
        }
        if method:
            body["method"] = method
        return self.request("POST", "/payments", body)

    def get_payment(self, payment_id: str):
        return self.request("GET", f"/payments/{payment_id}")

    def refund(self, payment_id: str, amount: Decimal):
        body = {"amount": {"currency": "EUR", "value": f"{amount:.2f}"}, "description": "smoke refund"}
        return self.request("POST", f"/payments/{payment_id}/refunds", body)

    def cancel(self, payment_id: str):
        return self.request("DELETE", f"/payments/{payment_id}")


def create_local_order(amount: Decimal) -> str:
    resp = requests.post(ORDERS_LOCAL, json={"total": str(amount), "currency": "EUR",
                                             "lines": [{"sku": "SMOKE-1", "qty": 1}]}, timeout=10)
    resp.raise_for_status()
    return resp.json()["id"]


def deliver_webhook(payment_id: str) -> None:
    # Mollie posts only the id; the handler fetches the payment itself.
    resp = requests.post(WEBHOOK_LOCAL, data={"id": payment_id}, timeout=10)
    if resp.status_code != 200:
        raise RuntimeError(f"webhook handler answered {resp.status_code}: {resp.text[:200]}")


def order_status(order_id: str) -> str:
    resp = requests.get(f"{ORDERS_LOCAL}/{order_id}", timeout=10)
    resp.raise_for_status()
    return resp.json()["payment_status"]


def wait_for(predicate, timeout=60, interval=2.0, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"timed out waiting for {what}")


def save_state(state: dict) -> None:
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE_FILE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=2))
    tmp.replace(STATE_FILE)


def main() -> int:
    ap = argparse.ArgumentParser(description="Mollie test-mode smoke run")
    ap.add_argument("--amount", type=Decimal, default=Decimal("12.50"))
    ap.add_argument("--method", default="ideal", help="payment method to force (test mode)")
    ap.add_argument("--with-refund", action="store_true")
    ap.add_argument("--manual", action="store_true",
                    help="print the checkout URL and wait for you to pick a status in the browser")
    ap.add_argument("--timeout", type=int, default=180)
    args = ap.parse_args()

    key = load_key()
    print(f"using Mollie test key {redact(key)}")
    mollie = Mollie(key)
    run_id = uuid.uuid4().hex[:8]
    state = {"run": run_id, "payments": []}

    order_id = create_local_order(args.amount)
    payment = mollie.create_payment(args.amount, order_id, args.method)
    state["payments"].append(payment["id"])
    save_state(state)
    print(f"order {order_id} -> payment {payment['id']} ({payment['status']})")

    checkout = payment.get("_links", {}).get("checkout", {}).get("href")
    if args.manual and checkout:
        print(f"open {checkout} and choose 'paid' on the Mollie test page")

    try:
        final = wait_for(
            lambda: (p := mollie.get_payment(payment["id"]))["status"] != "open" and p,
            timeout=args.timeout, interval=3, what="payment to leave 'open'",
        )
    except TimeoutError:
        print("payment stayed open; canceling it so the test account stays tidy")
        mollie.cancel(payment["id"])
        return 1

    print(f"payment status: {final['status']}")
    deliver_webhook(payment["id"])
    status = wait_for(lambda: order_status(order_id) != "pending" and order_status(order_id),
                      timeout=30, what="order status update")
    expected = {"paid": "paid", "failed": "failed", "canceled": "canceled", "expired": "expired"}
    if status != expected.get(final["status"]):
        print(f"MISMATCH: order says {status!r}, Mollie says {final['status']!r}")
        return 1

    if args.with_refund and final["status"] == "paid":
        refund = mollie.refund(payment["id"], args.amount)
        state["refund"] = refund["id"]
        save_state(state)
        print(f"refund {refund['id']} created ({refund['status']})")

    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
