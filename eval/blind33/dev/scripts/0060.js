#!/usr/bin/env node
// Envoy admin scraper for the local service-mesh sandbox.
//
// Reads /clusters?format=json, /stats?format=json and /server_info from the
// Envoy admin interface (127.0.0.1:9901 by default, the sidecar of the
// compose "edge" service) and prints a per-cluster health table, outlier
// ejections and the top counters. Read-only: it never POSTs to admin
// endpoints such as /healthcheck/fail or /quitquitquit.
//
//   node tools/envoy-stats.js
//   node tools/envoy-stats.js --watch 5 --cluster payments
//   node tools/envoy-stats.js --json > build/envoy-stats.json
'use strict';

const { parseArgs } = require('node:util');

const ADMIN = process.env.ENVOY_ADMIN || 'http://127.0.0.1:9901';
const READ_ONLY = new Set(['/clusters', '/stats', '/server_info', '/ready', '/config_dump']);

function checkAdmin() {
  const host = new URL(ADMIN).hostname;
  if (!['127.0.0.1', 'localhost'].includes(host) && !host.endsWith('.internal')) {
    throw new Error(`ENVOY_ADMIN host ${host} is not local`);
  }
}

async function admin(route, params = {}) {
  const base = route.split('?')[0];
  if (!READ_ONLY.has(base)) throw new Error(`refusing admin endpoint ${base}`);
  const url = new URL(route, ADMIN);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 4000);
  try {
    const res = await fetch(url, { signal: controller.signal });
    if (!res.ok) throw new Error(`${base}: HTTP ${res.status}`);
    const type = res.headers.get('content-type') || '';
    return type.includes('json') ? res.json() : res.text();
  } finally {
    clearTimeout(timer);
  }
}

function clusterRows(data, only) {
  const rows = [];
  for (const c of data.cluster_statuses || []) {
    if (only && c.name !== only) continue;
    const hosts = c.host_statuses || [];
    let healthy = 0;
    let ejected = 0;
    for (const h of hosts) {
      const hs = h.health_status || {};
      const failed =
        hs.failed_active_health_check || hs.failed_outlier_check || hs.eds_health_status === 'UNHEALTHY';
      if (!failed) healthy++;
      if (hs.failed_outlier_check) ejected++;
    }
    const rq = (name) =>
      hosts.reduce((sum, h) => sum + Number((h.stats || []).find((s) => s.name === name)?.value || 0), 0);
    rows.push({
      cluster: c.name,
      hosts: hosts.length,
      healthy,
      ejected,
      rq_total: rq('rq_total'),
      rq_error: rq('rq_error'),
      cx_active: rq('cx_active'),
    });
  }
  return rows.sort((a, b) => a.cluster.localeCompare(b.cluster));
}

function topCounters(stats, n, only) {
  return (stats.stats || [])
    .filter((s) => typeof s.value === 'number' && s.value > 0)
    .filter((s) => !only || s.name.startsWith(`cluster.${only}.`))
    .sort((a, b) => b.value - a.value)
    .slice(0, n);
}

function pad(value, width) {
  const s = String(value);
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}

function printTable(rows) {
  const cols = ['cluster', 'hosts', 'healthy', 'ejected', 'rq_total', 'rq_error', 'cx_active'];
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  console.log(cols.map((c, i) => pad(c, widths[i])).join('  '));
  for (const r of rows) {
    const line = cols.map((c, i) => pad(r[c], widths[i])).join('  ');
    console.log(r.healthy < r.hosts ? `${line}  <-- degraded` : line);
  }
}

function latencyHistograms(stats, only) {
  // Envoy exposes histograms under stats.histograms.computed_quantiles
  const h = (stats.stats || []).find((s) => s.histograms)?.histograms;
  if (!h) return [];
  const idx = (h.supported_quantiles || []).indexOf(99);
  return (h.computed_quantiles || [])
    .filter((q) => q.name.endsWith('upstream_rq_time'))
    .filter((q) => !only || q.name.startsWith(`cluster.${only}.`))
    .map((q) => ({ name: q.name.replace(/^cluster\./, '').replace(/\.upstream_rq_time$/, ''), p99: q.values[idx]?.cumulative }))
    .filter((q) => q.p99 !== undefined && q.p99 !== null);
}

function printLatency(rows) {
  if (!rows.length) return;
  console.log('\np99 upstream latency (ms):');
  for (const r of rows.sort((a, b) => b.p99 - a.p99)) console.log(`  ${pad(r.p99, 10)} ${r.name}`);
}

async function snapshot(opts) {
  const [info, clusters, stats] = await Promise.all([
    admin('/server_info'),
    admin('/clusters', { format: 'json' }),
    admin('/stats', { format: 'json' }),
  ]);
  return {
    version: info.version,
    state: info.state,
    uptime: info.uptime_current_epoch,
    clusters: clusterRows(clusters, opts.cluster),
    top: topCounters(stats, Number(opts.top), opts.cluster),
    latency: latencyHistograms(stats, opts.cluster),
  };
}

function render(snap) {
  console.log(`envoy ${snap.version?.split('/')[1] || snap.version} state=${snap.state} uptime=${snap.uptime}`);
  printTable(snap.clusters);
  console.log('\ntop counters:');
  for (const s of snap.top) console.log(`  ${pad(s.value, 12)} ${s.name}`);
  printLatency(snap.latency);
}

async function main() {
  const { values } = parseArgs({
    options: {
      watch: { type: 'string' },
      cluster: { type: 'string' },
      top: { type: 'string', default: '10' },
      json: { type: 'boolean', default: false },
    },
  });
  checkAdmin();
  const ready = await admin('/ready').catch((err) => `unreachable (${err.message})`);
  if (typeof ready === 'string' && !ready.trim().startsWith('LIVE')) {
    console.error(`envoy admin at ${ADMIN}: ${ready.trim()}`);
  }

  const once = async () => {
    const snap = await snapshot(values);
    if (values.json) console.log(JSON.stringify(snap, null, 2));
    else render(snap);
    return snap;
  };

  if (!values.watch) {
    const snap = await once();
    process.exitCode = snap.clusters.some((c) => c.healthy < c.hosts) ? 1 : 0;
    return;
  }

  const interval = Math.max(1, Number(values.watch)) * 1000;
  let stopped = false;
  process.on('SIGINT', () => {
    stopped = true;
  });
  while (!stopped) {
    if (!values.json) console.clear();
    try {
      await once();
    } catch (err) {
      console.error(`scrape failed: ${err.message}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

main().catch((err) => {
  console.error(`error: ${err.message}`);
  process.exitCode = 2;
});
