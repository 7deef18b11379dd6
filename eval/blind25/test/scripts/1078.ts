// tools/ros-param-audit.ts - compare the parameters of running ROS 2 nodes with
// the YAML files in config/ and report drift.
//
//   tsx tools/ros-param-audit.ts                  all nodes in config/params/*.yaml
//   tsx tools/ros-param-audit.ts --node /controller_server
//   tsx tools/ros-param-audit.ts --write-snapshot  save live values to config/snapshots/
//
// Read-only against the robot: uses `ros2 param dump` (no `param set`).
// --report writes reports/param-audit-<date>.md inside the workspace.
// Requires a sourced workspace; ROS_DOMAIN_ID decides which robot/sim is seen,
// and the script prints it so nobody audits the wrong machine by accident.

import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';

const run = promisify(execFile);
const WS_ROOT = path.resolve(__dirname, '..');
const PARAM_DIR = path.join(WS_ROOT, 'config', 'params');
const SNAP_DIR = path.join(WS_ROOT, 'config', 'snapshots');

type Scalar = string | number | boolean | null;
type ParamValue = Scalar | Scalar[];
type ParamMap = Record<string, ParamValue>;

interface Drift {
  node: string;
  key: string;
  expected: ParamValue | undefined;
  actual: ParamValue | undefined;
}

function flatten(obj: Record<string, unknown>, prefix = ''): ParamMap {
  const out: ParamMap = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = v as ParamValue;
  }
  return out;
}

function expectedParams(): Map<string, ParamMap> {
  const result = new Map<string, ParamMap>();
  if (!existsSync(PARAM_DIR)) return result;
  for (const f of readdirSync(PARAM_DIR).filter((n) => /\.ya?ml$/.test(n))) {
    const doc = parse(readFileSync(path.join(PARAM_DIR, f), 'utf8')) as Record<string, { ros__parameters?: Record<string, unknown> }>;
    for (const [node, body] of Object.entries(doc ?? {})) {
      if (!body?.ros__parameters) continue;
      const name = node.startsWith('/') ? node : `/${node}`;
      result.set(name, { ...(result.get(name) ?? {}), ...flatten(body.ros__parameters) });
    }
  }
  return result;
}

async function liveNodes(): Promise<Set<string>> {
  const { stdout } = await run('ros2', ['node', 'list'], { timeout: 15000 });
  return new Set(stdout.split('\n').map((s) => s.trim()).filter(Boolean));
}

async function liveParams(node: string): Promise<ParamMap> {
  const { stdout } = await run('ros2', ['param', 'dump', node], { timeout: 20000, maxBuffer: 16 * 1024 * 1024 });
  const doc = parse(stdout) as Record<string, { ros__parameters: Record<string, unknown> }>;
  const body = Object.values(doc)[0];
  return body ? flatten(body.ros__parameters) : {};
}

function same(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  return JSON.stringify(a) === JSON.stringify(b);
}

function diff(node: string, expected: ParamMap, actual: ParamMap): Drift[] {
  const drifts: Drift[] = [];
  for (const key of Object.keys(expected)) {
    if (!same(expected[key], actual[key])) drifts.push({ node, key, expected: expected[key], actual: actual[key] });
  }
  return drifts;
}

function show(v: ParamValue | undefined): string {
  return v === undefined ? '(unset)' : JSON.stringify(v);
}

function writeSnapshot(node: string, params: ParamMap): string {
  mkdirSync(SNAP_DIR, { recursive: true });
  const file = path.join(SNAP_DIR, `${node.replace(/^\//, '').replace(/\//g, '__')}.yaml`);
  const nested: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    const parts = k.split('.');
    let cur = nested;
    parts.slice(0, -1).forEach((p) => {
      cur[p] = (cur[p] as Record<string, unknown>) ?? {};
      cur = cur[p] as Record<string, unknown>;
    });
    cur[parts[parts.length - 1]] = v;
  }
  writeFileSync(file, stringify({ [node]: { ros__parameters: nested } }));
  return path.relative(WS_ROOT, file);
}

function markdownReport(drifts: Drift[], audited: number): string {
  const lines = [
    '# Parameter audit',
    '',
    `- date: ${new Date().toISOString()}`,
    `- ROS_DOMAIN_ID: ${process.env.ROS_DOMAIN_ID ?? '0'}`,
    `- nodes audited: ${audited}`,
    `- drifts: ${drifts.length}`,
    '',
  ];
  if (drifts.length) {
    lines.push('| node | parameter | config | live |', '|---|---|---|---|');
    for (const d of drifts) lines.push(`| ${d.node} | \`${d.key}\` | ${show(d.expected)} | ${show(d.actual)} |`);
    lines.push('');
  }
  return lines.join('\n');
}

function groupByNode(drifts: Drift[]): Map<string, Drift[]> {
  const out = new Map<string, Drift[]>();
  for (const d of drifts) out.set(d.node, [...(out.get(d.node) ?? []), d]);
  return out;
}

function writeReport(drifts: Drift[], audited: number): string {
  const dir = path.join(WS_ROOT, 'reports');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `param-audit-${new Date().toISOString().slice(0, 10)}.md`);
  writeFileSync(file, markdownReport(drifts, audited));
  return path.relative(WS_ROOT, file);
}

function worstNodes(drifts: Drift[], n = 3): string[] {
  return [...groupByNode(drifts)]
    .sort((a, b) => b[1].length - a[1].length)
    .slice(0, n)
    .map(([node, list]) => `${node} (${list.length})`);
}

async function main(): Promise<void> {
  if (!process.env.AMENT_PREFIX_PATH) throw new Error('source install/setup.bash first');
  const args = process.argv.slice(2);
  const onlyIdx = args.indexOf('--node');
  const only = onlyIdx >= 0 ? args[onlyIdx + 1] : null;
  const snapshot = args.includes('--write-snapshot');
  console.log(`ROS_DOMAIN_ID=${process.env.ROS_DOMAIN_ID ?? '0 (default)'}`);
  const expected = expectedParams();
  const live = await liveNodes();
  const all: Drift[] = [];
  let audited = 0;
  for (const [node, params] of expected) {
    if (only && node !== only) continue;
    if (!live.has(node)) {
      console.log(`${node}: not running`);
      continue;
    }
    const actual = await liveParams(node);
    audited++;
    const drifts = diff(node, params, actual);
    all.push(...drifts);
    console.log(`${node}: ${drifts.length ? `${drifts.length} drift(s)` : 'matches config'}`);
    if (snapshot) console.log(`  snapshot -> ${writeSnapshot(node, actual)}`);
  }
  for (const d of all) console.log(`  ${d.node} ${d.key}: config ${show(d.expected)}, live ${show(d.actual)}`);
  const unconfigured = [...live].filter((n) => !expected.has(n) && !n.startsWith('/_ros2cli'));
  if (unconfigured.length && !only) console.log(`running without a config file: ${unconfigured.join(', ')}`);
  console.log(`${audited} node(s) audited, ${all.length} drift(s)`);
  if (all.length) console.log(`most drift: ${worstNodes(all).join(', ')}`);
  if (args.includes('--report')) console.log(`report -> ${writeReport(all, audited)}`);
  process.exitCode = all.length ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`ros-param-audit: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
