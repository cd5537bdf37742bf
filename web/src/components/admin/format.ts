// Number and date formatting shared by the admin pages (en-US, as the rest of the site).
const integer = new Intl.NumberFormat('en-US');
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export const formatCount = (n: number) => integer.format(n);
export const formatPercent = (n: number, digits = 1) => `${n.toFixed(digits)}%`;
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));

/** An id the code uses ("audit_popup", "exit-intent") as the owner reads it ("Audit Popup"). */
export const formatIdentifier = (id: string) =>
  id
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
