/**
 * adyen-test-checkout.ts - end-to-end check of the Adyen integration in the
 * TEST environment (checkout-test.adyen.com).
 *
 * 1. /paymentMethods for our merchant account, check the methods we rely on
 * 2. /payments with encrypted test card data produced by the adyen test tool
 *    (stored in test/fixtures/adyen/*.json, these are Adyen's public test cards)
 * 3. /payments/details for 3DS2 challenge flows with the test result payload
 * 4. optional /payments/{pspReference}/refunds (--refund) and
 *    /payments/{pspReference}/cancels for authorised-but-not-captured payments
 *
 * The API key (ADYEN_API_KEY) is only ever sent to checkout-test.adyen.com.
 * The live prefix URL is never constructed by this script.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const CHECKOUT = "https://checkout-test.adyen.com/v71";
const ROOT = path.resolve(__dirname, "..");
const FIXTURES = path.join(ROOT, "test", "fixtures", "adyen");
const REPORT = path.join(ROOT, "build", "adyen-test-report.json");
const REQUIRED_METHODS = ["scheme", "ideal", "klarna", "applepay"];

interface CardFixture {
  name: string;
  paymentMethod: Record<string, string>;
  expect: "Authorised" | "Refused" | "ChallengeShopper" | "RedirectShopper";
  amountMinor: number;
  currency: string;
  threeDsDetails?: Record<string, string>;
}

interface Result {
  fixture: string;
  resultCode?: string;
  pspReference?: string;
  ok: boolean;
  error?: string;
}

function config(): { apiKey: string; merchant: string } {
  const env: Record<string, string | undefined> = { ...process.env };
  const file = path.join(ROOT, ".env");
  if (existsSync(file)) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const m = /^(ADYEN_[A-Z_]+)=(.*)$/.exec(line.trim());
      if (m && env[m[1]] === undefined) env[m[1]] = m[2].replace(/^"|"$/g, "");
    }
  }
  if (!env.ADYEN_API_KEY) throw new Error("ADYEN_API_KEY missing");
  return { apiKey: env.ADYEN_API_KEY, merchant: env.ADYEN_MERCHANT_ACCOUNT ?? "AcmeShopTestECOM" };
}

class Checkout {
  constructor(private readonly apiKey: string, private readonly merchant: string) {}

  async post<T>(pathname: string, body: Record<string, unknown>, idempotencyKey?: string): Promise<T> {
    const res = await fetch(`${CHECKOUT}${pathname}`, {
      method: "POST",
      headers: {
        "X-API-Key": this.apiKey,
        "Content-Type": "application/json",
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      },
      body: JSON.stringify({ merchantAccount: this.merchant, ...body }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  paymentMethods(): Promise<{ paymentMethods: { type: string }[] }> {
    return this.post("/paymentMethods", { countryCode: "NL", amount: { currency: "EUR", value: 1000 } });
  }

  pay(fixture: CardFixture, reference: string): Promise<{ resultCode: string; pspReference?: string; action?: unknown }> {
    return this.post("/payments", {
      amount: { currency: fixture.currency, value: fixture.amountMinor },
      reference,
      paymentMethod: fixture.paymentMethod,
      returnUrl: "http://localhost:3000/checkout/return",
      channel: "Web",
      authenticationData: { threeDSRequestData: { nativeThreeDS: "preferred" } },
      browserInfo: { userAgent: "adyen-test-checkout", acceptHeader: "*/*", language: "en-GB",
        colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: 0, javaEnabled: false },
    }, reference);
  }

  details(details: Record<string, string>): Promise<{ resultCode: string; pspReference?: string }> {
    return this.post("/payments/details", { details });
  }

  refund(psp: string, fixture: CardFixture, reference: string): Promise<{ status: string }> {
    return this.post(`/payments/${psp}/refunds`, {
      amount: { currency: fixture.currency, value: fixture.amountMinor },
      reference: `${reference}-refund`,
    }, `${reference}-refund`);
  }

  cancel(psp: string, reference: string): Promise<{ status: string }> {
    return this.post(`/payments/${psp}/cancels`, { reference: `${reference}-cancel` }, `${reference}-cancel`);
  }
}

function loadFixtures(only?: string): CardFixture[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: f.replace(/\.json$/, ""), ...JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8")) }))
    .filter((f: CardFixture) => !only || f.name === only) as CardFixture[];
}

async function runFixture(api: Checkout, fixture: CardFixture, refund: boolean): Promise<Result> {
  const reference = `test-${fixture.name}-${randomUUID().slice(0, 8)}`;
  try {
    let res = await api.pay(fixture, reference);
    if (res.resultCode === "ChallengeShopper" && fixture.threeDsDetails) {
      res = await api.details(fixture.threeDsDetails);
    }
    const expected = fixture.threeDsDetails ? "Authorised" : fixture.expect;
    const ok = res.resultCode === expected;
    if (ok && res.resultCode === "Authorised" && res.pspReference) {
      if (refund) await api.refund(res.pspReference, fixture, reference);
      else await api.cancel(res.pspReference, reference);
    }
    return { fixture: fixture.name, resultCode: res.resultCode, pspReference: res.pspReference, ok };
  } catch (err) {
    return { fixture: fixture.name, ok: false, error: (err as Error).message };
  }
}

/**
 * Compare with the previous report so a card that used to authorise and now
 * refuses stands out even when the overall run is red for other reasons.
 */
function regressions(results: Result[]): string[] {
  if (!existsSync(REPORT)) return [];
  try {
    const previous = JSON.parse(readFileSync(REPORT, "utf8")) as { results: Result[] };
    const before = new Map(previous.results.map((r) => [r.fixture, r.ok]));
    return results
      .filter((r) => before.get(r.fixture) === true && !r.ok)
      .map((r) => `${r.fixture} passed last time, now ${r.resultCode ?? r.error}`);
  } catch {
    return [];
  }
}

function checkFixtureDir(): void {
  if (!existsSync(FIXTURES)) {
    throw new Error(`${path.relative(ROOT, FIXTURES)} is missing; see docs/payments/adyen-testing.md`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const refund = args.includes("--refund");
  checkFixtureDir();
  const only = args.find((a) => !a.startsWith("--"));
  const { apiKey, merchant } = config();
  console.log(`merchant ${merchant}, key ${apiKey.slice(0, 6)}…`);
  const api = new Checkout(apiKey, merchant);

  const methods = await api.paymentMethods();
  const available = new Set(methods.paymentMethods.map((m) => m.type));
  const missing = REQUIRED_METHODS.filter((m) => !available.has(m));
  if (missing.length) console.warn(`warning: methods not enabled on the test account: ${missing.join(", ")}`);

  const results: Result[] = [];
  for (const fixture of loadFixtures(only)) {
    const r = await runFixture(api, fixture, refund);
    results.push(r);
    console.log(`${r.ok ? "ok  " : "FAIL"}  ${fixture.name.padEnd(28)} ${r.resultCode ?? r.error}`);
  }
  for (const r of regressions(results)) console.warn(`regression: ${r}`);
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, JSON.stringify({ at: new Date().toISOString(), merchant, missing, results }, null, 2));
  if (results.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exitCode = 2;
});
