import { type DeliveryBadge, deliveryBadge, type LeadBadge, leadBadge, type MarketingAuditRecord } from '@curb/contracts/admin';
import { Badge, type BadgeTone } from '@/components/admin/badge';
import styles from '@/components/admin/admin-ui.module.css';

const DELIVERY_TONES: Record<DeliveryBadge, BadgeTone> = {
  'Email Sent': 'blue',
  // As the dashboard's "Outbox only": nothing failed, yet the lead received nothing.
  'In outbox — not sent': 'yellow',
  "Refused by the recipient's server": 'red',
  Processing: 'yellow',
  'In Progress': 'gray',
  Failed: 'red',
};

const LEAD_TONES: Record<LeadBadge, BadgeTone> = {
  'Came back to the report': 'green',
  'Opened the e-mail': 'blue',
};

/** What happened to the report e-mail. */
export function DeliveryStatusBadge({ audit }: { audit: MarketingAuditRecord }) {
  const badge = deliveryBadge(audit);
  const badgeEl = <Badge tone={DELIVERY_TONES[badge]}>{badge}</Badge>;
  // The server's own words say why (a mailbox that does not exist, a full one).
  return audit.mailRefusal ? <span title={audit.mailRefusal}>{badgeEl}</span> : badgeEl;
}

/** What the lead did with it, or a muted dash before they do anything. */
export function LeadStatusBadge({ audit }: { audit: MarketingAuditRecord }) {
  const badge = leadBadge(audit);
  return badge ? (
    <Badge tone={LEAD_TONES[badge]}>{badge}</Badge>
  ) : (
    <span className={styles.muted} title="No open or return recorded yet">
      —
    </span>
  );
}
