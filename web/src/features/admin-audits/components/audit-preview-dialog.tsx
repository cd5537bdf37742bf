import type { MarketingAuditRecord } from '@curb/contracts/admin';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './audit-preview-dialog.module.css';

/** Preview shows the report page in an embedded frame. */
export function AuditPreviewDialog({ audit, onClose }: { audit: MarketingAuditRecord; onClose: () => void }) {
  const src = `/audit-report/${encodeURIComponent(audit.reportId)}`;
  return (
    <Dialog
      open
      variant="panel"
      title={`Report: ${audit.businessName}`}
      onClose={onClose}
      footer={
        <a href={src} target="_blank" rel="noopener noreferrer" className="button button-outline">
          Open in new tab
        </a>
      }
    >
      <iframe className={styles.frame} src={src} title={`Marketing audit report for ${audit.businessName}`} />
    </Dialog>
  );
}
