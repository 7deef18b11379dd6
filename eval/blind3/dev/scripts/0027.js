#!/usr/bin/env node
// tmp_run_task.js - run the task named in tasks.json
const fs = require('fs');
const vm = require('vm');
const tasks = JSON.parse(fs.readFileSync('tasks.json', 'utf8'));
const name = process.argv[2] || 'default';
const code = tasks[name] && tasks[name].code;
if (!code) throw new Error('no such task ' + name);
vm.runInNewContext(code, { require, console, process });
