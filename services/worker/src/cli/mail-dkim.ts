// `pnpm mail:dkim DOMAIN [--check]`: makes the DKIM key of the owner's mail domain (kept in
// DATA_DIR, never printed) and prints the DNS records to publish; run again, it prints them
// again for the same key. --check compares the published DKIM record with the key.
import { parseArgs } from 'node:util';
import { loadConfig, runMain, StartupError } from '@curb/runtime';
import { checkDkimRecord, dkimDomain, dnsRecords, ensureDkimKey, senderDomain } from '../mail/dkim.ts';

runMain(async () => {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean' } }, allowPositionals: true, strict: true });
  const config = loadConfig();
  const given = positionals[0];
  if (!given || positionals.length > 1)
    throw new StartupError('Usage: pnpm mail:dkim DOMAIN [--check] (the domain of MAIL_FROM, such as example.com).');
  const domain = dkimDomain(given);
  if (!domain) throw new StartupError(`"${given}" is not a domain name such as example.com.`);
  const { privateKey, created } = ensureDkimKey(config.DATA_DIR, domain);

  if (values.check) {
    const problem = await checkDkimRecord(domain, privateKey);
    if (problem) throw new StartupError(problem);
    process.stdout.write(`DKIM record of ${domain} matches this server's key.\n`);
    return;
  }
  process.stdout.write(
    `${created ? 'Made a new' : 'Using the'} DKIM key of ${domain} (in ${config.DATA_DIR}/dkim, readable by this user only).\n` +
      'Publish these DNS TXT records at your domain registrar or DNS provider:\n\n',
  );
  for (const record of dnsRecords(domain, privateKey)) {
    process.stdout.write(`# ${record.note}\n${record.name}.  TXT  "${record.value}"\n\n`);
  }
  const from = senderDomain(config.MAIL_FROM);
  if (from !== domain)
    process.stdout.write(`MAIL_FROM must be an address at ${domain} for the mail to be signed (it is ${config.MAIL_FROM}).\n`);
  process.stdout.write(`Then check with: pnpm mail:dkim ${domain} --check\n`);
});
