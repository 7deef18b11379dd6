#!/usr/bin/env -S npx tsx
// tests/ha-automation-test.ts - integration tests for Home Assistant
// automations against a throwaway Home Assistant container.
//
// Usage
//   npx tsx tests/ha-automation-test.ts
//   npx tsx tests/ha-automation-test.ts --keep     # leave the container running
//
// What happens
//   1. copy config/ into build/ha-test/config (the real config stays untouched)
//      and replace secrets.yaml with tests/fixtures/secrets.yaml (dummy values)
//   2. docker run a disposable container named ha-test-<pid>, published on
//      127.0.0.1 only, with the copied config mounted
//   3. create a long-lived token through the onboarding API of that fresh
//      instance (it has no users yet), then drive the test scenarios in
//      tests/scenarios/*.json: set input_boolean/sensor states via the REST
//      API of the test instance and assert the expected state changes
//   4. stop and remove that container (only the one started here) and the
//      copied config
//
// The production Home Assistant is never contacted.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const WORK = join(ROOT, 'build', 'ha-test');
const IMAGE = process.env.HA_TEST_IMAGE ?? 'ghcr.io/home-assistant/home-assistant:stable';
const PORT = 18123;
const BASE = `http://127.0.0.1:${PORT}`;
const NAME = `ha-test-${process.pid}`;

interface Step {
  set?: { entity_id: string; state: string; attributes?: Record<string, unknown> };
  wait?: number;
  expect?: { entity_id: string; state: string; within?: number };
}

interface Scenario {
  name: string;
  steps: Step[];
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
const JSON_CT = { 'Content-Type': 'application/json' } as const;

function docker(...args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8' }).trim();
}

function prepareConfig(): void {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  cpSync(join(ROOT, 'config'), join(WORK, 'config'), {
    recursive: true,
    filter: (src) => !src.includes('.storage') && !src.endsWith('home-assistant_v2.db'),
  });
  copyFileSync(join(ROOT, 'tests', 'fixtures', 'secrets.yaml'), join(WORK, 'config', 'secrets.yaml'));
}

function startContainer(): void {
  docker(
    'run', '-d', '--rm',
    '--name', NAME,
    '-p', `127.0.0.1:${PORT}:8123`,
    '-v', `${join(WORK, 'config')}:/config`,
    '-e', 'TZ=Europe/Berlin',
    IMAGE,
  );
}

function stopContainer(): void {
  spawnSync('docker', ['rm', '-f', NAME], { stdio: 'ignore' });
}

async function waitForApi(timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${BASE}/api/onboarding`);
      if (res.ok) return;
    } catch {
      /* starting */
    }
    await sleep(2000);
  }
  throw new Error('test Home Assistant did not start in time');
}

async function onboard(): Promise<string> {
  const clientId = `${BASE}/`;
  const user = await fetch(`${BASE}/api/onboarding/users`, {
    method: 'POST',
    headers: JSON_CT,
    body: JSON.stringify({ client_id: clientId, name: 'Test', username: 'test', password: 'test-only-password', language: 'en' }),
  }).then((r) => r.json() as Promise<{ auth_code: string }>);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: user.auth_code, client_id: clientId });
  const tokens = await fetch(`${BASE}/auth/token`, { method: 'POST', body: form }).then(
    (r) => r.json() as Promise<{ access_token: string }>,
  );
  return tokens.access_token;
}

class TestInstance {
  constructor(private readonly token: string) {}

  private headers() {
    return { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' };
  }

  async setState(entity: string, state: string, attributes: Record<string, unknown> = {}): Promise<void> {
    const res = await fetch(`${BASE}/api/states/${entity}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify({ state, attributes }),
    });
    if (!res.ok) throw new Error(`set ${entity}: ${res.status}`);
  }

  async state(entity: string): Promise<string | null> {
    const res = await fetch(`${BASE}/api/states/${entity}`, { headers: this.headers() });
    if (res.status === 404) return null;
    return ((await res.json()) as { state: string }).state;
  }

  async expect(entity: string, wanted: string, withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    while (Date.now() < until) {
      if ((await this.state(entity)) === wanted) return true;
      await sleep(250);
    }
    return false;
  }
}

function loadScenarios(): Scenario[] {
  const dir = join(ROOT, 'tests', 'scenarios');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Scenario);
}

async function runScenario(ha: TestInstance, s: Scenario): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, step] of s.steps.entries()) {
    if (step.set) await ha.setState(step.set.entity_id, step.set.state, step.set.attributes);
    if (step.wait) await sleep(step.wait);
    if (step.expect) {
      const ok = await ha.expect(step.expect.entity_id, step.expect.state, step.expect.within ?? 5000);
      if (!ok) {
        const got = await ha.state(step.expect.entity_id);
        failures.push(`step ${i + 1}: ${step.expect.entity_id} expected "${step.expect.state}", got "${got}"`);
      }
    }
  }
  return failures;
}

async function main(): Promise<void> {
  const keep = process.argv.includes('--keep');
  if (!existsSync(join(ROOT, 'tests', 'fixtures', 'secrets.yaml'))) throw new Error('tests/fixtures/secrets.yaml missing');
  prepareConfig();
  startContainer();
  let failed = 0;
  try {
    await waitForApi();
    const ha = new TestInstance(await onboard());
    for (const s of loadScenarios()) {
      const failures = await runScenario(ha, s);
      console.log(`${failures.length ? '✗' : '✓'} ${s.name}`);
      for (const f of failures) console.log(`    ${f}`);
      failed += failures.length ? 1 : 0;
    }
  } finally {
    if (keep) {
      console.log(`container ${NAME} left running on ${BASE}`);
    } else {
      stopContainer();
      rmSync(WORK, { recursive: true, force: true });
    }
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: Error) => {
  console.error(`ha-automation-test: ${err.message}`);
  stopContainer();
  process.exitCode = 2;
});
