// Whether a website a visitor gives us can become an audit, answered before anything is
// stored or promised: the address rules and a DNS lookup, the same checks the worker's
// fetch runs first. A temporary DNS failure is not the visitor's fault: the worker retries.
import { checkTarget, FetchError } from '@curb/audit';

export interface TargetPolicy {
  allowPrivateNetworks?: boolean;
  isAllowedAddress?: (address: string) => boolean;
}

/** Why `site` cannot be audited, in words for the visitor; null when it can. */
export async function unauditableReason(site: URL, policy: TargetPolicy): Promise<string | null> {
  try {
    await checkTarget(site.href, policy);
    return null;
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    if (err.code === 'dns') return `${err.message} Please check the website address.`;
    if (err.code === 'blocked-address' || err.code === 'invalid-url') return err.message;
    return null;
  }
}
