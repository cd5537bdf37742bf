// The one place that decides a page's security headers. Every page (prerendered, app shell or
// 404) gets one policy: the site-wide one, widened by the vendors of the tracking tags the owner
// configured, WebAssembly (the chat pages' voice detection) and, when it is configured, the
// avatar creator's frame. One policy for every page because the browser keeps the policy of the
// page a visitor entered by: a page reached by a client-side move runs under its entry page's
// policy, so a page-specific widening would hold for a direct load alone (docs/decisions/).
// A report is never indexed.
import { METAPERSON_ORIGIN } from '@curb/contracts/assistant';
import { settingKeys, TAG_CSP_SOURCES, type AnalyticsSettingKey, type SettingsOf } from '@curb/contracts/settings';
import { CONTENT_SECURITY_POLICY } from '@curb/runtime';

type Directives = Record<string, string[]>;

export const NOINDEX = 'noindex, nofollow';

export interface PagePolicyInputs {
  /** Tracking tags the owner configured in Settings → Analytics. */
  tags: readonly AnalyticsSettingKey[];
  /** Whether the avatar creator has its client id and secret. */
  metaperson: boolean;
}

export interface PagePolicy {
  contentSecurityPolicy: string;
  /** X-Robots-Tag, for pages that must stay out of search indexes. */
  robots: string | null;
}

export const isReportPage = (path: string) => /^\/audit-report\/[^/]+\/?$/.test(path);

/** The configured tracking tags of the analytics settings. */
export const configuredTags = (settings: SettingsOf<'analytics'>): AnalyticsSettingKey[] =>
  settingKeys('analytics').filter((key) => settings[key]);

/** The headers for the page at `path` (no query). */
export function pagePolicy(path: string, inputs: PagePolicyInputs): PagePolicy {
  const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const directives: Directives = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  for (const key of inputs.tags) widen(directives, TAG_CSP_SOURCES[key]);
  // Compiling WebAssembly only: 'unsafe-eval' (scripts from strings) stays refused.
  widen(directives, { scriptSrc: ["'wasm-unsafe-eval'"] });
  if (inputs.metaperson) widen(directives, { frameSrc: [METAPERSON_ORIGIN] });
  return { contentSecurityPolicy: serialise(directives), robots: isReportPage(page) ? NOINDEX : null };
}

function widen(directives: Directives, additions: Partial<Record<string, readonly string[]>>): void {
  for (const [name, sources = []] of Object.entries(additions)) {
    const list = (directives[name] ??= ["'self'"]);
    for (const source of sources) if (!list.includes(source)) list.push(source);
  }
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Serialised as helmet serialises the site-wide policy. */
function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}
