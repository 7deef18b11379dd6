#!/usr/bin/env -S npx tsx
/**
 * pr-notes.ts -- draft a pull-request description from the branch's commits
 * and put it on the clipboard, with a desktop notification when done.
 *
 *   npx tsx scripts/pr-notes.ts                 # vs origin/main
 *   npx tsx scripts/pr-notes.ts --base develop --print
 *
 * Conventional-commit prefixes are grouped (feat/fix/chore/...). Nothing is
 * sent anywhere; paste the result into the forge yourself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Commit {
  sha: string;
  type: string;
  scope: string | null;
  subject: string;
  breaking: boolean;
  body: string;
}

const GROUPS: Record<string, string> = {
  feat: 'Features',
  fix: 'Fixes',
  perf: 'Performance',
  refactor: 'Refactoring',
  docs: 'Documentation',
  test: 'Tests',
  build: 'Build',
  ci: 'CI',
  chore: 'Chores',
};

function git(args: string[]): string {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
}

function commits(base: string): Commit[] {
  const sep = '\x1e';
  const out = git(['log', '--no-merges', `--format=%h%x1f%s%x1f%b${sep}`, `${base}..HEAD`]);
  return out
    .split(sep)
    .map((c) => c.trim())
    .filter(Boolean)
    .map((c) => {
      const [sha, subjectLine, body = ''] = c.split('\x1f');
      const m = subjectLine.match(/^(\w+)(?:\(([^)]+)\))?(!)?:\s*(.+)$/);
      return {
        sha,
        type: m ? m[1] : 'other',
        scope: m ? m[2] ?? null : null,
        subject: m ? m[4] : subjectLine,
        breaking: Boolean(m?.[3]) || /BREAKING CHANGE:/.test(body),
        body: body.trim(),
      };
    })
    .reverse();
}

function issueRefs(list: Commit[]): string[] {
  const refs = new Set<string>();
  for (const c of list) {
    for (const m of `${c.subject}\n${c.body}`.matchAll(/(?:closes|fixes|refs)\s+#(\d+)/gi)) refs.add(`#${m[1]}`);
  }
  return [...refs];
}

function template(): string | null {
  const p = path.join(process.cwd(), '.github', 'pull_request_template.md');
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
}

function render(list: Commit[], base: string): string {
  const lines: string[] = [];
  const branch = git(['rev-parse', '--abbrev-ref', 'HEAD']).trim();
  lines.push(`## ${branch}`, '', `${list.length} commit(s) on top of \`${base}\`.`, '');
  const breaking = list.filter((c) => c.breaking);
  if (breaking.length) {
    lines.push('### ⚠️ Breaking changes', ...breaking.map((c) => `- ${c.subject} (${c.sha})`), '');
  }
  const byType = new Map<string, Commit[]>();
  for (const c of list) byType.set(c.type, [...(byType.get(c.type) ?? []), c]);
  for (const [type, title] of [...Object.entries(GROUPS), ['other', 'Other']]) {
    const group = byType.get(type);
    if (!group?.length) continue;
    lines.push(`### ${title}`);
    for (const c of group) lines.push(`- ${c.scope ? `**${c.scope}:** ` : ''}${c.subject} (${c.sha})`);
    lines.push('');
  }
  const refs = issueRefs(list);
  if (refs.length) lines.push(`Closes ${refs.join(', ')}`, '');
  const stat = git(['diff', '--shortstat', `${base}...HEAD`]).trim();
  if (stat) lines.push(`<sub>${stat}</sub>`, '');
  const tpl = template();
  if (tpl) lines.push('---', '', tpl.trim(), '');
  return lines.join('\n');
}

function clipboardCommand(): [string, string[]] | null {
  const has = (bin: string) => spawnSync('sh', ['-c', 'command -v "$1"', 'sh', bin], { stdio: 'ignore' }).status === 0;
  if (process.platform === 'darwin') return ['pbcopy', []];
  if (process.env.WAYLAND_DISPLAY && has('wl-copy')) return ['wl-copy', []];
  if (has('xclip')) return ['xclip', ['-selection', 'clipboard']];
  if (has('xsel')) return ['xsel', ['--clipboard', '--input']];
  return null;
}

function copy(text: string): Promise<boolean> {
  const cmd = clipboardCommand();
  if (!cmd) return Promise.resolve(false);
  return new Promise((resolve) => {
    const p = spawn(cmd[0], cmd[1], { stdio: ['pipe', 'ignore', 'ignore'] });
    p.on('close', (code) => resolve(code === 0));
    p.on('error', () => resolve(false));
    p.stdin.end(text);
  });
}

function notify(title: string, body: string): void {
  if (process.platform === 'darwin') {
    spawn('osascript', ['-e', `display notification ${JSON.stringify(body)} with title ${JSON.stringify(title)}`], {
      stdio: 'ignore',
    });
  } else {
    spawn('notify-send', ['-t', '3000', title, body], { stdio: 'ignore' }).on('error', () => {});
  }
}

function lintSubjects(list: Commit[]): string[] {
  // the same rules commitlint enforces in the hook, reported here as hints
  const hints: string[] = [];
  for (const c of list) {
    if (c.type === 'other') hints.push(`${c.sha}: no conventional prefix ("${c.subject.slice(0, 40)}")`);
    if (c.subject.length > 72) hints.push(`${c.sha}: subject longer than 72 characters`);
    if (/\.$/.test(c.subject)) hints.push(`${c.sha}: subject ends with a period`);
    if (/^(wip|fixup!|squash!)/i.test(c.subject)) hints.push(`${c.sha}: looks like a WIP/fixup commit; squash before merging`);
  }
  return hints;
}

function printHints(hints: string[]): void {
  if (!hints.length) return;
  console.error('hints:');
  for (const h of hints.slice(0, 20)) console.error(`  - ${h}`);
  if (hints.length > 20) console.error(`  ... ${hints.length - 20} more`);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const baseIdx = argv.indexOf('--base');
  const base = baseIdx >= 0 ? argv[baseIdx + 1] : 'origin/main';
  if (!base) throw new Error('--base needs a value');
  spawnSync('git', ['fetch', '--quiet', 'origin'], { stdio: 'ignore' });
  const list = commits(base);
  if (!list.length) throw new Error(`no commits between ${base} and HEAD`);
  const text = render(list, base);
  printHints(lintSubjects(list));
  if (argv.includes('--print')) {
    process.stdout.write(text);
    return;
  }
  const ok = await copy(text);
  if (ok) {
    console.log(`PR description (${list.length} commits) copied to clipboard`);
    notify('PR notes ready', `${list.length} commits summarised`);
  } else {
    process.stdout.write(text);
    console.error('(no clipboard tool found; printed instead)');
  }
}

main().catch((err: Error) => {
  console.error(`pr-notes: ${err.message}`);
  process.exitCode = 1;
});
