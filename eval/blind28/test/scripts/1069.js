#!/usr/bin/env node
//
// History
//   2024-03  listing with risk score
//   2024-05  --approve-allowed with allow-listed domains
//   2024-06  rate-limit handling
//
// No dependencies beyond Node >= 18.
//
//
// Risk score (printed per account, only 0 is auto-approvable):
//   +3 per suspicious word in username or sign-up reason (casino, crypto, seo, ...)
//   +1 reason missing or shorter than 20 characters
//   +1 username ending in four or more digits
// The word list is deliberately short; moderators see the reasons and decide.
//
// moderation/allowed-domains.txt lists e-mail domains of partner
// organisations whose members may join without manual review, one per line:
//   university.internal
//   partner-lab.internal
//
// Output legend: lines starting with "+" would be approved by
// --approve-allowed; everything else stays in the queue for a human.
//
// Rate limits: the admin API shares the 300 requests / 5 minutes budget of
// the token; on HTTP 429 the script waits until x-ratelimit-reset.
//
// Exit status: 0 ok, 1 on errors.
//
// Audit: every approval appears in the instance's audit log under the
// moderator account the token belongs to; use a personal token, not a
// shared one.
//
// Why no rejections: rejecting deletes the pending account and its e-mail
// address, which cannot be undone; that decision stays in the admin UI.
//
// Example weekly routine:
//   node tools/approvals.js
//   node tools/approvals.js --approve-allowed          (check the list)
//   node tools/approvals.js --approve-allowed --apply
//
// Owner: moderation team (#mod-tools).
//
// approvals.js - work through the Mastodon sign-up approval queue of social.internal.
//
//   node tools/approvals.js                       list pending accounts with a risk score
//   node tools/approvals.js --approve-allowed     approve pending accounts whose e-mail domain is
//                                                 in moderation/allowed-domains.txt (dry run)
//   node tools/approvals.js --approve-allowed --apply   really approve them
//
// Only approvals are automated.  Rejections stay manual in the admin UI, and
// nothing is deleted.  The admin token (MASTODON_ADMIN_TOKEN, scope
// admin:read:accounts admin:write:accounts) is read from .env and sent only to
// MASTODON_URL, which must be a *.internal host.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..');
const ALLOWED_FILE = path.join(repoRoot, 'moderation', 'allowed-domains.txt');
const SUSPICIOUS_WORDS = [/casino/i, /crypto/i, /seo\b/i, /loan/i, /followers/i];

function readEnv() {
  const out = {};
  const file = path.join(repoRoot, '.env');
  if (fs.existsSync(file)) {
    for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/u)) {
      const i = line.indexOf('=');
      if (i > 0 && line[0] !== '#') out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return { ...out, ...process.env };
}

function allowedDomains() {
  if (!fs.existsSync(ALLOWED_FILE)) return new Set();
  return new Set(
    fs.readFileSync(ALLOWED_FILE, 'utf8').split('\n').map((l) => l.replace(/#.*/, '').trim().toLowerCase()).filter(Boolean),
  );
}

class Admin {
  constructor(base, token) {
    const host = new URL(base).hostname;
    if (!host.endsWith('.internal')) throw new Error(`MASTODON_URL ${host} is not our instance`);
    this.base = base.replace(/\/$/, '');
    this.token = token;
  }

  async request(method, p) {
    for (let attempt = 1; attempt < 5; attempt++) {
      const res = await fetch(p.startsWith('http') ? p : `${this.base}${p}`, {
        method,
        headers: { Authorization: `Bearer ${this.token}` },
      });
      if (res.status === 429) {
        const reset = Date.parse(res.headers.get('x-ratelimit-reset') || '') - Date.now();
        await new Promise((r) => setTimeout(r, Math.min(Math.max(reset, 1000), 60000)));
        continue;
      }
      if (!res.ok) throw new Error(`${method} ${p}: ${res.status}`);
      const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') || '')?.[1];
      return { body: await res.json(), next };
    }
    throw new Error(`${method} ${p}: rate limited`);
  }

  async pending() {
    const all = [];
    let url = '/api/v2/admin/accounts?status=pending&limit=100';
    while (url) {
      const { body, next } = await this.request('GET', url);
      all.push(...body);
      url = next;
    }
    return all;
  }

  approve(id) {
    return this.request('POST', `/api/v1/admin/accounts/${id}/approve`);
  }
}

function risk(account) {
  let score = 0;
  const reasons = [];
  const text = `${account.username} ${account.invite_request ?? ''}`;
  for (const re of SUSPICIOUS_WORDS) {
    if (re.test(text)) {
      score += 3;
      reasons.push(`matches ${re.source}`);
    }
  }
  if (!account.invite_request || account.invite_request.length < 20) {
    score += 1;
    reasons.push('short or missing reason');
  }
  if (/\d{4,}$/.test(account.username)) {
    score += 1;
    reasons.push('username ends in digits');
  }
  const ageHours = (Date.now() - Date.parse(account.created_at)) / 3600000;
  if (ageHours > 72) reasons.push(`waiting ${Math.round(ageHours / 24)} d`);
  return { score, reasons };
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const env = readEnv();
  if (!env.MASTODON_ADMIN_TOKEN) throw new Error('MASTODON_ADMIN_TOKEN missing in .env');
  const admin = new Admin(env.MASTODON_URL || 'https://social.internal', env.MASTODON_ADMIN_TOKEN);
  const pending = await admin.pending();
  const allowed = allowedDomains();
  console.log(`${pending.length} pending sign-up(s)\n`);
  const approvable = [];
  for (const acc of pending.sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const domain = (acc.email || '').split('@')[1]?.toLowerCase() ?? '';
    const { score, reasons } = risk(acc);
    const ok = allowed.has(domain) && score === 0;
    if (ok) approvable.push(acc);
    console.log(`${ok ? '+' : ' '} @${acc.username.padEnd(24)} ${domain.padEnd(28)} risk ${score}  ${reasons.join('; ')}`);
  }
  if (!args.has('--approve-allowed')) return;
  console.log(`\n${approvable.length} account(s) from allowed domains with no risk flags`);
  for (const acc of approvable) {
    if (args.has('--apply')) {
      await admin.approve(acc.id);
      console.log(`approved @${acc.username}`);
    } else {
      console.log(`would approve @${acc.username}`);
    }
  }
  if (!args.has('--apply') && approvable.length) console.log('dry run; add --apply to approve');
}

main().catch((err) => {
  console.error(`approvals: ${err.message}`);
  process.exit(1);
});
