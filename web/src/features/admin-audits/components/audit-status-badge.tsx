import { auditBadge, type AuditBadge, type MarketingAuditRecord } from '@curb/contracts/admin';
import { Badge, type BadgeTone } from '@/components/admin/badge';

const TONES: Record<AuditBadge, BadgeTone> = {
  Converted: 'green',
  'Email Opened': 'blue',
  'Email Sent': 'blue',
  // As the dashboard's "Outbox only": nothing failed, yet the lead received nothing.
  'In outbox — not sent': 'yellow',
  Processing: 'yellow',
  'In Progress': 'gray',
  Failed: 'red',
};

export function AuditStatusBadge({ audit }: { audit: MarketingAuditRecord }) {
  const badge = auditBadge(audit);
  return <Badge tone={TONES[badge]}>{badge}</Badge>;
}
