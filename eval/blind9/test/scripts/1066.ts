#!/usr/bin/env -S npx tsx
// WebSocket playground server for developing the realtime client.
//
// Binds to 127.0.0.1:7071 only. Supports rooms, echo, and scripted scenarios
// loaded from fixtures/ws-scenarios/*.json (sequences of messages with delays),
// so the UI can be tested against reconnects and slow streams.
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { readdirSync, readFileSync } from 'node:fs';
import { join, basename } from 'node:path';

const HOST = '127.0.0.1';
const PORT = Number(process.env.WS_PORT ?? 7071);
const SCENARIO_DIR = join(process.cwd(), 'fixtures', 'ws-scenarios');

type Step = { delayMs: number; message: unknown; close?: boolean };
type Inbound =
  | { type: 'join'; room: string }
  | { type: 'leave'; room: string }
  | { type: 'say'; room: string; text: string }
  | { type: 'echo'; payload: unknown }
  | { type: 'scenario'; name: string };

const scenarios = new Map<string, Step[]>(
  readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [basename(f, '.json'), JSON.parse(readFileSync(join(SCENARIO_DIR, f), 'utf8')) as Step[]]),
);

const rooms = new Map<string, Set<WebSocket>>();

function send(ws: WebSocket, msg: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

function parse(data: RawData): Inbound | null {
  try {
    const v = JSON.parse(data.toString()) as Inbound;
    return typeof v === 'object' && v && 'type' in v ? v : null;
  } catch {
    return null;
  }
}

async function playScenario(ws: WebSocket, name: string): Promise<void> {
  const steps = scenarios.get(name);
  if (!steps) return send(ws, { type: 'error', error: `unknown scenario ${name}` });
  for (const step of steps) {
    await new Promise((r) => setTimeout(r, step.delayMs));
    if (step.close) return void ws.close(4000, 'scenario requested close');
    send(ws, step.message);
  }
}

const wss = new WebSocketServer({ host: HOST, port: PORT });

wss.on('connection', (ws, req) => {
  const joined = new Set<string>();
  console.log(`+ client ${req.socket.remotePort}`);
  send(ws, { type: 'hello', scenarios: [...scenarios.keys()] });

  ws.on('message', (data) => {
    const msg = parse(data);
    if (!msg) return send(ws, { type: 'error', error: 'invalid message' });
    switch (msg.type) {
      case 'join': {
        const set = rooms.get(msg.room) ?? new Set();
        set.add(ws);
        rooms.set(msg.room, set);
        joined.add(msg.room);
        return send(ws, { type: 'joined', room: msg.room, members: set.size });
      }
      case 'leave':
        rooms.get(msg.room)?.delete(ws);
        joined.delete(msg.room);
        return send(ws, { type: 'left', room: msg.room });
      case 'say':
        for (const peer of rooms.get(msg.room) ?? []) send(peer, { type: 'said', room: msg.room, text: msg.text });
        return;
      case 'echo':
        return send(ws, { type: 'echo', payload: msg.payload });
      case 'scenario':
        void playScenario(ws, msg.name);
        return;
    }
  });

  ws.on('close', () => {
    for (const r of joined) rooms.get(r)?.delete(ws);
    console.log(`- client ${req.socket.remotePort}`);
  });
});

wss.on('listening', () => {
  console.log(`ws playground on ws://${HOST}:${PORT} with ${scenarios.size} scenarios`);
});

process.on('SIGINT', () => {
  wss.close(() => process.exit(0));
});
