// Checks of visitor input beyond its shape.
import { LEAD_MESSAGES } from '@curb/contracts/leads';

// A tag-like sequence: "<b", "</", "<!", "<?". Text such as "Smith & Sons <3" is fine.
const TAG_PATTERN = /<\s*[a-z!/?]/i;

/** The message for names that contain HTML tags, or null. */
export function htmlInNames(...names: Array<string | undefined>): string | null {
  return names.some((name) => name !== undefined && TAG_PATTERN.test(name)) ? LEAD_MESSAGES.htmlInName : null;
}

/** Trims every string value of a flat record; absent and blank values become undefined. */
export function trimmed<T extends Record<string, unknown>>(body: T): { [K in keyof T]: T[K] } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      const t = value.trim();
      out[key] = t === '' ? undefined : t;
    } else out[key] = value;
  }
  return out as T;
}
