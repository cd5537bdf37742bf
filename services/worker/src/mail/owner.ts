// The owner as every e-mail names them: the sender's display name, the address replies go to
// (and where the notices of new leads and messages arrive), the signature. Read from the
// owner's profile each time a mail is written, so a saved profile applies to the next mail;
// the sample profile until the owner saves one.
import { sampleProfile } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';
import { ownerContent, type Sql } from '@curb/db';
import type { MailConfig } from './transports.ts';

export interface MailOwner {
  name: string;
  email: string;
  phone: string;
  company: string;
  /** The owner's brand colour (#rrggbb, checked by the profile's schema): the mails' accent. */
  brandColour: string;
  /** The From header: the owner's name on the address mail is sent from (MAIL_FROM's). */
  from: string;
}

/** The address part of a `Name <address>` or bare address. */
const addressOf = (mailFrom: string) => /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();

/** A display name as a quoted string: its quotes and backslashes escaped, one line. */
const quotedName = (name: string) => `"${name.replace(/[\r\n]+/g, ' ').replace(/["\\]/g, '\\$&')}"`;

export function mailOwnerOf(config: Pick<MailConfig, 'MAIL_FROM'>, profile: OwnerProfile): MailOwner {
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    company: profile.company,
    brandColour: profile.brandColour,
    from: `${quotedName(profile.name)} <${addressOf(config.MAIL_FROM)}>`,
  };
}

export async function mailOwner(sql: Sql, config: Pick<MailConfig, 'MAIL_FROM'>): Promise<MailOwner> {
  const row = await ownerContent.find(sql, 'profile');
  return mailOwnerOf(config, (row?.doc as OwnerProfile | undefined) ?? sampleProfile());
}

/** The signature's lines: name, company, phone, e-mail (those the owner filled). */
export const signatureLines = (owner: MailOwner): string[] => [owner.name, owner.company, owner.phone, owner.email].filter(Boolean);
