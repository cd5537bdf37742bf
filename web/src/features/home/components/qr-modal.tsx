import { personal } from '@curb/content';
import { Dialog } from '@/components/ui/dialog/dialog';
import { QR_SVG_PATH, VCARD_FILE_NAME, VCARD_PATH } from './contact-card';
import styles from './hero.module.css';

/** Spec: 'Contact QR Code' modal with a 200x200 QR image of the vCard. */
export function QrModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contact QR Code"
      description="Scan to save my contact information"
      size="sm"
      testId="qr-modal"
    >
      <img className={styles.qr} src={QR_SVG_PATH} alt={`QR code of ${personal.name}'s contact card`} width="200" height="200" />
      <div className={styles.modalActions}>
        <a href={VCARD_PATH} download={VCARD_FILE_NAME} className="button">
          Download vCard
        </a>
        <button type="button" className="button button-outline" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
