#!/usr/bin/env -S npx tsx
/**
 * live-activity-test.ts — drive an iOS Live Activity on QA phones through
 * the APNs sandbox: start, update a few times, end.
 *
 *   npx tsx tools/live-activity-test.ts --device qa-iphone-15 --steps 5
 *
 * Live Activity push tokens are captured by the QA build and stored in
 * fixtures/live-activity-tokens.json.  The provider token (ES256 JWT) is
 * created with `jose` from secrets/AuthKey_<KEYID>.p8 (key id and team from
 * config/apns.json) and the requests go to api.sandbox.push.apple.com using
 * the liveactivity push type.
 */
import { readFileSync, existsSync, mkdirSync, appendFileSync } from "node:fs";
import { connect, type ClientHttp2Session } from "node:http2";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { importPKCS8, SignJWT } from "jose";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SANDBOX = "https://api.sandbox.push.apple.com";
const LOG = join(REPO, "build", "live-activity.log");

interface ApnsConfig {
  keyId: string;
  teamId: string;
  bundleId: string;
}

interface DeliveryState {
  status: "preparing" | "on-the-way" | "arriving" | "delivered";
  etaMinutes: number;
  courier: string;
}

function config(): ApnsConfig {
  const cfg = JSON.parse(readFileSync(join(REPO, "config", "apns.json"), "utf8")) as ApnsConfig;
  if (!/^[A-Z0-9]{10}$/.test(cfg.keyId) || !/^[A-Z0-9]{10}$/.test(cfg.teamId)) throw new Error("bad keyId/teamId in config/apns.json");
  return cfg;
}

async function providerToken(cfg: ApnsConfig): Promise<string> {
  const keyFile = join(REPO, "secrets", `AuthKey_${cfg.keyId}.p8`);
  if (!existsSync(keyFile)) throw new Error(`missing ${keyFile.slice(REPO.length + 1)}`);
  const key = await importPKCS8(readFileSync(keyFile, "utf8"), "ES256");
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: cfg.keyId })
    .setIssuer(cfg.teamId)
    .setIssuedAt()
    .sign(key);
}

function deviceToken(name: string): string {
  const tokens = JSON.parse(readFileSync(join(REPO, "fixtures", "live-activity-tokens.json"), "utf8")) as Record<string, string>;
  const token = tokens[name];
  if (!token) throw new Error(`no live activity token for ${name}; known: ${Object.keys(tokens).join(", ")}`);
  return token;
}

function payload(event: "start" | "update" | "end", state: DeliveryState) {
  const now = Math.floor(Date.now() / 1000);
  const aps: Record<string, unknown> = {
    timestamp: now,
    event,
    "content-state": state,
    "stale-date": now + 15 * 60,
  };
  if (event === "start") {
    aps["attributes-type"] = "DeliveryAttributes";
    aps.attributes = { orderNumber: "QA-1234" };
    aps.alert = { title: "Order on its way", body: "Live Activity QA run" };
  }
  if (event === "end") aps["dismissal-date"] = now + 60;
  return { aps };
}

function post(session: ClientHttp2Session, token: string, jwt: string, topic: string, body: unknown): Promise<{ status: number; reason: string }> {
  return new Promise((resolvePromise) => {
    const req = session.request({
      ":method": "POST",
      ":path": `/3/device/${token}`,
      authorization: `bearer ${jwt}`,
      "apns-topic": `${topic}.push-type.liveactivity`,
      "apns-push-type": "liveactivity",
      "apns-priority": "10",
    });
    let status = 0;
    let data = "";
    req.on("response", (h) => {
      status = Number(h[":status"]);
    });
    req.on("data", (c) => {
      data += c;
    });
    req.on("end", () => resolvePromise({ status, reason: data ? (JSON.parse(data) as { reason: string }).reason : "" }));
    req.on("error", (err) => resolvePromise({ status: 0, reason: err.message }));
    req.end(JSON.stringify(body));
  });
}

function record(line: string): void {
  mkdirSync(join(REPO, "build"), { recursive: true });
  appendFileSync(LOG, `${new Date().toISOString()} ${line}\n`);
}

function states(steps: number): DeliveryState[] {
  const flow: DeliveryState["status"][] = ["preparing", "on-the-way", "arriving", "delivered"];
  return Array.from({ length: steps }, (_, i) => ({
    status: flow[Math.min(flow.length - 1, Math.floor((i / Math.max(1, steps - 1)) * (flow.length - 1)))],
    etaMinutes: Math.max(0, 30 - Math.round((30 * i) / Math.max(1, steps - 1))),
    courier: "QA Courier",
  }));
}

const HELP = `live-activity-test.ts --device NAME [--steps N] [--interval SECONDS]

Sends a start event, N-2 updates and an end event to the Live Activity
push token of one QA phone, walking the delivery status through
preparing → on-the-way → arriving → delivered.

Files
  config/apns.json                   {"keyId", "teamId", "bundleId"}
  secrets/AuthKey_<keyId>.p8         APNs auth key (not committed)
  fixtures/live-activity-tokens.json {"qa-iphone-15": "<push token>", ...}
  build/live-activity.log            one line per push with the APNs status

Notes
  * the topic is "<bundleId>.push-type.liveactivity" as Apple requires
  * stale-date is 15 minutes after each push, dismissal 1 minute after end
  * the sandbox host only reaches development builds of the app`;

/** Summarise the log of previous runs per device: how many pushes failed. */
function previousFailures(): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(LOG)) return counts;
  for (const line of readFileSync(LOG, "utf8").trim().split("\n")) {
    const [, device, , , status] = line.split(" ");
    if (status && status !== "200") counts.set(device, (counts.get(device) ?? 0) + 1);
  }
  return counts;
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const argv = process.argv.slice(2);
  const device = argv[argv.indexOf("--device") + 1];
  const earlier = previousFailures().get(device);
  if (earlier) console.error(`note: ${earlier} earlier push(es) to ${device} failed; check the token is current`);
  const steps = argv.includes("--steps") ? Number(argv[argv.indexOf("--steps") + 1]) : 4;
  const interval = argv.includes("--interval") ? Number(argv[argv.indexOf("--interval") + 1]) : 5;
  if (!device || device.startsWith("--")) throw new Error("--device <name> is required");
  if (!(steps >= 2 && steps <= 20)) throw new Error("--steps must be 2..20");

  const cfg = config();
  const jwt = await providerToken(cfg);
  const token = deviceToken(device);
  console.log(`device ${device} (${token.slice(0, 8)}…), key ${cfg.keyId.slice(0, 3)}…, ${steps} steps`);

  const session = connect(SANDBOX);
  session.on("error", (e) => console.error(`http2: ${e.message}`));
  let failures = 0;
  try {
    const seq = states(steps);
    for (const [i, state] of seq.entries()) {
      const event = i === 0 ? "start" : i === seq.length - 1 ? "end" : "update";
      const r = await post(session, token, jwt, cfg.bundleId, payload(event, state));
      const ok = r.status === 200;
      failures += ok ? 0 : 1;
      console.log(`${event.padEnd(6)} ${state.status.padEnd(11)} eta ${String(state.etaMinutes).padStart(2)}m -> ${ok ? "ok" : `${r.status} ${r.reason}`}`);
      record(`${device} ${event} ${state.status} ${r.status} ${r.reason}`);
      if (i < seq.length - 1) await new Promise((res) => setTimeout(res, interval * 1000));
    }
  } finally {
    session.close();
  }
  process.exitCode = failures ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`live-activity-test: ${err.message}`);
  process.exitCode = 1;
});
