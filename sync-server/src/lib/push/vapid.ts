/**
 * The server's VAPID identity (RFC 8292, docs/notifications.md "Push"): push services accept a message for a
 * subscription only when it is signed by the key the browser subscribed with. The keys come from
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or are generated once into DATA_DIR/vapid.json (mode 600) and reused:
 * new keys would orphan every subscription, so every server of a deployment must share the same ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../config';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = 'vapid.json';

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  if (typeof value !== 'object' || value === null) return false;
  const fields = new Map(Object.entries(value));
  return typeof fields.get('publicKey') === 'string' && typeof fields.get('privateKey') === 'string';
}

/**
 * The keys in DATA_DIR/vapid.json, written first when absent. The file appears whole or not at all
 * (written aside, then hard-linked into place, which fails when another server got there first), so two
 * servers starting together on a shared data directory end up with the same keys.
 */
function keysFromFile(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(webPush.generateVAPIDKeys(), null, 2)}\n`, { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const keys: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isKeyPair(keys)) throw new Error(`${file} does not hold VAPID keys; remove it to generate new ones`);
  return keys;
}

/** The address push services may write to about our messages: VAPID_SUBJECT, MAIL_FROM's, or our site. */
function subjectOf(config: Config): string {
  if (config.push.vapidSubject) return config.push.vapidSubject;
  const address = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  if (/^[^@\s<>]+@[^@\s<>]+$/.test(address)) return `mailto:${address}`;
  return config.publicUrl;
}

const loaded = new Map<string, { publicKey: string; privateKey: string }>();

/** This server's VAPID keys and subject (the file read or generated once per data directory, then kept). */
export function vapidDetails(config: Config): VapidDetails {
  const subject = subjectOf(config);
  if (config.push.vapidKeys) return { subject, ...config.push.vapidKeys };
  let keys = loaded.get(config.dataDir);
  if (!keys) {
    keys = keysFromFile(config.dataDir);
    loaded.set(config.dataDir, keys);
  }
  return { subject, ...keys };
}
