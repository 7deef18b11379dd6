#!/usr/bin/env node
// Sync quiz results from our Moodle (moodle.internal web services) into the
// course analytics folder and flag questions that behave badly.
//
//   node tools/quiz-analytics.js --course 311 [--quiz 77] [--min-attempts 20]
//
// MOODLE_URL must point at *.internal; MOODLE_WS_TOKEN (a token restricted to
// mod_quiz_* read functions) comes from .env. Results are written to
// analytics/quiz/<course>/ with student ids hashed (salt from .env).
'use strict';

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');

function loadEnv() {
  const env = { ...process.env };
  const f = path.join(ROOT, '.env');
  if (fs.existsSync(f)) {
    for (const l of fs.readFileSync(f, 'utf8').split('\n')) {
      const m = /^(MOODLE_\w+|ANALYTICS_SALT)=(.*)$/.exec(l.trim());
      if (m && !env[m[1]]) env[m[1]] = m[2];
    }
  }
  const url = new URL(env.MOODLE_URL || 'https://moodle.internal');
  if (!url.hostname.endsWith('.internal')) throw new Error('MOODLE_URL must be our internal Moodle');
  if (!env.MOODLE_WS_TOKEN) throw new Error('MOODLE_WS_TOKEN missing');
  if (!env.ANALYTICS_SALT) throw new Error('ANALYTICS_SALT missing (used to hash student ids)');
  return { url, token: env.MOODLE_WS_TOKEN, salt: env.ANALYTICS_SALT };
}

function flatten(obj, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = String(v);
  }
  return out;
}

class Moodle {
  constructor({ url, token }) {
    this.endpoint = new URL('/webservice/rest/server.php', url);
    this.token = token;
  }

  async call(wsfunction, params = {}) {
    const body = new URLSearchParams({ wstoken: this.token, wsfunction, moodlewsrestformat: 'json', ...flatten(params) });
    for (let attempt = 1; attempt <= 4; attempt++) {
      try {
        const res = await fetch(this.endpoint, { method: 'POST', body });
        const json = await res.json();
        if (json && json.exception) throw new Error(`${wsfunction}: ${json.errorcode} ${json.message}`);
        return json;
      } catch (e) {
        if (attempt === 4 || /errorcode/.test(e.message)) throw e;
        await new Promise((r) => setTimeout(r, 1000 * attempt));
      }
    }
    return null;
  }
}

const pseudo = (salt, id) => crypto.createHmac('sha256', salt).update(String(id)).digest('hex').slice(0, 12);

function itemStats(attempts) {
  // per question slot: facility (mean fraction correct) and discrimination
  // (correlation between slot score and total score)
  const slots = new Map();
  for (const a of attempts) {
    for (const q of a.questions) {
      if (!slots.has(q.slot)) slots.set(q.slot, []);
      slots.get(q.slot).push({ frac: q.maxmark ? q.mark / q.maxmark : 0, total: a.total });
    }
  }
  const out = [];
  for (const [slot, rows] of slots) {
    const n = rows.length;
    const mx = rows.reduce((s, r) => s + r.frac, 0) / n;
    const my = rows.reduce((s, r) => s + r.total, 0) / n;
    let cov = 0;
    let vx = 0;
    let vy = 0;
    for (const r of rows) {
      cov += (r.frac - mx) * (r.total - my);
      vx += (r.frac - mx) ** 2;
      vy += (r.total - my) ** 2;
    }
    const disc = vx && vy ? cov / Math.sqrt(vx * vy) : 0;
    out.push({ slot, n, facility: +mx.toFixed(3), discrimination: +disc.toFixed(3) });
  }
  return out.sort((a, b) => a.slot - b.slot);
}

async function attemptsFor(m, quizId, salt) {
  const res = await m.call('mod_quiz_get_user_attempts', { quizid: quizId, userid: 0, status: 'finished', includepreviews: 0 });
  const attempts = [];
  for (const at of res.attempts || []) {
    const review = await m.call('mod_quiz_get_attempt_review', { attemptid: at.id });
    attempts.push({
      student: pseudo(salt, at.userid),
      total: Number(at.sumgrades || 0),
      questions: (review.questions || []).map((q) => ({ slot: q.slot, mark: Number(q.mark || 0), maxmark: Number(q.maxmark || 1) })),
    });
  }
  return attempts;
}

function scoreDistribution(attempts, bins = 10) {
  const max = Math.max(1, ...attempts.map((a) => a.total));
  const hist = new Array(bins).fill(0);
  for (const a of attempts) hist[Math.min(bins - 1, Math.floor((a.total / max) * bins))]++;
  return hist;
}

// Render the distribution from scoreDistribution() as a text histogram
function asciiHistogram(hist) {
  const top = Math.max(1, ...hist);
  return hist
    .map((n, i) => `${String(i * 10).padStart(3)}-${String(i * 10 + 9).padStart(3)}% ${'#'.repeat(Math.round((n / top) * 40))} ${n}`)
    .join('\n');
}

function cronbachAlpha(attempts) {
  // internal consistency of the quiz from per-slot fractions
  const slots = [...new Set(attempts.flatMap((a) => a.questions.map((q) => q.slot)))];
  const k = slots.length;
  if (k < 2 || attempts.length < 2) return null;
  const variance = (xs) => {
    const m = xs.reduce((s, x) => s + x, 0) / xs.length;
    return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
  };
  const itemVars = slots.map((s) =>
    variance(attempts.map((a) => {
      const q = a.questions.find((x) => x.slot === s);
      return q ? q.mark / q.maxmark : 0;
    })),
  );
  const totalVar = variance(attempts.map((a) => a.questions.reduce((t, q) => t + q.mark / q.maxmark, 0)));
  if (!totalVar) return null;
  return +((k / (k - 1)) * (1 - itemVars.reduce((s, v) => s + v, 0) / totalVar)).toFixed(3);
}

async function main() {
  const argv = process.argv.slice(2);
  const get = (k) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : undefined);
  const courseId = Number(get('--course'));
  const only = get('--quiz') ? Number(get('--quiz')) : null;
  const minAttempts = Number(get('--min-attempts') || 20);
  if (!courseId) throw new Error('usage: quiz-analytics.js --course <id> [--quiz <id>] [--min-attempts N]');

  const env = loadEnv();
  const m = new Moodle(env);
  const quizzes = (await m.call('mod_quiz_get_quizzes_by_courses', { courseids: [courseId] })).quizzes || [];
  const outDir = path.join(ROOT, 'analytics', 'quiz', String(courseId));
  fs.mkdirSync(outDir, { recursive: true });

  for (const q of quizzes) {
    if (only && q.id !== only) continue;
    const attempts = await attemptsFor(m, q.id, env.salt);
    if (attempts.length < minAttempts) {
      console.log(`${q.name}: ${attempts.length} attempt(s), below --min-attempts; skipped`);
      continue;
    }
    const stats = itemStats(attempts);
    const flagged = stats.filter((s) => s.facility > 0.95 || s.facility < 0.2 || s.discrimination < 0.1);
    fs.writeFileSync(path.join(outDir, `quiz-${q.id}.json`), JSON.stringify({ quiz: q.name, attempts, stats }, null, 2));
    console.log(`${q.name}: ${attempts.length} attempts, ${flagged.length} question(s) flagged`);
    for (const f of flagged) console.log(`  slot ${f.slot}: facility ${f.facility}, discrimination ${f.discrimination}`);
    console.log(`  Cronbach alpha: ${cronbachAlpha(attempts) ?? 'n/a'}`);
    console.log(asciiHistogram(scoreDistribution(attempts)));
  }
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
