#!/usr/bin/env -S npx tsx
/**
 * capi-test-events.ts — send server-side events to the Meta Conversions API
 * with a *test event code*, so they appear only in Events Manager's "Test
 * events" tab, and verify our event mapping end to end.
 *
 *   npx tsx tools/capi-test-events.ts                       # uses META_TEST_EVENT_CODE
 *   npx tsx tools/capi-test-events.ts --fixture purchase    # one fixture
 *   npx tsx tools/capi-test-events.ts --live                # real events (needs --yes too)
 *
 * Events are built from fixtures/capi/*.json; user data is normalised and
 * SHA-256 hashed as Meta requires (email, phone, names) before sending.  The
 * pixel id and the system-user access token come from .env and are sent only
 * to graph.facebook.com.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const GRAPH = "https://graph.facebook.com/v19.0";
const FIXTURES = join(REPO, "fixtures", "capi");

interface FixtureEvent {
  event_name: "Purchase" | "Lead" | "AddToCart" | "CompleteRegistration";
  email?: string;
  phone?: string;
  first_name?: string;
  last_name?: string;
  value?: number;
  currency?: string;
  content_ids?: string[];
  url: string;
}

interface Settings {
  pixelId: string;
  token: string;
  testCode?: string;
}

function settings(): Settings {
  const env: Record<string, string> = {};
  const file = join(REPO, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split(/\n/)) {
      const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
      if (m) env[m[1]] = m[2];
    }
  }
  const pixelId = process.env.META_PIXEL_ID ?? env.META_PIXEL_ID;
  const token = process.env.META_CAPI_TOKEN ?? env.META_CAPI_TOKEN;
  const testCode = process.env.META_TEST_EVENT_CODE ?? env.META_TEST_EVENT_CODE;
  if (!pixelId || !token) throw new Error("META_PIXEL_ID / META_CAPI_TOKEN missing");
  return { pixelId, token, testCode };
}

// Meta expects lower-case hex SHA-256 of the normalised value for every
// customer information parameter (em, ph, fn, ln, ...).
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

function normEmail(v?: string): string | undefined {
  return v ? sha256(v.trim().toLowerCase()) : undefined;
}

function normPhone(v?: string): string | undefined {
  if (!v) return undefined;
  const digits = v.replace(/\D/g, "").replace(/^00/, "");
  return digits ? sha256(digits) : undefined;
}

function normName(v?: string): string | undefined {
  return v ? sha256(v.trim().toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")) : undefined;
}

function toServerEvent(f: FixtureEvent) {
  const user_data: Record<string, string[]> = {};
  const add = (k: string, v?: string) => {
    if (v) user_data[k] = [v];
  };
  add("em", normEmail(f.email));
  add("ph", normPhone(f.phone));
  add("fn", normName(f.first_name));
  add("ln", normName(f.last_name));
  return {
    event_name: f.event_name,
    event_time: Math.floor(Date.now() / 1000),
    event_id: randomUUID(),
    action_source: "website",
    event_source_url: f.url,
    user_data,
    custom_data: f.value !== undefined ? { value: f.value, currency: f.currency ?? "EUR", content_ids: f.content_ids } : undefined,
  };
}

function loadFixtures(only?: string): Array<{ name: string; event: FixtureEvent }> {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".json") && (!only || f === `${only}.json`))
    .map((f) => ({ name: f.replace(".json", ""), event: JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as FixtureEvent }));
}

function validate(f: FixtureEvent): string[] {
  const p: string[] = [];
  if (!f.email && !f.phone) p.push("needs email or phone for matching");
  if (f.event_name === "Purchase" && (f.value === undefined || !f.currency)) p.push("Purchase needs value and currency");
  if (!/^https:\/\/(www\.)?acme-shop\.internal\//.test(f.url) && !f.url.startsWith("https://shop.example.com/")) {
    p.push("event_source_url must be one of our shop URLs");
  }
  return p;
}

async function send(s: Settings, events: unknown[], testCode?: string) {
  const res = await fetch(`${GRAPH}/${s.pixelId}/events`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ data: events, ...(testCode ? { test_event_code: testCode } : {}), access_token: s.token }),
  });
  const body = (await res.json()) as { events_received?: number; fbtrace_id?: string; error?: { message: string } };
  if (!res.ok) throw new Error(`CAPI ${res.status}: ${body.error?.message}`);
  return body;
}

const HELP = `capi-test-events.ts [--fixture NAME] [--live --yes]

Fixtures (fixtures/capi/<name>.json)
  event_name    Purchase | Lead | AddToCart | CompleteRegistration
  email/phone   at least one, used for matching (hashed before sending)
  first_name    optional, hashed
  last_name     optional, hashed
  value         required for Purchase, with currency
  content_ids   optional product ids
  url           event_source_url; must be one of our shop URLs

Hashing follows Meta's normalisation rules: emails trimmed and lower-cased,
phone numbers reduced to digits without a leading 00, names lower-cased
with accents removed, each then SHA-256 hex encoded.  Raw personal data is
never sent.

Default mode attaches META_TEST_EVENT_CODE so the events only show up in
Events Manager → Test events and do not affect optimisation.  --live sends
real events and additionally requires --yes.`;

/** Show which match keys each fixture provides, to explain low match quality. */
function matchKeys(fixtures: Array<{ name: string; event: FixtureEvent }>): string[] {
  return fixtures.map(({ name, event }) => {
    const keys = [event.email && "em", event.phone && "ph", event.first_name && "fn", event.last_name && "ln"].filter(Boolean);
    return `${name}: ${keys.join(",") || "none"}`;
  });
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const argv = process.argv.slice(2);
  const only = argv.includes("--fixture") ? argv[argv.indexOf("--fixture") + 1] : undefined;
  const live = argv.includes("--live");
  const s = settings();
  if (!live && !s.testCode) throw new Error("META_TEST_EVENT_CODE missing; test events need it");
  if (live && !argv.includes("--yes")) throw new Error("--live sends real conversion events; add --yes to confirm");

  const fixtures = loadFixtures(only);
  const problems = fixtures.flatMap((f) => validate(f.event).map((p) => `${f.name}: ${p}`));
  if (problems.length) throw new Error(problems.join("\n"));
  for (const line of matchKeys(fixtures)) console.error(`match keys ${line}`);
  const events = fixtures.map((f) => toServerEvent(f.event));
  console.log(`pixel ${s.pixelId}, token ${s.token.slice(0, 6)}…, ${events.length} event(s), ${live ? "LIVE" : `test code ${s.testCode}`}`);
  const result = await send(s, events, live ? undefined : s.testCode);
  console.log(`received ${result.events_received}, trace ${result.fbtrace_id}`);
  mkdirSync(join(REPO, "build"), { recursive: true });
  writeFileSync(join(REPO, "build", "capi-last-batch.json"), JSON.stringify({ live, events }, null, 2));
  console.log(live ? "sent as real events" : "check Events Manager → Test events for the pixel");
}

main().catch((err: Error) => {
  console.error(`capi-test-events: ${err.message}`);
  process.exitCode = 1;
});
