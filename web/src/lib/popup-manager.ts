// Spec: only one managed popup may show at a time. A popup claims the slot before it opens
// and releases it when it closes; a claim while another popup holds the slot is refused.

let active: string | null = null;

export function claimPopup(id: string): boolean {
  if (active !== null && active !== id) return false;
  active = id;
  return true;
}

export function releasePopup(id: string): void {
  if (active === id) active = null;
}
