import { Dialog } from '@/components/ui/dialog/dialog';
import { useContactQr, useOwner } from '@/lib/site-content';
import { VCARD_PATH } from './contact-card';
import { QrCode } from './qr-code';
import styles from './hero.module.css';

/** 'Contact QR Code' modal with a 200x200 QR image of the vCard. */
export function QrModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const profile = useOwner();
  const qr = useContactQr();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contact QR Code"
      description="Scan to save my contact information"
      size="sm"
      testId="qr-modal"
    >
      {qr && <QrCode className={styles.qr} matrix={qr} size={200} label={`QR code of ${profile.name}'s contact card`} />}
      <div className={styles.modalActions}>
        <a href={VCARD_PATH} download className="button">
          Download vCard
        </a>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
