#!/usr/bin/env -S npx tsx
// Paper trader for the momentum strategy using ccxt against the Binance spot
// TESTNET only. Refuses to start against the live exchange.
//
//   npx tsx bots/paper.ts --pair BTC/USDT --timeframe 5m [--once]
//
// Keys: user_data/testnet.json { "apiKey": "...", "secret": "..." } (testnet keys
// from testnet.binance.vision). Trades and equity are logged to build/paper/.
import ccxt, { type Exchange, type OHLCV } from 'ccxt';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const KEYS = path.join(ROOT, 'user_data', 'testnet.json');
const LOG_DIR = path.join(ROOT, 'build', 'paper');
const TESTNET_HOST = 'testnet.binance.vision';

interface Options {
  pair: string;
  timeframe: string;
  once: boolean;
  riskPct: number;
  fast: number;
  slow: number;
}

type Signal = 'buy' | 'sell' | 'hold';

function parse(argv: string[]): Options {
  const get = (f: string, d: string) => (argv.includes(f) ? argv[argv.indexOf(f) + 1] : d);
  const opts: Options = {
    pair: get('--pair', 'BTC/USDT'),
    timeframe: get('--timeframe', '5m'),
    once: argv.includes('--once'),
    riskPct: Number(get('--risk', '2')),
    fast: Number(get('--fast', '12')),
    slow: Number(get('--slow', '26')),
  };
  if (argv.includes('--live')) throw new Error('this bot never trades live; use the freqtrade runbook for that');
  if (!(opts.riskPct > 0 && opts.riskPct <= 5)) throw new Error('--risk must be in (0, 5]');
  if (opts.fast >= opts.slow) throw new Error('--fast must be smaller than --slow');
  return opts;
}

function exchange(): Exchange {
  if (!existsSync(KEYS)) throw new Error(`missing ${path.relative(ROOT, KEYS)} (testnet keys)`);
  const keys = JSON.parse(readFileSync(KEYS, 'utf8')) as { apiKey: string; secret: string };
  const ex = new ccxt.binance({ apiKey: keys.apiKey, secret: keys.secret, enableRateLimit: true });
  ex.setSandboxMode(true);
  const api = JSON.stringify(ex.urls.api);
  if (!api.includes(TESTNET_HOST)) throw new Error('sandbox mode did not switch to the testnet; aborting');
  return ex;
}

function ema(values: number[], period: number): number[] {
  const k = 2 / (period + 1);
  const out: number[] = [];
  values.forEach((v, i) => out.push(i === 0 ? v : v * k + out[i - 1] * (1 - k)));
  return out;
}

function signal(candles: OHLCV[], o: Options): Signal {
  const closes = candles.map((c) => Number(c[4]));
  if (closes.length < o.slow + 2) return 'hold';
  const f = ema(closes, o.fast);
  const s = ema(closes, o.slow);
  const n = closes.length - 1;
  if (f[n - 1] <= s[n - 1] && f[n] > s[n]) return 'buy';
  if (f[n - 1] >= s[n - 1] && f[n] < s[n]) return 'sell';
  return 'hold';
}

function log(file: string, row: Record<string, unknown>): void {
  mkdirSync(LOG_DIR, { recursive: true });
  appendFileSync(path.join(LOG_DIR, file), JSON.stringify({ at: new Date().toISOString(), ...row }) + '\n');
}

async function position(ex: Exchange, pair: string): Promise<{ base: number; quote: number }> {
  const [baseCur, quoteCur] = pair.split('/');
  const bal = await ex.fetchBalance();
  return { base: Number(bal.free[baseCur] ?? 0), quote: Number(bal.free[quoteCur] ?? 0) };
}

async function act(ex: Exchange, o: Options, sig: Signal, price: number): Promise<void> {
  const pos = await position(ex, o.pair);
  const market = ex.market(o.pair);
  const minCost = Number(market.limits.cost?.min ?? 10);
  if (sig === 'buy' && pos.quote * (o.riskPct / 100) >= minCost) {
    const amount = Number(ex.amountToPrecision(o.pair, (pos.quote * (o.riskPct / 100)) / price));
    const order = await ex.createMarketBuyOrder(o.pair, amount);
    log('trades.jsonl', { side: 'buy', amount, price: order.average ?? price, id: order.id });
    console.log(`BUY  ${amount} ${o.pair} @ ~${price}`);
  } else if (sig === 'sell' && pos.base * price >= minCost) {
    const amount = Number(ex.amountToPrecision(o.pair, pos.base));
    const order = await ex.createMarketSellOrder(o.pair, amount);
    log('trades.jsonl', { side: 'sell', amount, price: order.average ?? price, id: order.id });
    console.log(`SELL ${amount} ${o.pair} @ ~${price}`);
  }
}

async function tick(ex: Exchange, o: Options): Promise<void> {
  const candles = await ex.fetchOHLCV(o.pair, o.timeframe, undefined, o.slow * 4);
  const price = Number(candles.at(-1)?.[4]);
  const sig = signal(candles, o);
  const pos = await position(ex, o.pair);
  const equity = pos.quote + pos.base * price;
  log('equity.jsonl', { price, equity, signal: sig });
  console.log(`${new Date().toISOString().slice(11, 19)} ${o.pair} ${price} signal=${sig} equity=${equity.toFixed(2)}`);
  if (sig !== 'hold') await act(ex, o, sig, price);
}

interface TradeRow {
  at: string;
  side: 'buy' | 'sell';
  amount: number;
  price: number;
}

function readJsonl<T>(file: string): T[] {
  const p = path.join(LOG_DIR, file);
  if (!existsSync(p)) return [];
  return readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

function report(): void {
  const trades = readJsonl<TradeRow>('trades.jsonl');
  const equity = readJsonl<{ at: string; equity: number }>('equity.jsonl');
  let realised = 0;
  let held = 0;
  let cost = 0;
  for (const t of trades) {
    if (t.side === 'buy') {
      held += t.amount;
      cost += t.amount * t.price;
    } else if (held > 0) {
      const avg = cost / held;
      realised += (t.price - avg) * t.amount;
      held -= t.amount;
      cost = held * avg;
    }
  }
  const first = equity[0]?.equity;
  const last = equity.at(-1)?.equity;
  console.log(`trades: ${trades.length}, realised PnL: ${realised.toFixed(2)} (testnet)`);
  if (first && last) console.log(`equity: ${first.toFixed(2)} -> ${last.toFixed(2)} (${(((last - first) / first) * 100).toFixed(2)}%)`);
}

async function main(): Promise<void> {
  if (process.argv[2] === 'report') {
    report();
    return;
  }
  const o = parse(process.argv.slice(2));
  const ex = exchange();
  await ex.loadMarkets();
  if (!ex.markets[o.pair]) throw new Error(`${o.pair} not available on the testnet`);
  writeFileSync(path.join(ROOT, 'build', 'paper-options.json'), JSON.stringify(o, null, 2));
  let stopping = false;
  const stop = () => {
    stopping = true;
    console.log('\nstopping after the current tick');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const periodMs = ex.parseTimeframe(o.timeframe) * 1000;
  do {
    try {
      await tick(ex, o);
    } catch (e) {
      console.error(`tick failed: ${(e as Error).message}`);
      log('errors.jsonl', { error: (e as Error).message });
    }
    if (o.once || stopping) break;
    await new Promise((r) => setTimeout(r, periodMs - (Date.now() % periodMs) + 2000));
  } while (!stopping);
}

main().catch((e: Error) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
