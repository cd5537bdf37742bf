import { personal } from '@curb/content';

/** The contact card (vCard) and its QR image, generated into /media at build time. */
export const VCARD_PATH = '/media/contact.vcf';
export const VCARD_FILE_NAME = `${personal.name.toLowerCase().replace(/\s+/g, '-')}.vcf`;
export const QR_SVG_PATH = '/media/contact-qr.svg';
export const QR_PNG_PATH = '/media/contact-qr.png';
