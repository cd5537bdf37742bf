// The owner's DKIM key: made once by `pnpm mail:dkim DOMAIN`, kept in DATA_DIR (never printed,
// readable by the product's user only), and used to sign every mail whose sender is at that
// domain, so receiving servers can check the mail really comes from the owner's domain.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolveTxt } from 'node:dns/promises';
import { join, resolve } from 'node:path';

/** The selector names the key in DNS (`curb._domainkey.example.com`). */
export const DKIM_SELECTOR = 'curb';

export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A domain name as DNS writes it, lower case; null when it is not one. */
export function dkimDomain(input: string): string | null {
  const domain = input.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN_PATTERN.test(domain) ? domain : null;
}

const keyPath = (dataDir: string, domain: string) => join(resolve(dataDir), 'dkim', domain, `${DKIM_SELECTOR}.pem`);

/** The domain of a sender such as `Name <me@example.com>`. */
export function senderDomain(from: string): string | null {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf('@');
  return at < 0 ? null : dkimDomain(address.slice(at + 1));
}

/** The key stored for this domain, or creates one (RSA 2048, what every receiver checks). */
export function ensureDkimKey(dataDir: string, domain: string): { privateKey: string; created: boolean } {
  const path = keyPath(dataDir, domain);
  try {
    return { privateKey: readFileSync(path, 'utf8'), created: false };
  } catch {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    writeFileSync(path, privateKey, { mode: 0o600, flag: 'wx' });
    return { privateKey, created: true };
  }
}

/** How mail from `from` is signed: with the stored key of its domain, or not at all. */
export function dkimSigningFor(dataDir: string, from: string): DkimSigning | undefined {
  const domain = senderDomain(from);
  if (!domain) return undefined;
  try {
    return { domainName: domain, keySelector: DKIM_SELECTOR, privateKey: readFileSync(keyPath(dataDir, domain), 'utf8') };
  } catch {
    return undefined;
  }
}

/** The public half of the key as the DNS TXT record's value. */
export function dkimRecordValue(privateKey: string): string {
  const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return `v=DKIM1; k=rsa; p=${spki}`;
}

/** The DNS records that let receivers trust the owner's mail: DKIM, SPF and DMARC. */
export function dnsRecords(domain: string, privateKey: string): Array<{ name: string; value: string; note: string }> {
  return [
    { name: `${DKIM_SELECTOR}._domainkey.${domain}`, value: dkimRecordValue(privateKey), note: 'the public half of the signing key' },
    {
      name: domain,
      value: 'v=spf1 include:YOUR-MAIL-PROVIDER ~all',
      note:
        'the servers allowed to send for the domain: your SMTP provider names its include ' +
        '(one SPF record per domain: merge into an existing one)',
    },
    {
      name: `_dmarc.${domain}`,
      value: `v=DMARC1; p=none; rua=mailto:postmaster@${domain}`,
      note:
        'what receivers do with mail that fails both checks: start with p=none, ' +
        'move to p=quarantine once the reports show only your mail',
    },
  ];
}

/** Compares the published DKIM record with the stored key; a sentence saying what is wrong, or null. */
export async function checkDkimRecord(
  domain: string,
  privateKey: string,
  lookup: (name: string) => Promise<string[][]> = resolveTxt,
): Promise<string | null> {
  const name = `${DKIM_SELECTOR}._domainkey.${domain}`;
  let records: string[][];
  try {
    records = await lookup(name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'lookup failed';
    return `No DKIM record found at ${name} (${code}): add the TXT record printed by pnpm mail:dkim ${domain}.`;
  }
  const wanted = /p=([A-Za-z0-9+/=]+)/.exec(dkimRecordValue(privateKey))![1];
  const published = records.map((parts) => parts.join('')).map((txt) => /p=([A-Za-z0-9+/=\s]*)/.exec(txt)?.[1]?.replace(/\s/g, ''));
  if (published.includes(wanted)) return null;
  return `The DKIM record at ${name} does not match this server's key: replace it with the TXT record printed by pnpm mail:dkim ${domain}.`;
}
