import { auditBadge, type AuditBadge, type MarketingAuditRecord } from '@curb/contracts/admin';
import { Badge, type BadgeTone } from '@/components/admin/badge';

const TONES: Record<AuditBadge, BadgeTone> = {
  Converted: 'green',
  'Email Opened': 'blue',
  'Email Sent': 'blue',
  // As the dashboard's "Outbox only": nothing failed, yet the lead received nothing.
  'In outbox — not sent': 'yellow',
  "Refused by the recipient's server": 'red',
  Processing: 'yellow',
  'In Progress': 'gray',
  Failed: 'red',
};

export function AuditStatusBadge({ audit }: { audit: MarketingAuditRecord }) {
  const badge = auditBadge(audit);
  const badgeEl = <Badge tone={TONES[badge]}>{badge}</Badge>;
  // The server's own words say why (a mailbox that does not exist, a full one).
  return audit.mailRefusal ? <span title={audit.mailRefusal}>{badgeEl}</span> : badgeEl;
}
