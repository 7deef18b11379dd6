#!/usr/bin/env -S npx tsx
// Trigger a Read the Docs build for the current branch and poll until it finishes.
const RTD = 'https://readthedocs.org/api/v3';

interface Build { id: number; state: { code: string }; success: boolean | null; urls: { build: string } }

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

class ReadTheDocs {
  constructor(private readonly token: string, private readonly project: string) {}

  private async call<T>(method: string, path: string): Promise<T> {
    const res = await fetch(`${RTD}${path}`, {
      method,
      headers: { Authorization: `Token ${this.token}` },
    });
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}`);
    return (await res.json()) as T;
  }

  trigger(version: string): Promise<{ build: Build }> {
    return this.call('POST', `/projects/${this.project}/versions/${version}/builds/`);
  }

  status(id: number): Promise<Build> {
    return this.call('GET', `/projects/${this.project}/builds/${id}/`);
  }
}

async function main(): Promise<void> {
  const token = process.env.RTD_TOKEN;
  const project = process.env.RTD_PROJECT ?? 'acme-sdk';
  const version = process.argv[2] ?? 'latest';
  if (!token) {
    console.error('RTD_TOKEN not set');
    process.exit(2);
  }
  const rtd = new ReadTheDocs(token, project);
  const { build } = await rtd.trigger(version);
  console.log(`build ${build.id} queued for ${project}/${version}`);
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline) {
    await sleep(10_000);
    const b = await rtd.status(build.id);
    process.stdout.write(`  ${b.state.code}\n`);
    if (b.state.code === 'finished') {
      console.log(b.success ? 'docs build succeeded' : `docs build failed: ${b.urls.build}`);
      process.exit(b.success ? 0 : 1);
    }
  }
  console.error('timed out waiting for build');
  process.exit(1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
