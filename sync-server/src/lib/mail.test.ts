/**
 * The mail folder transport (no SMTP_URL): a message's extra headers — a notification's one-click
 * unsubscribe — are written into the file as SMTP would send them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createMailer } from './mail';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'digquest-mail-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the mail folder', () => {
  it('keeps the headers a message carries', async () => {
    const mailer = createMailer(loadConfig({ DATA_DIR: dataDir }), createLogger('silent'));
    const link = 'http://localhost:3000/api/notifications/unsubscribe?token=abc&kind=comment';
    await mailer.send({
      to: 'digger@example.com',
      subject: 'A comment on your find',
      text: 'Hello',
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const [file] = fs.readdirSync(path.join(dataDir, 'mail'));
    // Long header lines are folded (RFC 5322 §2.2.3): unfold before reading.
    const eml = fs
      .readFileSync(path.join(dataDir, 'mail', file ?? ''), 'utf8')
      .replace(/\r?\n(?=[ \t])/g, '');
    expect(eml).toContain(`List-Unsubscribe: <${link}>`);
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
