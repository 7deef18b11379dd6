#!/usr/bin/env -S npx tsx
/**
 * xibo-publish.ts — upload the weekly menu board images to our Xibo CMS and
 * publish them into the "Canteen" layout's playlist.
 *
 *   npx tsx tools/xibo-publish.ts --week 2024-W19             # dry run
 *   npx tsx tools/xibo-publish.ts --week 2024-W19 --publish   # upload + publish
 *
 * Xibo runs at https://xibo.office.internal; the OAuth client (client
 * credentials grant) is XIBO_CLIENT_ID / XIBO_CLIENT_SECRET from .env and is
 * exchanged only at that CMS.  Only media whose name starts with "menu-" and
 * only the playlist configured in config/xibo.json are modified.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CONFIG = JSON.parse(readFileSync(join(REPO, "config", "xibo.json"), "utf8")) as {
  baseUrl: string;
  playlistId: number;
  layoutId: number;
  slideDuration: number;
};
const MEDIA_PREFIX = "menu-";

interface Media {
  mediaId: number;
  name: string;
}

interface Widget {
  widgetId: number;
  mediaIds: number[];
  name?: string;
}

function base(): string {
  const url = new URL(CONFIG.baseUrl);
  if (!url.hostname.endsWith(".internal")) throw new Error(`${url.hostname} is not our Xibo CMS`);
  return url.origin;
}

function clientCredentials(): { id: string; secret: string } {
  const env: Record<string, string> = {};
  const file = join(REPO, ".env");
  if (existsSync(file)) {
    for (const l of readFileSync(file, "utf8").split("\n")) {
      const i = l.indexOf("=");
      if (i > 0) env[l.slice(0, i)] = l.slice(i + 1).trim();
    }
  }
  const id = process.env.XIBO_CLIENT_ID ?? env.XIBO_CLIENT_ID;
  const secret = process.env.XIBO_CLIENT_SECRET ?? env.XIBO_CLIENT_SECRET;
  if (!id || !secret) throw new Error("XIBO_CLIENT_ID / XIBO_CLIENT_SECRET missing");
  return { id, secret };
}

async function accessToken(): Promise<string> {
  const { id, secret } = clientCredentials();
  const res = await fetch(`${base()}/api/authorize/access_token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: id, client_secret: secret }),
  });
  if (!res.ok) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api<T>(token: string, method: string, route: string, body?: URLSearchParams | FormData): Promise<T> {
  const res = await fetch(`${base()}/api${route}`, { method, headers: { Authorization: `Bearer ${token}` }, body });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function weekImages(week: string): string[] {
  if (!/^\d{4}-W\d{2}$/.test(week)) throw new Error("--week must look like 2024-W19");
  const dir = join(REPO, "signage", "menus", week);
  if (!existsSync(dir)) throw new Error(`no menu folder ${dir.slice(REPO.length + 1)}`);
  const files = readdirSync(dir).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  if (!files.length) throw new Error("no images for that week");
  return files.map((f) => join(dir, f));
}

async function upload(token: string, file: string, week: string): Promise<number> {
  const form = new FormData();
  const name = `${MEDIA_PREFIX}${week}-${file.split("/").pop()}`;
  form.append("files", new Blob([readFileSync(file)]), name);
  form.append("name", name);
  form.append("deleteOnExpiry", "1");
  const res = await api<{ files: Array<{ mediaId: number; error?: string }> }>(token, "POST", "/library", form);
  const entry = res.files[0];
  if (entry.error) throw new Error(`upload ${name}: ${entry.error}`);
  return entry.mediaId;
}

// Widgets of the configured playlist only; other playlists and layouts on
// the CMS are never listed or changed by this script.  The widget's
// mediaIds tell which library items it shows, which is how old menu
// slides are recognised.
async function currentWidgets(token: string): Promise<Widget[]> {
  return api<Widget[]>(token, "GET", `/playlist/widget?playlistId=${CONFIG.playlistId}`);
}

async function oldMenuMedia(token: string): Promise<Media[]> {
  const media = await api<Media[]>(token, "GET", `/library?media=${encodeURIComponent(MEDIA_PREFIX)}`);
  return media.filter((m) => m.name.startsWith(MEDIA_PREFIX));
}

const HELP = `xibo-publish.ts --week YYYY-Www [--publish]

Input
  signage/menus/<week>/*.png|jpg   one slide per image, ordered by file name

Steps with --publish
  1. obtain an access token with the client credentials grant at the CMS
  2. upload each image to the library as "menu-<week>-<file>" with
     deleteOnExpiry so old menus do not pile up
  3. assign the new media to the canteen playlist with the configured slide
     duration
  4. remove the playlist widgets that showed earlier menu-* media
  5. publish the canteen layout

Media or widgets without the menu- prefix (announcements, the clock, the
weather widget) are never touched.  Without --publish the script only lists
what it would upload and which widgets are outdated.`;

/** Basic image checks before upload: size limit and 16:9 aspect from the PNG header. */
function checkImages(files: string[]): string[] {
  const problems: string[] = [];
  for (const f of files) {
    const buf = readFileSync(f);
    if (buf.length > 8 * 1024 * 1024) problems.push(`${f.split("/").pop()}: larger than 8 MB`);
    if (buf.readUInt32BE(0) === 0x89504e47) {
      const w = buf.readUInt32BE(16);
      const h = buf.readUInt32BE(20);
      if (Math.abs(w / h - 16 / 9) > 0.01) problems.push(`${f.split("/").pop()}: ${w}x${h} is not 16:9`);
    }
  }
  return problems;
}

async function main(): Promise<void> {
  if (process.argv.includes("--help")) {
    console.log(HELP);
    return;
  }
  const argv = process.argv.slice(2);
  const week = argv[argv.indexOf("--week") + 1];
  const publish = argv.includes("--publish");
  const images = weekImages(week);
  const imageProblems = checkImages(images);
  if (imageProblems.length) throw new Error(imageProblems.join("; "));
  console.log(`CMS ${base()}, playlist ${CONFIG.playlistId}, ${images.length} image(s) for ${week}`);
  const token = await accessToken();
  const widgets = await currentWidgets(token);
  const oldMedia = await oldMenuMedia(token);
  const oldIds = new Set(oldMedia.map((m) => m.mediaId));
  const staleWidgets = widgets.filter((w) => w.mediaIds.some((id) => oldIds.has(id)));
  console.log(`playlist has ${widgets.length} widget(s); ${staleWidgets.length} show previous menus`);
  if (!publish) {
    for (const img of images) console.log(`  would upload ${img.slice(REPO.length + 1)}`);
    console.log("dry run; add --publish");
    return;
  }
  const newIds: number[] = [];
  for (const img of images) newIds.push(await upload(token, img, week));
  await api(token, "POST", `/playlist/library/assign/${CONFIG.playlistId}`, new URLSearchParams([
    ...newIds.map((id) => ["media[]", String(id)] as [string, string]),
    ["duration", String(CONFIG.slideDuration)],
    ["useDuration", "1"],
  ]));
  for (const w of staleWidgets) await api(token, "DELETE", `/playlist/widget/${w.widgetId}`);
  await api(token, "PUT", `/layout/publish/${CONFIG.layoutId}`, new URLSearchParams({ publishNow: "1" }));
  console.log(`published ${newIds.length} slide(s); removed ${staleWidgets.length} old menu widget(s) from the playlist`);
}

main().catch((err: Error) => {
  console.error(`xibo-publish: ${err.message}`);
  process.exitCode = 1;
});
