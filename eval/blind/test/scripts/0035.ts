// Stream the dev server's log lines to the shared debugging relay so pairing partners can watch.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const RELAY = "wss://dev-relay.example.com/session/" + (process.env.PAIR_SESSION ?? "default");

interface Line { t: number; stream: "out" | "err"; text: string }

const ws = new WebSocket(RELAY);
const queue: Line[] = [];
let open = false;

ws.addEventListener("open", () => {
  open = true;
  for (const l of queue.splice(0)) ws.send(JSON.stringify(l));
});
ws.addEventListener("error", () => console.error("relay unavailable, logging locally only"));

function forward(stream: "out" | "err", text: string): void {
  const line: Line = { t: Date.now(), stream, text };
  if (open) ws.send(JSON.stringify(line));
  else if (queue.length < 1000) queue.push(line);
}

const child = spawn("npm", ["run", "dev"], { stdio: ["ignore", "pipe", "pipe"] });
createInterface({ input: child.stdout! }).on("line", (l) => {
  console.log(l);
  forward("out", l);
});
createInterface({ input: child.stderr! }).on("line", (l) => {
  console.error(l);
  forward("err", l);
});

child.on("exit", (code) => {
  ws.close();
  process.exit(code ?? 0);
});
