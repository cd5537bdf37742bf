import { formDefinitions } from '@curb/content';
import { useRef, useState, type FormEvent } from 'react';
import { TextAreaField, TextField } from '@/components/ui/form/field';
import { showAtField } from '@/components/ui/form/field-refusal';
import { dismissToast, toast } from '@/components/ui/toast/toast-store';
import { useSubmissionId } from '@/lib/submission-id';
import { sendContact } from '../api/send-contact';
import styles from './contact.module.css';

const EMPTY = { firstName: '', lastName: '', email: '', subject: '', message: '' };
const fields = formDefinitions['contact-form'].fields;
const label = (name: keyof typeof EMPTY) => fields.find((f) => f.name === name)?.placeholder ?? name;

/** The page contact form (home contact section, experience page): all five fields required. */
export function ContactForm({ title = 'Send a Message' }: { title?: string }) {
  const [values, setValues] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // The field the server refused, with its words.
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const error = (field: keyof typeof EMPTY) => (refused?.field === field ? refused.message : null);
  const submission = useSubmissionId();
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setSent(false);
    if (refused?.field === field) setRefused(null);
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || Object.values(values).some((v) => !v.trim())) return;
    setSending(true);
    try {
      await sendContact({ ...values, submissionId: submission.current() });
      submission.renew();
      setValues(EMPTY);
      // One confirmation, beside the form it answers (it stays until the visitor types again);
      // a failure toast from an earlier try goes, it no longer holds.
      dismissToast();
      setSent(true);
    } catch (err) {
      if (showAtField(formRef.current, err, (field, message) => setRefused({ field, message }))) return;
      toast({
        title: 'Failed to send message',
        description: 'Please try again or contact me directly via email or phone.',
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} aria-label={title} data-testid="contact-form">
      <h3 className={styles.formTitle}>{title}</h3>
      <div className={styles.row}>
        <TextField
          label={label('firstName')}
          name="firstName"
          required
          autoComplete="given-name"
          value={values.firstName}
          error={error('firstName')}
          onChange={set('firstName')}
        />
        <TextField
          label={label('lastName')}
          name="lastName"
          required
          autoComplete="family-name"
          value={values.lastName}
          error={error('lastName')}
          onChange={set('lastName')}
        />
      </div>
      <TextField
        label={label('email')}
        name="email"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        error={error('email')}
        onChange={set('email')}
      />
      <TextField
        label={label('subject')}
        name="subject"
        required
        value={values.subject}
        error={error('subject')}
        onChange={set('subject')}
      />
      <TextAreaField
        label={label('message')}
        name="message"
        required
        value={values.message}
        error={error('message')}
        onChange={set('message')}
      />
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
      {/* Always there, so a screen reader announces what appears in it. */}
      <div role="status" data-testid="contact-form-status">
        {sent && (
          <p className={styles.sent}>
            Message sent successfully!{' '}
            <span className={styles.sentDetail}>Your message has been sent successfully. I’ll get back to you soon!</span>
          </p>
        )}
      </div>
    </form>
  );
}
