#!/usr/bin/env node
// Post a CI summary to Slack after the nightly JVM + .NET test jobs.
//
// Reads JUnit XML (Gradle/Maven) and TRX (.NET) results from the artifact
// directory, builds a Block Kit message and posts it with chat.postMessage on
// slack.com using SLACK_BOT_TOKEN (Authorization header). Threads the failure
// details under the main message so the channel stays readable.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const SLACK_API = 'https://slack.com/api';
const TOKEN = process.env.SLACK_BOT_TOKEN;
const CHANNEL = process.env.SLACK_CHANNEL || '#ci-nightly';
const RESULTS_DIR = process.argv[2] || 'artifacts/test-results';
const RUN_URL = process.env.GITHUB_SERVER_URL
  ? `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}`
  : null;

function walk(dir) {
  if (!fs.existsSync(dir)) {
    return [];
  }
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

function attr(tag, name) {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? m[1] : '';
}

function parseJUnit(xml, file) {
  const suites = [];
  const suiteRe = /<testsuite\b[^>]*>/g;
  let m;
  while ((m = suiteRe.exec(xml))) {
    suites.push({
      name: attr(m[0], 'name'),
      tests: Number(attr(m[0], 'tests') || 0),
      failures: Number(attr(m[0], 'failures') || 0) + Number(attr(m[0], 'errors') || 0),
      skipped: Number(attr(m[0], 'skipped') || 0),
    });
  }
  const failed = [];
  const caseRe = /<testcase\b([^>]*)>([\s\S]*?)<\/testcase>/g;
  while ((m = caseRe.exec(xml))) {
    if (/<(failure|error)\b/.test(m[2])) {
      const msg = /message="([^"]*)"/.exec(m[2]);
      failed.push({
        name: `${attr(m[1], 'classname')}.${attr(m[1], 'name')}`,
        message: msg ? msg[1].slice(0, 200) : '',
        file,
      });
    }
  }
  return { suites, failed };
}

function parseTrx(xml, file) {
  const counters = /<Counters\b[^>]*>/.exec(xml);
  const suites = counters
    ? [{
        name: path.basename(file, '.trx'),
        tests: Number(attr(counters[0], 'total')),
        failures: Number(attr(counters[0], 'failed')),
        skipped: Number(attr(counters[0], 'notExecuted')),
      }]
    : [];
  const failed = [];
  const re = /<UnitTestResult\b[^>]*testName="([^"]*)"[^>]*outcome="Failed"/g;
  let m;
  while ((m = re.exec(xml))) {
    failed.push({ name: m[1], message: '', file });
  }
  return { suites, failed };
}

function collect(dir) {
  const out = { suites: [], failed: [] };
  for (const file of walk(dir)) {
    const rel = path.relative(dir, file);
    let parsed = null;
    if (file.endsWith('.xml') && path.basename(file).startsWith('TEST-')) {
      parsed = parseJUnit(fs.readFileSync(file, 'utf8'), rel);
    } else if (file.endsWith('.trx')) {
      parsed = parseTrx(fs.readFileSync(file, 'utf8'), rel);
    }
    if (parsed) {
      out.suites.push(...parsed.suites);
      out.failed.push(...parsed.failed);
    }
  }
  return out;
}

function totals(suites) {
  return suites.reduce(
    (t, s) => ({ tests: t.tests + s.tests, failures: t.failures + s.failures, skipped: t.skipped + s.skipped }),
    { tests: 0, failures: 0, skipped: 0 },
  );
}

function mainMessage(t) {
  const ok = t.failures === 0;
  const header = ok ? ':white_check_mark: Nightly tests passed' : `:x: Nightly tests: ${t.failures} failing`;
  const blocks = [
    { type: 'header', text: { type: 'plain_text', text: header } },
    {
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: `*Tests*\n${t.tests}` },
        { type: 'mrkdwn', text: `*Failed*\n${t.failures}` },
        { type: 'mrkdwn', text: `*Skipped*\n${t.skipped}` },
      ],
    },
  ];
  if (RUN_URL) {
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${RUN_URL}|workflow run>` }] });
  }
  return { channel: CHANNEL, text: header, blocks };
}

function failureThread(failed) {
  const lines = failed.slice(0, 30).map((f) => `• \`${f.name}\`${f.message ? ` — ${f.message}` : ''}`);
  if (failed.length > 30) {
    lines.push(`…and ${failed.length - 30} more`);
  }
  return lines.join('\n');
}

async function slack(method, body) {
  const res = await fetch(`${SLACK_API}/${method}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      'Content-Type': 'application/json; charset=utf-8',
    },
    body: JSON.stringify(body),
  });
  const data = await res.json();
  if (!data.ok) {
    throw new Error(`slack ${method}: ${data.error}`);
  }
  return data;
}

// Compare with yesterday's numbers (kept in the artifact dir by the workflow's
// cache step) so the message can say whether things got better or worse.
function trend(t) {
  const file = path.join(RESULTS_DIR, '..', 'nightly-totals.json');
  let previous = null;
  if (fs.existsSync(file)) {
    try {
      previous = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      previous = null;
    }
  }
  fs.writeFileSync(file, JSON.stringify(t) + '\n');
  if (!previous) {
    return '';
  }
  const delta = t.failures - previous.failures;
  if (delta > 0) {
    return ` (+${delta} since last night)`;
  }
  if (delta < 0) {
    return ` (${delta} since last night)`;
  }
  return ' (unchanged)';
}

async function main() {
  const { suites, failed } = collect(RESULTS_DIR);
  if (!suites.length) {
    console.error(`no test results under ${RESULTS_DIR}`);
    process.exitCode = 2;
    return;
  }
  const t = totals(suites);
  console.log(`tests=${t.tests} failed=${t.failures} skipped=${t.skipped}${trend(t)}`);
  if (!TOKEN) {
    console.log('SLACK_BOT_TOKEN not set; printing instead of posting');
    console.log(failureThread(failed));
    return;
  }
  const posted = await slack('chat.postMessage', mainMessage(t));
  if (failed.length) {
    await slack('chat.postMessage', { channel: posted.channel, thread_ts: posted.ts, text: failureThread(failed) });
  }
  console.log(`posted to ${CHANNEL}`);
}

main().catch((err) => {
  console.error(err.message);
  process.exitCode = 1;
});
