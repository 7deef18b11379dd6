#!/usr/bin/env node
// Run project tasks defined in tasks.json; each task may specify a JS module and handler.
'use strict';
const fs = require('fs');
const path = require('path');

const TASKS_FILE = process.env.TASKS_FILE || 'tasks.json';

function loadTasks() {
  if (!fs.existsSync(TASKS_FILE)) {
    console.error(`no ${TASKS_FILE}`);
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(TASKS_FILE, 'utf8'));
}

function resolveHandler(task) {
  // module may be a relative path or a package name
  const modPath = task.module.startsWith('.') ? path.resolve(task.module) : task.module;
  const mod = require(modPath);
  const fn = task.handler ? mod[task.handler] : mod.default || mod;
  if (typeof fn !== 'function') throw new Error(`${task.name}: handler is not a function`);
  return fn;
}

async function run(task, args) {
  const started = Date.now();
  const fn = resolveHandler(task);
  await fn({ args, cwd: process.cwd() });
  return Date.now() - started;
}

async function main() {
  const tasks = loadTasks();
  const [name, ...args] = process.argv.slice(2);
  if (!name) {
    console.log('available tasks:');
    for (const t of tasks) console.log(`  ${t.name.padEnd(20)} ${t.description || ''}`);
    return;
  }
  const task = tasks.find((t) => t.name === name);
  if (!task) {
    console.error(`unknown task ${name}`);
    process.exit(1);
  }
  const ms = await run(task, args);
  console.log(`${name} finished in ${ms} ms`);
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
