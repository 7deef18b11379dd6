#!/usr/bin/env node
// tools/ros-env-report.js - print the ROS-related environment for bug reports.
//
// Paste the output into the issue when colcon or ros2 misbehave.
'use strict';

const { execFileSync } = require('child_process');

function version(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split('\n')[0];
  } catch {
    return 'not found';
  }
}

console.log('== versions');
console.log(`colcon   ${version('colcon', ['version-check'])}`);
console.log(`ros2     ${version('ros2', ['--version'])}`);
console.log(`python3  ${version('python3', ['--version'])}`);
console.log(`cmake    ${version('cmake', ['--version'])}`);

console.log('\n== environment');
for (const [key, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${key}=${value}`);
}
