#!/usr/bin/env -S npx tsx
// shipping-config-dump.ts — dump the effective shipping configuration so
// support can compare it with the dashboard when labels fail.

import { existsSync, readFileSync } from "node:fs";

interface ShippingConfig {
  easypostKey?: string;
  easypostTestKey?: string;
  shippoToken?: string;
  sendcloudPublic?: string;
  sendcloudSecret?: string;
  webhookSecret?: string;
  defaultCarrier: string;
}

function load(): ShippingConfig {
  const env: Record<string, string> = {};
  if (existsSync(".env")) {
    for (const line of readFileSync(".env", "utf8").split("\n")) {
      const i = line.indexOf("=");
      if (i > 0) env[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return {
    easypostKey: env.EASYPOST_API_KEY,
    easypostTestKey: env.EASYPOST_TEST_API_KEY,
    shippoToken: env.SHIPPO_API_TOKEN,
    sendcloudPublic: env.SENDCLOUD_PUBLIC_KEY,
    sendcloudSecret: env.SENDCLOUD_SECRET_KEY,
    webhookSecret: env.EASYPOST_WEBHOOK_SECRET,
    defaultCarrier: env.DEFAULT_CARRIER ?? "USPS",
  };
}

const cfg = load();
console.log("effective shipping configuration:");
console.log(JSON.stringify(cfg, null, 2));
