#!/usr/bin/env node
//
// History
//   2024-02  first cases (password reset, invite)
//   2024-04  link host check
//   2024-06  size limits and --keep
//
//
// Case file format (tests/mail/cases/<name>.json):
//   {
//     "envelope": { "from": "noreply@app.test.internal" },
//     "expect": {
//       "subject": "Reset your password",
//       "to": ["qa1@test.internal"],
//       "headers": ["List-Unsubscribe", "Auto-Submitted"],
//       "textIncludes": ["This link expires in 30 minutes"],
//       "maxBytes": 60000
//     }
//   }
//
// Rendering: `npm run render-mail -- <case>` produces out/mail/<case>.eml from
// the app's templates with fixture data; this script never renders itself, so
// a template bug shows up as a failed assertion rather than a crash here.
//
// Mailpit: start it with `docker compose up -d mailpit` (SMTP 1025 and API
// 8025, both published on 127.0.0.1 only).  The inbox is cleared before and -
// unless --keep - after the run, so parallel developers on one machine should
// use their own Mailpit instance.
//
// Link check: every http(s) link in the HTML part must point at *.internal or
// localhost.  Links to third-party trackers or CDNs fail the case; that is the
// point of the check (privacy review requirement from 2024-02).
//
// Exit status: 0 all cases passed, 1 some failed, and the process exits with 1
// on setup errors (Mailpit down, no cases).
//
// Adding a case:
//   1. add the template fixture in app/mail/fixtures/<name>.json
//   2. add tests/mail/cases/<name>.json with the expectations
//   3. npm run render-mail -- <name> && node tools/mail-e2e.js <name>
//
// Debugging: run with --keep and open http://127.0.0.1:8025 to see the
// delivered message as a mail client would.
//
// Known limitations:
//   * only the first To: recipient list is checked, Cc/Bcc are ignored
//   * HTML link extraction is regex based and ignores links in CSS
//   * maxBytes is the size as stored by Mailpit (after SMTP dot-stuffing)
//
// Related: tools/relay-config-test.sh (Postfix relay), tools/dkim-sign-test.sh
// (signing), both of which also use Mailpit as the sink.
//
// CI: the "mail-e2e" job starts Mailpit as a service container and runs this
// script after the template build; failures block the merge.
//
// Owner: app platform team.
//
// mail-e2e.js - end-to-end tests for the notification mails of the app,
// using a local Mailpit (SMTP 127.0.0.1:1025, API 127.0.0.1:8025).
//
//   node tools/mail-e2e.js                run every case in tests/mail/cases/*.json
//   node tools/mail-e2e.js password-reset run one case
//   node tools/mail-e2e.js --keep         do not clear the Mailpit inbox afterwards
//
// Each case describes a mail the app sends (rendered by `npm run render-mail`
// into out/mail/<case>.eml) and assertions on the delivered message: subject,
// recipients, required headers (List-Unsubscribe, Auto-Submitted), links that
// must resolve to our domains, and a maximum size.  The script sends the
// rendered mails through nodemailer to the local Mailpit only, then reads them
// back through the Mailpit API.  No external SMTP server is involved.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const nodemailer = require('nodemailer');

const repoRoot = path.join(__dirname, '..');
const CASES = path.join(repoRoot, 'tests', 'mail', 'cases');
const RENDERED = path.join(repoRoot, 'out', 'mail');
const SMTP = { host: '127.0.0.1', port: 1025, secure: false, ignoreTLS: true };
const MAILPIT = 'http://127.0.0.1:8025/api/v1';
const LINK_HOSTS = [/\.internal$/, /^localhost$/];

function loadCases(only) {
  const files = fs.readdirSync(CASES).filter((f) => f.endsWith('.json')).sort();
  const cases = files.map((f) => ({ name: path.basename(f, '.json'), ...JSON.parse(fs.readFileSync(path.join(CASES, f), 'utf8')) }));
  return only ? cases.filter((c) => c.name === only) : cases;
}

async function mailpit(p, init) {
  const res = await fetch(`${MAILPIT}${p}`, init);
  if (!res.ok) throw new Error(`mailpit ${p}: ${res.status}`);
  return res.status === 200 ? res.json().catch(() => ({})) : {};
}

async function clearInbox() {
  await mailpit('/messages', { method: 'DELETE' });
}

async function waitFor(subject, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const q = encodeURIComponent(`subject:"${subject}"`);
    const found = await mailpit(`/search?query=${q}&limit=1`);
    if (found.messages?.length) return mailpit(`/message/${found.messages[0].ID}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`message "${subject}" not delivered within ${timeoutMs} ms`);
}

function linksIn(html) {
  return [...(html || '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]).filter((u) => /^https?:/.test(u));
}

function assertions(c, msg) {
  const failures = [];
  const subject = msg.Subject || '';
  if (c.expect.subject && !subject.includes(c.expect.subject)) failures.push(`subject "${subject}" lacks "${c.expect.subject}"`);
  const to = (msg.To || []).map((t) => t.Address);
  for (const want of c.expect.to || []) if (!to.includes(want)) failures.push(`recipient ${want} missing`);
  const headers = msg.Headers || {};
  for (const h of c.expect.headers || []) if (!headers[h]) failures.push(`header ${h} missing`);
  for (const link of linksIn(msg.HTML)) {
    const host = new URL(link).hostname;
    if (!LINK_HOSTS.some((re) => re.test(host))) failures.push(`link to unexpected host ${host}`);
  }
  if (c.expect.maxBytes && msg.Size > c.expect.maxBytes) failures.push(`size ${msg.Size} > ${c.expect.maxBytes}`);
  if (c.expect.textIncludes) {
    for (const t of c.expect.textIncludes) if (!(msg.Text || '').includes(t)) failures.push(`text lacks "${t}"`);
  }
  return failures;
}

async function runCase(transport, c) {
  const emlPath = path.join(RENDERED, `${c.name}.eml`);
  if (!fs.existsSync(emlPath)) return { name: c.name, failures: [`not rendered: run npm run render-mail -- ${c.name}`] };
  const raw = fs.readFileSync(emlPath);
  const envelope = { from: c.envelope?.from || 'noreply@app.test.internal', to: c.expect.to || ['qa@test.internal'] };
  await transport.sendMail({ envelope, raw });
  const msg = await waitFor(c.expect.subject || c.name);
  return { name: c.name, failures: assertions(c, msg), size: msg.Size };
}

async function main() {
  const args = process.argv.slice(2);
  const keep = args.includes('--keep');
  const only = args.find((a) => !a.startsWith('--'));
  const cases = loadCases(only);
  if (!cases.length) throw new Error(only ? `no case named ${only}` : 'no cases found');
  const transport = nodemailer.createTransport(SMTP);
  await transport.verify();
  await clearInbox();
  const results = [];
  for (const c of cases) {
    try {
      results.push(await runCase(transport, c));
    } catch (err) {
      results.push({ name: c.name, failures: [err.message] });
    }
  }
  if (!keep) await clearInbox();
  transport.close();
  let failed = 0;
  for (const r of results) {
    if (r.failures.length) {
      failed++;
      console.log(`FAIL ${r.name}`);
      r.failures.forEach((f) => console.log(`     - ${f}`));
    } else {
      console.log(`ok   ${r.name} (${r.size} bytes)`);
    }
  }
  console.log(`\n${results.length - failed}/${results.length} mail case(s) passed`);
  process.exitCode = failed ? 1 : 0;
}

main().catch((err) => {
  console.error(`mail-e2e: ${err.message}`);
  process.exit(1);
});
