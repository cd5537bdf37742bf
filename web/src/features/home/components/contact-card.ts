import { OWNER_CONTENT_ROUTES } from '@curb/contracts/owner-content-paths';

/** The contact card (vCard), written by the server from the owner's profile at each download and named after them. */
export const VCARD_PATH = OWNER_CONTENT_ROUTES.vcard;
