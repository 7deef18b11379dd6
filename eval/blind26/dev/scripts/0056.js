#!/usr/bin/env node
// tools/sensor-sim.js - simulate the greenhouse sensors for local testing.
//
// Publishes fake readings for every sensor in sim/sensors.json to the local
// Mosquitto (mqtt://localhost:1883) under test/greenhouse/<sensor>/state.
// It refuses any topic prefix other than test/ and any broker other than
// localhost, so it cannot drive the real greenhouse actuators.
//
//   node tools/sensor-sim.js --rate 2 --duration 600
//   node tools/sensor-sim.js --scenario heatwave
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');
const mqtt = require('mqtt');

const ROOT = path.resolve(__dirname, '..');
const SENSORS = path.join(ROOT, 'sim', 'sensors.json');
const SCENARIOS = path.join(ROOT, 'sim', 'scenarios');
const PREFIX = 'test/greenhouse';
const ALLOWED_BROKERS = ['mqtt://localhost:1883', 'mqtt://127.0.0.1:1883'];

function parseArgs() {
  const opts = { rate: 1, duration: 0, scenario: 'normal', broker: ALLOWED_BROKERS[0], seed: 42 };
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const [k, v] = [a[i], a[i + 1]];
    if (k === '--rate') { opts.rate = Number(v); i++; }
    else if (k === '--duration') { opts.duration = Number(v); i++; }
    else if (k === '--scenario') { opts.scenario = v; i++; }
    else if (k === '--broker') { opts.broker = v; i++; }
    else if (k === '--seed') { opts.seed = Number(v); i++; }
    else throw new Error(`unknown option ${k}`);
  }
  if (!ALLOWED_BROKERS.includes(opts.broker)) {
    throw new Error(`broker ${opts.broker} not allowed; the simulator only talks to localhost`);
  }
  if (!(opts.rate > 0 && opts.rate <= 50)) throw new Error('--rate must be in (0, 50]');
  return opts;
}

// small deterministic PRNG so test runs are repeatable
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function loadScenario(name) {
  const file = path.join(SCENARIOS, `${name}.json`);
  if (!fs.existsSync(file)) throw new Error(`unknown scenario ${name}`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

class Sensor {
  constructor(spec, scenario, rand) {
    this.id = spec.id;
    this.kind = spec.kind;
    this.base = scenario.base?.[spec.kind] ?? spec.base;
    this.noise = spec.noise ?? 0.5;
    this.drift = scenario.drift?.[spec.kind] ?? 0;
    this.rand = rand;
    this.value = this.base;
    this.battery = 100;
  }

  step(elapsedSec) {
    const daily = Math.sin((elapsedSec / 86400) * 2 * Math.PI) * (this.kind === 'temperature' ? 4 : 8);
    const jitter = (this.rand() - 0.5) * 2 * this.noise;
    this.value = this.base + daily + jitter + this.drift * (elapsedSec / 3600);
    this.battery = Math.max(0, this.battery - 0.001);
    return {
      [this.kind]: Number(this.value.toFixed(2)),
      battery: Math.round(this.battery),
      linkquality: 120 + Math.round(this.rand() * 100),
    };
  }

  topic() {
    const t = `${PREFIX}/${this.id}/state`;
    if (!t.startsWith('test/')) throw new Error(`refusing non-test topic ${t}`);
    return t;
  }
}

class Simulator extends EventEmitter {
  constructor(client, sensors, opts) {
    super();
    this.client = client;
    this.sensors = sensors;
    this.opts = opts;
    this.started = Date.now();
    this.sent = 0;
    this.timer = null;
  }

  start() {
    const interval = 1000 / this.opts.rate;
    this.timer = setInterval(() => this.tick(), interval);
    if (this.opts.duration > 0) {
      setTimeout(() => this.stop('duration reached'), this.opts.duration * 1000);
    }
  }

  tick() {
    const elapsed = (Date.now() - this.started) / 1000;
    for (const s of this.sensors) {
      const payload = JSON.stringify(s.step(elapsed * 60));
      this.client.publish(s.topic(), payload, { qos: 0, retain: false });
      this.sent++;
    }
    if (this.sent % (this.sensors.length * 50) === 0) this.emit('progress', this.sent);
  }

  stop(reason) {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    this.emit('stopped', reason);
  }
}

function validateSpecs(specs) {
  const kinds = new Set(['temperature', 'humidity', 'soil_moisture', 'illuminance', 'co2']);
  const ids = new Set();
  for (const s of specs) {
    if (!/^[a-z0-9_]+$/.test(s.id || '')) throw new Error(`bad sensor id ${JSON.stringify(s.id)}`);
    if (ids.has(s.id)) throw new Error(`duplicate sensor id ${s.id}`);
    ids.add(s.id);
    if (!kinds.has(s.kind)) throw new Error(`${s.id}: unknown kind ${s.kind}`);
    if (typeof s.base !== 'number') throw new Error(`${s.id}: base must be a number`);
  }
  return specs;
}

function watchEcho(client, sensors) {
  // subscribe to our own test topics so the console shows round-trip latency
  const sentAt = new Map();
  client.subscribe(`${PREFIX}/+/state`, { qos: 0 });
  client.on('message', (topic) => {
    const t = sentAt.get(topic);
    if (t) {
      const ms = Date.now() - t;
      if (ms > 250) console.warn(`slow echo on ${topic}: ${ms} ms`);
      sentAt.delete(topic);
    }
  });
  return (topic) => sentAt.set(topic, Date.now());
}

async function main() {
  const opts = parseArgs();
  const specs = validateSpecs(JSON.parse(fs.readFileSync(SENSORS, 'utf8')));
  const scenario = loadScenario(opts.scenario);
  const rand = mulberry32(opts.seed);
  const sensors = specs.map((s) => new Sensor(s, scenario, rand));

  const client = mqtt.connect(opts.broker, { clientId: `sensor-sim-${process.pid}`, clean: true });
  await new Promise((resolve, reject) => {
    client.once('connect', resolve);
    client.once('error', reject);
  });
  console.log(`connected to ${opts.broker}; ${sensors.length} sensors, scenario ${opts.scenario}`);

  const mark = watchEcho(client, sensors);
  const sim = new Simulator(client, sensors, opts);
  sim.on('progress', () => mark(sensors[0].topic()));
  sim.on('progress', (n) => console.log(`${n} messages published`));
  sim.on('stopped', (reason) => {
    console.log(`stopping: ${reason}; ${sim.sent} messages total`);
    client.end(false, {}, () => process.exit(0));
  });

  process.on('SIGINT', () => sim.stop('SIGINT'));
  process.on('SIGTERM', () => sim.stop('SIGTERM'));
  sim.start();
}

main().catch((err) => {
  console.error(`sensor-sim: ${err.message}`);
  process.exit(1);
});
