#!/usr/bin/env -S npx tsx
/**
 * onesignal-qa.ts — send a QA notification through OneSignal to the
 * internal testers only.
 *
 * Targets are restricted to subscription ids listed in
 * fixtures/onesignal-qa.json or to the "QA Testers" segment; sending to
 * "Subscribed Users"/"All" or any other segment is refused.  The app id and
 * REST API key come from .env (ONESIGNAL_QA_APP_ID, ONESIGNAL_REST_API_KEY)
 * and are only sent to OneSignal's documented API host.
 *
 *   npx tsx tools/onesignal-qa.ts --title "Build 41" --message "Please test checkout"
 *   npx tsx tools/onesignal-qa.ts --segment "QA Testers" --live
 *   npx tsx tools/onesignal-qa.ts --cancel <notification-id> --live
 */
import { existsSync, readFileSync, appendFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const API = "https://onesignal.com/api/v1";
const ALLOWED_SEGMENTS = new Set(["QA Testers"]);
const LOG = resolve(ROOT, "build", "onesignal-qa.log");

interface Options {
  title: string;
  message: string;
  segment?: string;
  cancel?: string;
  live: boolean;
  url?: string;
}

interface Credentials {
  appId: string;
  restKey: string;
}

function readEnv(): Record<string, string> {
  const file = resolve(ROOT, ".env");
  const out: Record<string, string> = {};
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) out[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  return { ...out, ...(process.env as Record<string, string>) };
}

function credentials(): Credentials {
  const env = readEnv();
  const appId = env.ONESIGNAL_QA_APP_ID;
  const restKey = env.ONESIGNAL_REST_API_KEY;
  if (!appId || !restKey) throw new Error("ONESIGNAL_QA_APP_ID / ONESIGNAL_REST_API_KEY missing in .env");
  if (env.ONESIGNAL_PROD_APP_ID && env.ONESIGNAL_PROD_APP_ID === appId) {
    throw new Error("ONESIGNAL_QA_APP_ID equals the production app id; refusing");
  }
  return { appId, restKey };
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { title: "QA build", message: "Test notification", live: false };
  for (let i = 0; i < argv.length; i++) {
    const next = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value`);
      return v;
    };
    switch (argv[i]) {
      case "--title": opts.title = next(); break;
      case "--message": opts.message = next(); break;
      case "--segment": opts.segment = next(); break;
      case "--cancel": opts.cancel = next(); break;
      case "--url": opts.url = next(); break;
      case "--live": opts.live = true; break;
      default: throw new Error(`unknown option ${argv[i]}`);
    }
  }
  if (opts.segment && !ALLOWED_SEGMENTS.has(opts.segment)) {
    throw new Error(`segment "${opts.segment}" is not allowed; use one of ${[...ALLOWED_SEGMENTS].join(", ")}`);
  }
  return opts;
}

function qaSubscriptions(): string[] {
  const list = JSON.parse(readFileSync(resolve(ROOT, "fixtures", "onesignal-qa.json"), "utf8")) as Array<{
    name: string;
    subscriptionId: string;
  }>;
  return list.map((d) => d.subscriptionId).filter((id) => /^[0-9a-f-]{36}$/.test(id));
}

async function call<T>(method: string, path: string, creds: Credentials, body?: unknown): Promise<T> {
  const res = await fetch(`${API}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${creds.restKey}`,
      "Content-Type": "application/json; charset=utf-8",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as T & { errors?: unknown };
  if (!res.ok || (json as { errors?: unknown }).errors) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify((json as { errors?: unknown }).errors ?? json)}`);
  }
  return json;
}

function audit(line: string): void {
  mkdirSync(dirname(LOG), { recursive: true });
  appendFileSync(LOG, `${new Date().toISOString()} ${line}\n`);
}

async function send(opts: Options, creds: Credentials): Promise<void> {
  const target = opts.segment
    ? { included_segments: [opts.segment] }
    : { include_subscription_ids: qaSubscriptions() };
  if (!opts.segment && !(target as { include_subscription_ids: string[] }).include_subscription_ids.length) {
    throw new Error("no valid QA subscription ids in fixtures/onesignal-qa.json");
  }
  const payload = {
    app_id: creds.appId,
    ...target,
    headings: { en: opts.title },
    contents: { en: opts.message },
    url: opts.url,
    ttl: 3600,
    data: { qa: true, sentBy: process.env.USER ?? "dev" },
  };
  console.log(JSON.stringify({ ...payload, app_id: `${creds.appId.slice(0, 8)}…` }, null, 2));
  if (!opts.live) {
    console.log("dry run; add --live to send to the QA testers");
    return;
  }
  const result = await call<{ id: string; recipients?: number }>("POST", "/notifications", creds, payload);
  audit(`sent ${result.id} recipients=${result.recipients ?? "?"} title=${JSON.stringify(opts.title)}`);
  console.log(`sent notification ${result.id} to ${result.recipients ?? "?"} recipient(s)`);
}

async function cancel(id: string, opts: Options, creds: Credentials): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error("notification id looks wrong");
  if (!opts.live) {
    console.log(`would cancel ${id}; add --live`);
    return;
  }
  await call("DELETE", `/notifications/${id}?app_id=${encodeURIComponent(creds.appId)}`, creds);
  audit(`cancelled ${id}`);
  console.log(`cancelled ${id}`);
}

/** Show the delivery stats of the most recent QA notifications from the log. */
async function recent(creds: Credentials, count = 5): Promise<void> {
  if (!existsSync(LOG)) {
    console.log("no notifications sent from this checkout yet");
    return;
  }
  const ids = readFileSync(LOG, "utf8")
    .trim()
    .split("\n")
    .map((l) => /sent ([0-9a-f-]{36})/.exec(l)?.[1])
    .filter((x): x is string => Boolean(x))
    .slice(-count);
  for (const id of ids) {
    const n = await call<{ successful?: number; failed?: number; converted?: number; remaining?: number }>(
      "GET",
      `/notifications/${id}?app_id=${encodeURIComponent(creds.appId)}`,
      creds,
    );
    console.log(
      `${id}  delivered=${n.successful ?? 0} failed=${n.failed ?? 0} opened=${n.converted ?? 0} pending=${n.remaining ?? 0}`,
    );
  }
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2).filter((a) => a !== "--recent"));
  const creds = credentials();
  if (process.argv.includes("--recent")) {
    await recent(creds);
    return;
  }
  console.error(`QA app ${creds.appId.slice(0, 8)}…, REST key ${creds.restKey.slice(0, 4)}…`);
  if (opts.cancel) await cancel(opts.cancel, opts, creds);
  else await send(opts, creds);
}

main().catch((err: Error) => {
  console.error(`onesignal-qa: ${err.message}`);
  process.exitCode = 1;
});
