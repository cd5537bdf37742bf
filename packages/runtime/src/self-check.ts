// The production self-check, computed in one place for the start's log and the System Overview:
// the public address is https, mail leaves the machine, backups run and the last one worked,
// the data directory's disk has room, and the owner can sign in. Each failing item says its fix.
import { statfs } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  BACKUP_AT_UTC,
  BACKUP_SETTINGS,
  BackupFailureSchema,
  BackupSuccessSchema,
  parseStored,
  type BackupFailure,
  type BackupSuccess,
} from '@curb/contracts/backup';
import type { Config } from '@curb/contracts/config';
import { BACKUP_LATE_MS, MIN_FREE_DISK_BYTES, MIN_FREE_DISK_SHARE, type SelfCheckItem } from '@curb/contracts/self-check';
import { businessRecords, settings, type Sql } from '@curb/db';

type SelfCheckConfig = Pick<Config, 'PUBLIC_URL' | 'MAIL_API_URL' | 'SMTP_URL' | 'BACKUP_DIR' | 'DATA_DIR'>;

const item = (id: SelfCheckItem['id'], ok: boolean, text: string, fix: string | null = null): SelfCheckItem => ({
  id,
  ok,
  text,
  fix: ok ? null : fix,
});

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

export async function selfCheck(config: SelfCheckConfig, sql: Sql, now = new Date()): Promise<SelfCheckItem[]> {
  const [backups, disk, admins] = await Promise.all([backupItem(config, sql, now), diskItem(config.DATA_DIR), adminItem(sql)]);
  return [httpsItem(config), mailItem(config), backups, disk, admins];
}

function httpsItem(config: SelfCheckConfig): SelfCheckItem {
  const url = config.PUBLIC_URL;
  if (url?.startsWith('https://')) return item('https', true, `The site's public address is ${url}.`);
  return item(
    'https',
    false,
    url
      ? `PUBLIC_URL is ${url}: links in e-mails and reports are not https, and the owner cannot sign in there.`
      : 'PUBLIC_URL is not set.',
    "Set PUBLIC_URL to the site's https:// address, the domain Caddy serves (README: Put it on a server).",
  );
}

function mailItem(config: SelfCheckConfig): SelfCheckItem {
  if (config.MAIL_API_URL) return item('mail', true, 'Report e-mails go out through the mail API.');
  if (config.SMTP_URL) return item('mail', true, `Report e-mails go out through SMTP (${new URL(config.SMTP_URL).host}).`);
  return item(
    'mail',
    false,
    'No mail service: report e-mails only go to the outbox folder, where no lead receives them.',
    "Set SMTP_URL (or MAIL_API_URL) and MAIL_FROM, then run pnpm mail:dkim with MAIL_FROM's domain (README: Mail that arrives).",
  );
}

async function backupItem(config: SelfCheckConfig, sql: Sql, now: Date): Promise<SelfCheckItem> {
  if (!config.BACKUP_DIR) {
    return item(
      'backups',
      false,
      'No daily backup is scheduled.',
      'Set BACKUP_DIR (and copy its archives off the server: README, Backups).',
    );
  }
  const [successText, failureText] = await Promise.all([
    settings.find(sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastSuccess),
    settings.find(sql, BACKUP_SETTINGS.category, BACKUP_SETTINGS.lastFailure),
  ]);
  const success = parseStored<BackupSuccess>(BackupSuccessSchema, successText);
  const failure = parseStored<BackupFailure>(BackupFailureSchema, failureText);
  const dir = resolve(config.BACKUP_DIR);
  if (failure && (!success || Date.parse(failure.at) > Date.parse(success.at))) {
    return item(
      'backups',
      false,
      `The last backup failed (${failure.at}): ${failure.error}`,
      `Make ${dir} writable by the product's user, with free space.`,
    );
  }
  if (!success) return item('backups', true, `Backups are scheduled daily at ${BACKUP_AT_UTC} UTC into ${dir}; none has run yet.`);
  if (now.getTime() - Date.parse(success.at) > BACKUP_LATE_MS) {
    return item(
      'backups',
      false,
      `The last backup is from ${success.at}, more than a day ago.`,
      "Check the product's log around 03:30 UTC, or run pnpm backup.",
    );
  }
  return item('backups', true, `The last backup succeeded at ${success.at} (${dir}).`);
}

async function diskItem(dataDir: string): Promise<SelfCheckItem> {
  const dir = resolve(dataDir);
  try {
    const fs = await statfs(dir);
    const free = fs.bavail * fs.bsize;
    const total = fs.blocks * fs.bsize;
    const ok = free >= MIN_FREE_DISK_BYTES && free >= total * MIN_FREE_DISK_SHARE;
    return item(
      'disk',
      ok,
      `${gib(free)} free of ${gib(total)} on the disk of ${dir}.`,
      'Free space on that disk (old archives, journalctl --vacuum-size=200M) or move DATA_DIR to a larger one: ' +
        `at least ${gib(MIN_FREE_DISK_BYTES)} and ${MIN_FREE_DISK_SHARE * 100}% free.`,
    );
  } catch (err) {
    return item(
      'disk',
      false,
      `The free space of ${dir} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`,
      'Check that DATA_DIR exists and is readable.',
    );
  }
}

async function adminItem(sql: Sql): Promise<SelfCheckItem> {
  const { admins } = await businessRecords.counts(sql);
  return admins > 0
    ? item('admin', true, `${admins} admin account${admins === 1 ? '' : 's'}.`)
    : item(
        'admin',
        false,
        'No admin account: nobody can sign in to /admin.',
        'Run pnpm admin:create (or set ADMIN_EMAIL and ADMIN_PASSWORD and restart).',
      );
}

/** The start's log: one line per failing item, with its fix. */
export function selfCheckLines(items: SelfCheckItem[]): string[] {
  return items.filter((i) => !i.ok).map((i) => `Self-check: ${i.text} Fix: ${i.fix}`);
}
