import { contactPopup } from '@curb/content';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { TextAreaField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { dismissToast, toast } from '@/components/ui/toast/toast-store';
import { claimPopup, releasePopup } from '@/lib/popup-manager';
import { useSubmissionId } from '@/lib/submission-id';
import { SHOW_CONTACT_POPUP_EVENT } from '@/lib/window-events';
import { sendContact } from '../api/send-contact';
import { closeAfterSuccess } from '../utils/success-close';
import styles from './contact.module.css';

const POPUP_ID = 'contact';
const EMPTY = { name: '', email: '', subject: '', message: '' };

/** The contact popup, opened by any 'Send Message' button (window event). */
export function ContactPopup() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'form' | 'sending' | 'success'>('form');
  const [values, setValues] = useState(EMPTY);
  const submission = useSubmissionId();
  // The field the server refused, with its words.
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const error = (field: keyof typeof EMPTY) => (refused?.field === field ? refused.message : null);

  useEffect(() => {
    const show = () => {
      if (!claimPopup(POPUP_ID)) return;
      setView('form');
      setOpen(true);
    };
    window.addEventListener(SHOW_CONTACT_POPUP_EVENT, show);
    return () => window.removeEventListener(SHOW_CONTACT_POPUP_EVENT, show);
  }, []);

  const close = () => {
    setOpen(false);
    releasePopup(POPUP_ID);
  };

  useEffect(() => (view === 'success' ? closeAfterSuccess(close) : undefined), [view]);

  const missingRequired = !values.name.trim() || !values.email.trim() || !values.message.trim();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    if (refused?.field === field) setRefused(null);
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (missingRequired || view === 'sending') return;
    setView('sending');
    try {
      await sendContact({ ...values, submissionId: submission.current() });
      submission.renew();
      setValues(EMPTY);
      // One confirmation: the success view (form -> sending -> success view), no toast
      // beside it; a failure toast from an earlier try goes, it no longer holds.
      dismissToast();
      setView('success');
    } catch (err) {
      setView('form');
      if (showAtField(formRef.current, err, (field, message) => setRefused({ field, message }))) return;
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onClose={close} title={contactPopup.title} size="md" testId="contact-popup">
      {view === 'success' ? (
        <div className={styles.success} role="status">
          <p className={styles.successTitle}>Message Sent!</p>
          <p>Thank you for reaching out. I’ll get back to you within 24 hours.</p>
        </div>
      ) : (
        <form ref={formRef} className={styles.form} onSubmit={submit}>
          <TextField
            label={contactPopup.fields.name}
            name="name"
            required
            autoComplete="name"
            value={values.name}
            error={error('name')}
            onChange={set('name')}
          />
          <TextField
            label={contactPopup.fields.email}
            name="email"
            type="email"
            required
            autoComplete="email"
            value={values.email}
            error={error('email')}
            onChange={set('email')}
          />
          <TextField
            label={contactPopup.fields.subject}
            name="subject"
            value={values.subject}
            error={error('subject')}
            onChange={set('subject')}
          />
          <TextAreaField
            label={contactPopup.fields.message}
            name="message"
            required
            value={values.message}
            error={error('message')}
            onChange={set('message')}
          />
          <button type="submit" className="button" disabled={view === 'sending' || missingRequired}>
            {view === 'sending' ? contactPopup.sendingText : contactPopup.submitText}
          </button>
        </form>
      )}
    </Dialog>
  );
}
