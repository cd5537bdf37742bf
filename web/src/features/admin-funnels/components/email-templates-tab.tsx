import { useState } from 'react';
import {
  funnelField,
  placeholderProblem,
  type EmailPreview,
  type EmailTemplate,
  type EmailTemplateType,
  type FunnelConfig,
  type FunnelFieldPath,
} from '@curb/contracts/funnel-config';
import styles from '@/components/admin/admin-ui.module.css';
import { Badge } from '@/components/admin/badge';
import { CheckboxField, TextAreaField, TextField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { usePreviewEmail, useSendTestEmail } from '../api/funnels';
import cardStyles from './funnels.module.css';

type Templates = FunnelConfig['emailTemplates'];
const KEY_OF: Record<EmailTemplateType, keyof Templates> = {
  confirmation: 'confirmation',
  notification: 'notification',
  'follow-up': 'followUp',
};

/** The three e-mails a lead of this funnel gets: subject and body with placeholders, a preview, and a test to the owner. */
export function EmailTemplatesTab({
  funnelId,
  templates,
  value,
  onChange,
  errorAt,
}: {
  funnelId: string;
  templates: EmailTemplate[] | undefined;
  value: Templates;
  onChange: (next: Templates) => void;
  /** The server's refusal of the last save when it names this field. */
  errorAt: (path: FunnelFieldPath) => string | null;
}) {
  const preview = usePreviewEmail(funnelId);
  const sendTest = useSendTestEmail(funnelId);
  const { toast } = useToast();
  const [shown, setShown] = useState<{ type: EmailTemplateType; mail: EmailPreview } | null>(null);
  if (!templates) return <p className={styles.muted}>Loading templates...</p>;

  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        The e-mails this funnel&apos;s leads get. An empty subject or body sends the text shown in grey; every e-mail ends with a one-click
        unsubscribe link. The audit report e-mail goes out when E-mail delivery is on (Process Builder), the follow-up when the follow-up
        sequence is.
      </p>
      {templates.map((template) => {
        const key = KEY_OF[template.type];
        const current = value[key] as Templates[typeof key] & { enabled?: boolean };
        const change = (patch: Partial<{ subject: string; body: string; enabled: boolean }>) =>
          onChange({ ...value, [key]: { ...current, ...patch } } as Templates);
        const problem = placeholderProblem(template.type, current.subject) ?? placeholderProblem(template.type, current.body);
        const request = { type: template.type, subject: current.subject, body: current.body };
        // Labels and limits are the contract's, as the API's messages name these fields.
        const subject = funnelField(`config.emailTemplates.${key}.subject`);
        const body = funnelField(`config.emailTemplates.${key}.body`);
        return (
          <fieldset key={template.type} className={`${styles.panel} ${cardStyles.group}`} data-testid={`template-${template.type}`}>
            <legend>
              <strong>{template.name}</strong> <Badge tone="gray">{template.type}</Badge>
            </legend>
            <p className={styles.muted}>{template.description}</p>
            {current.enabled !== undefined && (
              <CheckboxField
                label={funnelField('config.emailTemplates.confirmation.enabled').label}
                field="config.emailTemplates.confirmation.enabled"
                error={errorAt('config.emailTemplates.confirmation.enabled')}
                checked={current.enabled}
                onChange={(e) => change({ enabled: e.target.checked })}
              />
            )}
            <TextField
              label={subject.label}
              field={subject.path}
              error={errorAt(subject.path)}
              value={current.subject}
              maxLength={subject.maxLength}
              placeholder={template.subject}
              onChange={(e) => change({ subject: e.target.value })}
            />
            <TextAreaField
              label={body.label}
              field={body.path}
              error={errorAt(body.path)}
              rows={6}
              value={current.body}
              maxLength={body.maxLength}
              placeholder={template.body}
              onChange={(e) => change({ body: e.target.value })}
            />
            <p className={styles.muted}>Placeholders: {template.placeholders.map((p) => `{{${p}}}`).join(' ')}</p>
            {problem && (
              <p className={styles.notice} role="alert">
                {template.name}: {problem}.
              </p>
            )}
            <div className={styles.actions}>
              <button
                type="button"
                className={`button button-outline ${styles.smallButton}`}
                disabled={Boolean(problem) || preview.isPending}
                onClick={() =>
                  preview.mutate(request, {
                    onSuccess: (mail) => setShown({ type: template.type, mail }),
                    onError: (error) =>
                      toast({
                        title: 'Could not preview the e-mail',
                        description: serverMessage(error) ?? 'Please try again.',
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Preview
              </button>
              <button
                type="button"
                className={`button button-outline ${styles.smallButton}`}
                disabled={Boolean(problem) || sendTest.isPending}
                onClick={() =>
                  sendTest.mutate(request, {
                    onSuccess: (sent) =>
                      toast(
                        sent.outboxOnly
                          ? {
                              title: 'Test e-mail written to the outbox',
                              description:
                                `No mail service is configured, so the ${template.name} e-mail for ${sent.to} ` +
                                'is in the outbox folder (System Overview), not in an inbox.',
                            }
                          : { title: 'Test e-mail sent', description: `${template.name} e-mail on its way to ${sent.to}.` },
                      ),
                    onError: (error) =>
                      toast({
                        title: 'Could not send the test',
                        description: serverMessage(error) ?? 'Please try again.',
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Send test to me
              </button>
            </div>
            {shown?.type === template.type && (
              <section className={styles.panel} data-testid="email-preview" aria-label={`${template.name} preview`}>
                <p>
                  <strong>To:</strong> {shown.mail.to}
                  <br />
                  <strong>Subject:</strong> {shown.mail.subject}
                </p>
                <pre className={styles.pre}>{shown.mail.text}</pre>
              </section>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
