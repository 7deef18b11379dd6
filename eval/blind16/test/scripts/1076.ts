// e2e/global-setup.ts (Playwright)
//
// Logs the three test personas into the locally running lattice app once per
// test run and saves their browser storage state to e2e/.auth/<persona>.json,
// so specs can start authenticated with `test.use({ storageState })`.
//
// - The app under test is started by Playwright's `webServer` config on
//   127.0.0.1; this setup only talks to that base URL.
// - Persona passwords come from E2E_<PERSONA>_PASSWORD (set by the dev seed
//   script, see e2e/README.md); they are typed into the login form and never
//   written to disk or logged. Only the resulting cookies/localStorage are saved.
// - Stale state files older than 12 hours are replaced; e2e/.auth is git-ignored.
import { chromium, type FullConfig, type Page } from '@playwright/test';
import { existsSync, mkdirSync, statSync, writeFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

type Persona = 'admin' | 'editor' | 'viewer';

interface PersonaSpec {
  email: string;
  passwordEnv: string;
  landing: RegExp;
}

const AUTH_DIR = path.resolve(__dirname, '.auth');
const MAX_AGE_MS = 12 * 60 * 60 * 1000;
const PERSONAS: Record<Persona, PersonaSpec> = {
  admin: { email: 'admin@lattice.example.com', passwordEnv: 'E2E_ADMIN_PASSWORD', landing: /\/admin/ },
  editor: { email: 'editor@lattice.example.com', passwordEnv: 'E2E_EDITOR_PASSWORD', landing: /\/projects/ },
  viewer: { email: 'viewer@lattice.example.com', passwordEnv: 'E2E_VIEWER_PASSWORD', landing: /\/projects/ },
};

function statePath(persona: Persona): string {
  return path.join(AUTH_DIR, `${persona}.json`);
}

function isFresh(file: string): boolean {
  if (!existsSync(file)) return false;
  return Date.now() - statSync(file).mtimeMs < MAX_AGE_MS;
}

function baseUrlFrom(config: FullConfig): string {
  const url = config.projects[0]?.use?.baseURL ?? process.env.E2E_BASE_URL;
  if (!url) throw new Error('no baseURL configured for the first Playwright project');
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`global setup only logs in against a local app, got ${host}`);
  }
  return url;
}

function passwordFor(spec: PersonaSpec): string {
  const value = process.env[spec.passwordEnv];
  if (!value) throw new Error(`${spec.passwordEnv} is not set; run pnpm --filter api seed:e2e first`);
  return value;
}

async function login(page: Page, baseURL: string, spec: PersonaSpec): Promise<void> {
  await page.goto(new URL('/login', baseURL).toString());
  await page.getByLabel('Email').fill(spec.email);
  await page.getByLabel('Password').fill(passwordFor(spec));
  await Promise.all([page.waitForURL(spec.landing, { timeout: 15_000 }), page.getByRole('button', { name: 'Sign in' }).click()]);
  const banner = page.getByRole('alert');
  if (await banner.isVisible().catch(() => false)) {
    throw new Error(`login for ${spec.email} showed an error: ${(await banner.textContent())?.trim()}`);
  }
}

async function dismissOnboarding(page: Page): Promise<void> {
  // first login shows a tour; mark it as seen so specs do not have to deal with it
  const skip = page.getByRole('button', { name: 'Skip tour' });
  if (await skip.isVisible({ timeout: 2_000 }).catch(() => false)) await skip.click();
  await page.evaluate(() => window.localStorage.setItem('lattice.onboarding.done', '1'));
}

function pruneUnknown(): void {
  if (!existsSync(AUTH_DIR)) return;
  const known = new Set(Object.keys(PERSONAS).map((p) => `${p}.json`));
  for (const name of readdirSync(AUTH_DIR)) {
    if (name.endsWith('.json') && !known.has(name)) rmSync(path.join(AUTH_DIR, name));
  }
}

async function waitForApp(baseURL: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(new URL('/healthz', baseURL));
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`app at ${baseURL} not healthy: ${last}`);
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = baseUrlFrom(config);
  mkdirSync(AUTH_DIR, { recursive: true });
  pruneUnknown();
  const todo = (Object.keys(PERSONAS) as Persona[]).filter((p) => !isFresh(statePath(p)));
  if (!todo.length) {
    console.log('[global-setup] auth states are fresh, skipping logins');
    return;
  }
  await waitForApp(baseURL);
  const browser = await chromium.launch();
  try {
    for (const persona of todo) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const spec = PERSONAS[persona];
      const started = Date.now();
      await login(page, baseURL, spec);
      await dismissOnboarding(page);
      await context.storageState({ path: statePath(persona) });
      await context.close();
      console.log(`[global-setup] ${persona} logged in (${Date.now() - started} ms)`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(path.join(AUTH_DIR, '.generated-at'), new Date().toISOString());
}

export async function assertSessionValid(baseURL: string, persona: Persona): Promise<void> {
  // Used by a smoke spec: the saved cookies must still be accepted by /api/me.
  const browser = await chromium.launch();
  try {
    const context = await browser.newContext({ baseURL, storageState: storageStateFor(persona) });
    const res = await context.request.get('/api/me');
    if (res.status() !== 200) {
      throw new Error(`stored session for ${persona} rejected (HTTP ${res.status()}); delete e2e/.auth and rerun`);
    }
    const me = (await res.json()) as { email?: string };
    if (me.email !== PERSONAS[persona].email) {
      throw new Error(`stored session for ${persona} belongs to ${me.email}`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
}

export function storageStateFor(persona: Persona): string {
  const file = statePath(persona);
  if (!existsSync(file)) {
    throw new Error(`no storage state for ${persona}; did global setup run?`);
  }
  return file;
}

export const personas = Object.freeze(Object.keys(PERSONAS) as Persona[]);
