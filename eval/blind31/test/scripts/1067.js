#!/usr/bin/env node
// webhook-sink.js — local receiver for EasyPost test-mode webhooks while
// developing the tracking-update feature.
//
//   node tools/webhook-sink.js                     # listen on 127.0.0.1:8787
//   node tools/webhook-sink.js --port 9000 --forward http://127.0.0.1:3000/hooks/easypost
//
// How it is used: the developer exposes this port with their usual tunnel
// (not started here) and registers the tunnel URL as a *test-mode* webhook in
// the EasyPost dashboard. Every delivery is
//   * verified with the HMAC-SHA256 signature EasyPost sends
//     (X-Hmac-Signature, computed with the webhook secret from .env),
//   * stored as build/webhooks/<timestamp>-<event id>.json,
//   * optionally forwarded to the local app (only 127.0.0.1/localhost URLs).
// Deliveries with a bad signature get 401 and are logged, not stored.
//
// Replaying: the stored files are the raw bodies, so a delivery can be sent
// again to the app with the same signature header using tools/replay-webhook.js.
// Live-mode events are acknowledged and ignored; this sink is for test mode.
//
// EASYPOST_WEBHOOK_SECRET comes from .env (the secret set on the test webhook).
// The server binds to 127.0.0.1 only.

"use strict";

const crypto = require("node:crypto");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");
const STORE = path.join(ROOT, "build", "webhooks");
const MAX_BODY = 1024 * 1024;

function options(argv) {
  const o = { port: 8787, forward: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === "--port") o.port = Number(argv[++i]);
    else if (argv[i] === "--forward") o.forward = argv[++i];
    else throw new Error(`unknown option ${argv[i]}`);
  }
  if (o.forward) {
    const host = new URL(o.forward).hostname;
    if (host !== "127.0.0.1" && host !== "localhost") throw new Error("--forward must point at the local app");
  }
  return o;
}

function webhookSecret() {
  const file = path.join(ROOT, ".env");
  let secret = process.env.EASYPOST_WEBHOOK_SECRET;
  if (!secret && fs.existsSync(file)) {
    const m = /^EASYPOST_WEBHOOK_SECRET=(.*)$/m.exec(fs.readFileSync(file, "utf8"));
    secret = m?.[1]?.trim().replace(/^"|"$/g, "");
  }
  if (!secret) throw new Error("EASYPOST_WEBHOOK_SECRET is not set");
  return secret;
}

function expectedSignature(secret, body) {
  // EasyPost: hex HMAC-SHA256 of the raw body, key = NFKD-normalised secret, header value "hmac-sha256-hex=<digest>"
  const key = Buffer.from(secret.normalize("NFKD"), "utf8");
  return `hmac-sha256-hex=${crypto.createHmac("sha256", key).update(body).digest("hex")}`;
}

function signatureOk(secret, header, body) {
  if (!header) return false;
  const want = Buffer.from(expectedSignature(secret, body));
  const got = Buffer.from(String(header));
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function store(event, raw) {
  fs.mkdirSync(STORE, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const name = `${stamp}-${String(event.id ?? "unknown").replace(/[^A-Za-z0-9_-]/g, "")}.json`;
  const file = path.join(STORE, name);
  fs.writeFileSync(`${file}.tmp`, raw);
  fs.renameSync(`${file}.tmp`, file);
  return name;
}

async function forward(url, raw, headers) {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hmac-signature": headers["x-hmac-signature"] ?? "" },
      body: raw,
      signal: AbortSignal.timeout(10000),
    });
    return res.status;
  } catch (err) {
    return `error ${err.message}`;
  }
}

function describe(event) {
  const r = event.result ?? {};
  if (event.description?.startsWith("tracker.")) {
    return `${event.description} ${r.tracking_code ?? "?"} -> ${r.status ?? "?"} (${r.carrier ?? "?"})`;
  }
  return `${event.description ?? "event"} ${r.id ?? ""}`;
}

function main() {
  const opts = options(process.argv.slice(2));
  const secret = webhookSecret();
  let received = 0;
  let rejected = 0;
  const server = http.createServer(async (req, res) => {
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    let raw;
    try {
      raw = await readBody(req);
    } catch {
      res.writeHead(413).end();
      return;
    }
    if (!signatureOk(secret, req.headers["x-hmac-signature"], raw)) {
      rejected += 1;
      console.warn(`401 bad signature from ${req.socket.remoteAddress}`);
      res.writeHead(401).end();
      return;
    }
    let event;
    try {
      event = JSON.parse(raw.toString("utf8"));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (event.mode && event.mode !== "test") {
      console.warn(`ignoring ${event.mode}-mode event ${event.id}; this sink is for test mode only`);
      res.writeHead(200).end();
      return;
    }
    received += 1;
    const name = store(event, raw);
    const fwd = opts.forward ? await forward(opts.forward, raw, req.headers) : null;
    console.log(`${describe(event)}  saved ${name}${fwd !== null ? `  forwarded: ${fwd}` : ""}`);
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  server.listen(opts.port, "127.0.0.1", () => {
    console.log(`listening on 127.0.0.1:${opts.port}; events are stored in ${path.relative(ROOT, STORE)}`);
  });
  const stop = () => {
    console.log(`\n${received} events stored, ${rejected} rejected`);
    server.close(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

try {
  main();
} catch (err) {
  console.error(`webhook-sink: ${err.message}`);
  process.exitCode = 1;
}
