#!/usr/bin/env node
// Pull aggregate stats from our self-hosted Plausible CE and check goals.
//
//   node scripts/plausible-goals.js                 # last 30 days, sites from config
//   node scripts/plausible-goals.js --period 7d --fail-under 0.8
//
// Uses the Stats API v1 of https://plausible.internal (PLAUSIBLE_URL in .env)
// with PLAUSIBLE_API_KEY as bearer token.  Goal thresholds are defined in
// config/analytics-goals.json:
//   { "sites": { "docs.acme.internal": { "visitors": 1500, "goals": { "Signup": 40 } } } }
// Output: a table on stdout, build/plausible/<date>.json, and exit code 2 when a
// site misses its thresholds by more than --fail-under (ratio).
'use strict';

const fs = require('node:fs/promises');
const path = require('node:path');
const { setTimeout: delay } = require('node:timers/promises');

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'config', 'analytics-goals.json');
const OUT_DIR = path.join(ROOT, 'build', 'plausible');

function parseFlags(args) {
  const flags = { period: '30d', failUnder: 0.9, json: false };
  for (let i = 0; i < args.length; i++) {
    switch (args[i]) {
      case '--period':
        flags.period = args[++i];
        break;
      case '--fail-under':
        flags.failUnder = Number(args[++i]);
        break;
      case '--json':
        flags.json = true;
        break;
      default:
        throw new Error(`unknown argument ${args[i]}`);
    }
  }
  if (!/^(day|7d|30d|month|6mo|12mo)$/.test(flags.period)) throw new Error(`bad --period ${flags.period}`);
  if (!(flags.failUnder > 0 && flags.failUnder <= 1)) throw new Error('--fail-under must be in (0, 1]');
  return flags;
}

async function readEnvFile() {
  const env = {};
  try {
    const text = await fs.readFile(path.join(ROOT, '.env'), 'utf8');
    for (const line of text.split(/\n/)) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (match) env[match[1]] = match[2].replace(/^"|"$/g, '');
    }
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
  }
  return env;
}

class Plausible {
  #base;
  #key;

  constructor(base, key) {
    const url = new URL(base);
    if (url.protocol !== 'https:' && url.hostname !== 'localhost') {
      throw new Error('Plausible URL must be https (or localhost for dev)');
    }
    if (!url.hostname.endsWith('.internal') && url.hostname !== 'localhost') {
      throw new Error(`${url.hostname} is not our Plausible instance`);
    }
    this.#base = url.origin;
    this.#key = key;
  }

  async #get(route, params) {
    const url = new URL(`/api/v1/stats/${route}`, this.#base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let wait = 1000;
    for (let attempt = 1; attempt <= 4; attempt++) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), 15000);
      try {
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${this.#key}` },
          signal: controller.signal,
        });
        if (res.ok) return (await res.json()).results;
        if (res.status !== 429 && res.status < 500) {
          throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`);
        }
      } catch (err) {
        if (attempt === 4 || (err.message && err.message.startsWith(route))) throw err;
      } finally {
        clearTimeout(timer);
      }
      await delay(wait);
      wait *= 2;
    }
    throw new Error(`${route}: giving up`);
  }

  aggregate(site, period) {
    return this.#get('aggregate', {
      site_id: site,
      period,
      metrics: 'visitors,visits,pageviews,bounce_rate,visit_duration',
      compare: 'previous_period',
    });
  }

  goals(site, period) {
    return this.#get('breakdown', { site_id: site, period, property: 'event:goal', metrics: 'visitors,events' });
  }
}

function ratio(actual, target) {
  if (!target) return 1;
  return actual / target;
}

function formatRow(cols, widths) {
  return cols.map((c, i) => String(c).padEnd(widths[i])).join('  ');
}

function evaluate(site, expectations, aggregate, goals, failUnder) {
  const findings = [];
  const visitors = aggregate.visitors?.value ?? 0;
  const visitorRatio = ratio(visitors, expectations.visitors);
  findings.push({ metric: 'visitors', actual: visitors, target: expectations.visitors ?? '-', ratio: visitorRatio });
  const goalMap = Object.fromEntries((goals || []).map((g) => [g.goal, g.visitors]));
  for (const [goal, target] of Object.entries(expectations.goals || {})) {
    const actual = goalMap[goal] ?? 0;
    findings.push({ metric: `goal:${goal}`, actual, target, ratio: ratio(actual, target) });
  }
  const failing = findings.filter((f) => f.ratio < failUnder);
  return { site, findings, failing: failing.length };
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const env = { ...(await readEnvFile()), ...process.env };
  if (!env.PLAUSIBLE_API_KEY) throw new Error('PLAUSIBLE_API_KEY is not set');
  const client = new Plausible(env.PLAUSIBLE_URL || 'https://plausible.internal', env.PLAUSIBLE_API_KEY);
  const config = JSON.parse(await fs.readFile(CONFIG, 'utf8'));

  const results = [];
  for (const [site, expectations] of Object.entries(config.sites)) {
    const [aggregate, goals] = await Promise.all([
      client.aggregate(site, flags.period),
      client.goals(site, flags.period).catch(() => []),
    ]);
    results.push(evaluate(site, expectations, aggregate, goals, flags.failUnder));
  }

  await fs.mkdir(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, `${new Date().toISOString().slice(0, 10)}-${flags.period}.json`);
  await fs.writeFile(file, JSON.stringify({ period: flags.period, results }, null, 2));

  if (flags.json) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    const widths = [28, 22, 10, 10, 8];
    console.log(formatRow(['site', 'metric', 'actual', 'target', 'ratio'], widths));
    for (const r of results) {
      for (const f of r.findings) {
        const mark = f.ratio < flags.failUnder ? ' !' : '';
        console.log(formatRow([r.site, f.metric, f.actual, f.target, f.ratio.toFixed(2) + mark], widths));
      }
    }
  }
  const failing = results.filter((r) => r.failing > 0);
  console.error(`[plausible] ${results.length} site(s), ${failing.length} below threshold; saved ${path.relative(ROOT, file)}`);
  return failing.length ? 2 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err) => {
    console.error(`[plausible] ${err.message}`);
    process.exitCode = 1;
  });
