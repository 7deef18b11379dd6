#!/usr/bin/env python3
"""Braintree sandbox regression run for the subscription service.

Exercises the flows our billing code depends on, against the Braintree
SANDBOX environment (payments.sandbox.braintree-api.com via the official SDK):

  * vault a customer with a sandbox nonce (fake-valid-visa-nonce etc.)
  * create a subscription on the sandbox plan, check first transaction
  * run the decline scenarios with the documented test amounts (2000-3000)
  * post the generated webhook sample to the local service (localhost:8000)
    and check the subscription state it records

Keys come from .env (BT_MERCHANT_ID, BT_PUBLIC_KEY, BT_PRIVATE_KEY).  The
environment is hard-coded to Sandbox.  Created customers are deleted at the end
unless --keep is given, so the sandbox vault does not fill up.
"""
import argparse
import json
import os
import sys
import time
import uuid
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import braintree
import requests

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
LOCAL_SERVICE = "http://localhost:8000"
PLAN_ID = os.environ.get("BT_PLAN_ID", "monthly-basic-sandbox")
DECLINE_AMOUNTS = {
    "processor_declined": Decimal("2000.00"),
    "insufficient_funds": Decimal("2001.00"),
    "limit_exceeded": Decimal("2002.00"),
}


@dataclass
class RunLog:
    run_id: str
    customers: list = field(default_factory=list)
    results: list = field(default_factory=list)

    def record(self, name, ok, detail=""):
        self.results.append({"check": name, "ok": ok, "detail": detail})
        print(f"{'PASS' if ok else 'FAIL'}  {name}{'  ' + detail if detail else ''}")


def dotenv(path):
    values = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                k, v = line.split("=", 1)
                values[k.strip()] = v.strip().strip('"')
    return values


def gateway():
    env = {**dotenv(PROJECT / ".env"), **os.environ}
    missing = [k for k in ("BT_MERCHANT_ID", "BT_PUBLIC_KEY", "BT_PRIVATE_KEY") if not env.get(k)]
    if missing:
        sys.exit(f"missing settings: {', '.join(missing)}")
    print(f"merchant {env['BT_MERCHANT_ID']}, public key {env['BT_PUBLIC_KEY'][:4]}***")
    return braintree.BraintreeGateway(
        braintree.Configuration(
            environment=braintree.Environment.Sandbox,
            merchant_id=env["BT_MERCHANT_ID"],
            public_key=env["BT_PUBLIC_KEY"],
            private_key=env["BT_PRIVATE_KEY"],
        )
    )


def vault_customer(gw, log, nonce="fake-valid-visa-nonce"):
    result = gw.customer.create({
        "first_name": "Sandbox",
        "last_name": f"Run {log.run_id}",
        "email": f"sandbox+{log.run_id}@example.com",
        "payment_method_nonce": nonce,
        "credit_card": {"options": {"verify_card": True}},
    })
    log.record("vault customer", result.is_success, "" if result.is_success else result.message)
    if not result.is_success:
        return None
    log.customers.append(result.customer.id)
    return result.customer


def subscription_flow(gw, log, customer):
    token = customer.payment_methods[0].token
    result = gw.subscription.create({"payment_method_token": token, "plan_id": PLAN_ID})
    if not result.is_success:
        log.record("create subscription", False, result.message)
        return None
    sub = result.subscription
    first = sub.transactions[0] if sub.transactions else None
    log.record("create subscription", sub.status == "Active", f"status {sub.status}")
    log.record("first transaction settled or submitted",
               bool(first) and first.status in ("submitted_for_settlement", "settling", "settled"),
               first.status if first else "no transaction")
    return sub


def decline_scenarios(gw, log, customer):
    token = customer.payment_methods[0].token
    for name, amount in DECLINE_AMOUNTS.items():
        result = gw.transaction.sale({
            "amount": str(amount),
            "payment_method_token": token,
            "options": {"submit_for_settlement": True},
        })
        declined = not result.is_success and result.transaction is not None
        status = result.transaction.processor_response_code if result.transaction else result.message
        log.record(f"decline scenario {name}", declined, f"response {status}")


def webhook_roundtrip(gw, log, sub):
    sample = gw.webhook_testing.sample_notification(
        braintree.WebhookNotification.Kind.SubscriptionChargedSuccessfully, sub.id)
    resp = requests.post(f"{LOCAL_SERVICE}/webhooks/braintree",
                         data={"bt_signature": sample["bt_signature"], "bt_payload": sample["bt_payload"]},
                         timeout=10)
    log.record("webhook accepted by local service", resp.status_code == 200, f"HTTP {resp.status_code}")
    for _ in range(10):
        state = requests.get(f"{LOCAL_SERVICE}/api/subscriptions/{sub.id}", timeout=10)
        if state.ok and state.json().get("last_charge_status") == "charged":
            log.record("local subscription updated", True)
            return
        time.sleep(1)
    log.record("local subscription updated", False, "state not updated within 10s")


def cleanup(gw, log):
    for customer_id in log.customers:
        try:
            gw.customer.delete(customer_id)  # sandbox customers created by this run
            print(f"deleted sandbox customer {customer_id}")
        except braintree.exceptions.NotFoundError:
            pass


def summary_table(log):
    """Compact table for the CI log; the JSON file keeps the details."""
    width = max((len(r["check"]) for r in log.results), default=10)
    for r in log.results:
        print(f"  {r['check']:<{width}}  {'ok' if r['ok'] else 'FAILED'}")


def save(log):
    out = PROJECT / "build" / "braintree-sandbox.json"
    out.parent.mkdir(exist_ok=True, parents=True)
    out.write_text(json.dumps({"run": log.run_id, "results": log.results}, indent=2))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--keep", action="store_true", help="keep the sandbox customers")
    ap.add_argument("--skip-webhook", action="store_true")
    args = ap.parse_args()

    gw = gateway()
    log = RunLog(run_id=uuid.uuid4().hex[:10])
    try:
        customer = vault_customer(gw, log)
        if customer:
            sub = subscription_flow(gw, log, customer)
            decline_scenarios(gw, log, customer)
            if sub and not args.skip_webhook:
                webhook_roundtrip(gw, log, sub)
                gw.subscription.cancel(sub.id)
    finally:
        if not args.keep:
            cleanup(gw, log)
    summary_table(log)
    out = save(log)
    failed = [r for r in log.results if not r["ok"]]
    print(f"{len(log.results) - len(failed)}/{len(log.results)} checks passed; details in {out.relative_to(PROJECT)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
