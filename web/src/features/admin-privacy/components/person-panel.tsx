import { useState, type FormEvent } from 'react';
import { Value } from '@sinclair/typebox/value';
import '@curb/contracts/formats';
import { type ErasureCounts, type ErasureRecord, PersonRequestSchema } from '@curb/contracts/privacy';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import fields from '@/components/admin/admin-form.module.css';
import { Dialog } from '@/components/ui/dialog/dialog';
import { TextField } from '@/components/ui/form/field';
import { formatCount } from '@/components/admin/format';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { downloadAccessExport, useErasePerson } from '../api/privacy';
import page from './privacy-page.module.css';

/** What an erasure removed, as the owner reads it: store, what, how many. */
export function removedLines(removed: ErasureCounts): [string, string, number][] {
  const { postgres: p, clickhouse: c, files: f, memory: m } = removed;
  return [
    ['PostgreSQL', 'Leads', p.leads],
    ['PostgreSQL', 'Audits and their reports', p.audits],
    ['PostgreSQL', 'Contact messages', p.contactMessages],
    ['PostgreSQL', 'Tracking events waiting for ClickHouse', p.eventOutbox],
    ['PostgreSQL', 'Background jobs', p.jobs],
    ['PostgreSQL', 'Sign-in attempts', p.loginThrottle],
    ['ClickHouse', 'Tracking events', c.events],
    ['ClickHouse', 'Days of dashboard figures rebuilt', c.days],
    ['ClickHouse', 'Stored dashboard snapshots dropped', c.snapshotRows],
    ['Files', 'Mails in the outbox folder', f.outboxMails],
    ['Files', 'Event lines in the quarantine', f.quarantineLines],
    ['Files', 'Event lines in the spool', f.spoolLines],
    ['Memory', 'Report PDFs', m.reportPdfs],
  ];
}

/** Anything of the person's, by e-mail address: download it (an access request) or erase it. */
export function PersonPanel() {
  const { toast } = useToast();
  const erase = useErasePerson();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [result, setResult] = useState<ErasureRecord | null>(null);
  const address = email.trim();
  const valid = Value.Check(PersonRequestSchema, { email: address });
  const problem = address && !valid ? 'Enter an e-mail address (name@example.com).' : null;

  const download = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!valid) return;
    setExporting(true);
    try {
      await downloadAccessExport(address);
    } catch (error) {
      toast({ title: 'Could not export the data', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const confirmErasure = () =>
    erase.mutate(address, {
      onSuccess: (record) => {
        setConfirming(false);
        setResult(record);
        setEmail('');
        toast({
          title: record.rows ? 'Person erased' : 'Nothing to erase',
          description: record.rows ? `${formatCount(record.rows)} rows and files removed.` : 'Nothing held about this address was left.',
        });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: 'Could not erase', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });

  return (
    <Panel title="A Person's Data">
      <form className={fields.form} onSubmit={(event) => void download(event)} aria-label="A person's data">
        <div className={page.narrow}>
          <TextField
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem}
            hint={
              'Their leads, audits and reports, contact messages, report e-mails, and the tracking events that carry the address ' +
              'with the rest of the visits they were in. Other visits from the same connection and browser are not included: ' +
              'without cookies they cannot be told apart from other people at the same home or office.'
            }
          />
        </div>
        <div className={styles.actions}>
          <button type="submit" className="button button-outline" disabled={!valid || exporting}>
            {exporting ? 'Preparing...' : 'Download their data (JSON)'}
          </button>
          <button type="button" className="button" disabled={!valid || erase.isPending} onClick={() => setConfirming(true)}>
            Erase this person...
          </button>
        </div>
      </form>

      {result && (
        <div className={page.result} aria-live="polite">
          <h3>Last erasure: {formatCount(result.rows)} removed</h3>
          <table className={page.counts}>
            <tbody>
              {removedLines(result.removed).map(([store, what, n]) => (
                <tr key={`${store} ${what}`}>
                  <th scope="row">{store}</th>
                  <td>{what}</td>
                  <td>{formatCount(n)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {confirming && (
        <Dialog
          open
          variant="panel"
          title="Erase this person?"
          onClose={() => !erase.isPending && setConfirming(false)}
          footer={
            <div className={styles.actions}>
              <button type="button" className="button button-outline" onClick={() => setConfirming(false)} disabled={erase.isPending}>
                Cancel
              </button>
              <button type="button" className="button" onClick={confirmErasure} disabled={erase.isPending}>
                {erase.isPending ? 'Erasing...' : 'Erase everything'}
              </button>
            </div>
          }
        >
          <p>
            Everything held about <strong>{address}</strong> is deleted for good: their leads, audits, reports and report e-mails, contact
            messages, every tracking event carrying the address and the rest of the visits those events were in. The dashboards are
            recomputed without them. This cannot be undone; download their data first if they asked for a copy.
          </p>
        </Dialog>
      )}
    </Panel>
  );
}
