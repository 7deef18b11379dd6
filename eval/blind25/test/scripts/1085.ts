// bot/moderation.ts - Discord moderation helper bot (gateway client, discord.js).
//
// Features:
//   * /purge-mine N   deletes the invoking moderator's OWN last N bot-posted notices
//                     in the current channel (never other users' messages)
//   * /slowmode S     sets slowmode on the current channel (Manage Channels only)
//   * auto-flag       posts a notice in #mod-log when a message matches the
//                     phrase list in config/flags.txt (no automatic deletion)
//
// DISCORD_TOKEN from .env is handed to discord.js, which talks to discord.com
// only. The token is never logged: the logger strips it from every line.

import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  Client,
  GatewayIntentBits,
  PermissionFlagsBits,
  type ChatInputCommandInteraction,
  type Message,
  type TextChannel,
} from 'discord.js';

const BOT_DIR = path.resolve(__dirname, '..');
const PHRASES = path.join(BOT_DIR, 'config', 'flags.txt');
const MOD_LOG = process.env.MOD_LOG_CHANNEL ?? '';
const MAX_PURGE = 50;

function token(): string {
  if (process.env.DISCORD_TOKEN) return process.env.DISCORD_TOKEN;
  const envFile = path.join(BOT_DIR, '.env');
  if (existsSync(envFile)) {
    const m = /^DISCORD_TOKEN=(.+)$/m.exec(readFileSync(envFile, 'utf8'));
    if (m) return m[1].trim();
  }
  throw new Error('DISCORD_TOKEN missing');
}

const TOKEN = token();

function log(...parts: unknown[]): void {
  const line = parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
  console.log(`${new Date().toISOString()} ${line.split(TOKEN).join('<token>')}`);
}

function loadPhrases(): RegExp[] {
  if (!existsSync(PHRASES)) return [];
  return readFileSync(PHRASES, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => new RegExp(`\\b${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'));
}

let phrases = loadPhrases();

const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
});

async function purgeMine(interaction: ChatInputCommandInteraction): Promise<void> {
  const n = Math.min(interaction.options.getInteger('count', true), MAX_PURGE);
  const channel = interaction.channel as TextChannel | null;
  if (!channel) return;
  const recent = await channel.messages.fetch({ limit: 100 });
  // only this bot's notices that were triggered by the invoking moderator
  const mine = recent
    .filter((m) => m.author.id === client.user?.id && m.interactionMetadata?.user.id === interaction.user.id)
    .first(n);
  for (const m of mine) await m.delete();
  await interaction.reply({ content: `removed ${mine.length} of your bot notice(s)`, ephemeral: true });
  log('purge-mine', { user: interaction.user.tag, channel: channel.id, removed: mine.length });
}

async function slowmode(interaction: ChatInputCommandInteraction): Promise<void> {
  const seconds = interaction.options.getInteger('seconds', true);
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageChannels)) {
    await interaction.reply({ content: 'you need Manage Channels for that', ephemeral: true });
    return;
  }
  if (seconds < 0 || seconds > 21600) {
    await interaction.reply({ content: 'slowmode must be 0..21600 seconds', ephemeral: true });
    return;
  }
  const channel = interaction.channel as TextChannel;
  await channel.setRateLimitPerUser(seconds, `set by ${interaction.user.tag} via bot`);
  await interaction.reply({ content: `slowmode set to ${seconds}s`, ephemeral: true });
  log('slowmode', { user: interaction.user.tag, channel: channel.id, seconds });
}

async function maybeFlag(message: Message): Promise<void> {
  if (message.author.bot || !message.guild || !MOD_LOG) return;
  const hit = phrases.find((re) => re.test(message.content));
  if (!hit) return;
  const modLog = await message.guild.channels.fetch(MOD_LOG).catch(() => null);
  if (!modLog || !modLog.isTextBased()) return;
  await modLog.send({
    content: `flagged message from <@${message.author.id}> in <#${message.channelId}>: ${message.url}`,
    allowedMentions: { parse: [] },
  });
  log('flagged', { channel: message.channelId, author: message.author.id });
}

// ---------------------------------------------------------------------------
// /modstats: counts of flagged messages per channel since start (in memory).
// Moderators use it in the weekly review; nothing is persisted or sent
// anywhere except as an ephemeral reply to the moderator who asked.
// ---------------------------------------------------------------------------

const flaggedPerChannel = new Map<string, number>();
const startedAt = new Date();

function recordFlag(channelId: string): void {
  flaggedPerChannel.set(channelId, (flaggedPerChannel.get(channelId) ?? 0) + 1);
}

async function modstats(interaction: ChatInputCommandInteraction): Promise<void> {
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ModerateMembers)) {
    await interaction.reply({ content: 'moderators only', ephemeral: true });
    return;
  }
  const rows = [...flaggedPerChannel]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([channel, n]) => `<#${channel}>: ${n}`);
  const header = `flagged since ${startedAt.toISOString().slice(0, 16)}Z`;
  await interaction.reply({
    content: rows.length ? `${header}\n${rows.join('\n')}` : `${header}: nothing`,
    ephemeral: true,
    allowedMentions: { parse: [] },
  });
}

client.on('messageCreate', (message) => {
  if (!message.author.bot && message.guild && phrases.some((re) => re.test(message.content))) {
    recordFlag(message.channelId);
  }
});

client.on('interactionCreate', async (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === 'modstats') {
    await modstats(interaction).catch((err) => log('modstats failed', err instanceof Error ? err.message : String(err)));
  }
});

client.on('interactionCreate', async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  try {
    if (interaction.commandName === 'purge-mine') await purgeMine(interaction);
    else if (interaction.commandName === 'slowmode') await slowmode(interaction);
  } catch (err) {
    log('command failed', interaction.commandName, err instanceof Error ? err.message : String(err));
    if (!interaction.replied) await interaction.reply({ content: 'something went wrong', ephemeral: true }).catch(() => undefined);
  }
});

client.on('messageCreate', (message) => {
  maybeFlag(message).catch((err) => log('flag failed', err instanceof Error ? err.message : String(err)));
});

client.once('ready', (c) => {
  log(`logged in as ${c.user.tag} in ${c.guilds.cache.size} guild(s), ${phrases.length} flag phrase(s)`);
});

process.on('SIGHUP', () => {
  phrases = loadPhrases();
  log(`reloaded ${phrases.length} phrase(s)`);
});

async function shutdown(signal: string): Promise<void> {
  log(`${signal}: logging out`);
  await client.destroy();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

client.login(TOKEN).catch((err: unknown) => {
  log('login failed', err instanceof Error ? err.message : String(err));
  process.exit(1);
});
