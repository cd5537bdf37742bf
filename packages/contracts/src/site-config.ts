// The public site's copy of the owner's funnels and A/B tests, as the page server puts it into
// every page and the browser reads it back before its first render (so hydrating the
// prerendered HTML, which the server rewrote with the same values, matches). Plain code with no
// schema library, since the public pages import it.
import type { PublicSiteConfig } from './funnel-config.ts';

export type { PublicSiteConfig };

/** The id of the JSON block in every page: a data block, which the browser never runs. */
export const SITE_CONFIG_ELEMENT_ID = 'curb-site-config';

/** The config as the JSON block's text: `<` escaped, so no text can close the element early. */
function siteConfigJson(config: PublicSiteConfig): string {
  return JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The JSON block as the page server inserts it before `</head>`. */
export function siteConfigElement(config: PublicSiteConfig): string {
  return `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${siteConfigJson(config)}</script>`;
}
