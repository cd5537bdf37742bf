import { vcardText } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';

/** The contact card (vCard) the server writes from the owner's profile. */
export const VCARD_PATH = '/media/contact.vcf';

/** The file name the card downloads as: the owner's name, as words joined by hyphens. */
export const vcardFileName = (profile: OwnerProfile) =>
  `${
    profile.name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '') || 'contact'
  }.vcf`;

/** The card's text, as the QR code carries it (a phone saves the contact without going online). */
export const profileVcard = (profile: OwnerProfile) =>
  vcardText({
    fn: profile.name,
    org: profile.company,
    title: profile.position || profile.title,
    email: profile.email,
    tel: profile.phone,
    url: profile.website,
  } as Parameters<typeof vcardText>[0]);
