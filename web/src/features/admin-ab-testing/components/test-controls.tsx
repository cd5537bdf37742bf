import { useEffect, useState } from 'react';
import type { AbTestChange, AbTestState } from '@curb/contracts/ab-tests';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import { Badge, type BadgeTone } from '@/components/admin/badge';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { useStaleSave } from '@/components/admin/stale-save-notice';
import { formatDateTime, formatIdentifier } from '@/components/admin/format';
import { TextField } from '@/components/ui/form/field';
import { useToast } from '@/components/ui/toast/use-toast';
import { serverMessage } from '@/lib/server-message';
import { useAbTests, useChangeAbTest } from '../api/ab-tests';

const splitText = (t: Pick<AbTestState, 'weights'> & { variants: string[] }) =>
  t.variants.map((v) => `${t.weights[v] ?? 0} % ${v}`).join(' / ');

/** A test's state in words, with its badge tone. */
export function testState(t: AbTestState): { tone: BadgeTone; text: string } {
  if (t.status === 'paused') return { tone: 'yellow', text: 'Paused' };
  if (t.status === 'rolled-out') return { tone: 'blue', text: `Rolled out: ${t.winner}` };
  return { tone: 'green', text: `Running ${splitText(t)}` };
}

/** A variant and the text it shows: B: “Free 15-Point Marketing Audit”. */
export const variantLabel = (variant: string, text: string | undefined) => (text && text !== variant ? `${variant}: “${text}”` : variant);

/** What a visitor who has not seen the test yet gets now, in the owner's words. */
export function newVisitorsSee(t: AbTestState): string {
  const [control] = t.variants;
  if (t.status === 'paused') {
    return `New visitors see ${variantLabel(control!, t.copy[control!])}, the control; nothing is counted while the test is paused.`;
  }
  if (t.status === 'rolled-out') return `New visitors see ${variantLabel(t.winner!, t.copy[t.winner!])}; the test counts no more visitors.`;
  return `New visitors are split ${splitText(t)}.`;
}

/** The variant with the highest rate, and whether its lead is significant (only then is rolling it out the suggested action). */
export interface Leader {
  variant: string | null;
  significant: boolean;
}

/** A change as a button makes it, before the version it is made on is added. */
type Change = DistributiveOmit<AbTestChange, 'baseVersion'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function TestControl({ test, leader, reload }: { test: AbTestState; leader: Leader; reload: () => Promise<AbTestState | undefined> }) {
  const change = useChangeAbTest(test.testType);
  const { toast } = useToast();
  const [control, other] = test.variants;
  const [share, setShare] = useState(test.weights[control!] ?? 50);
  useEffect(() => setShare(test.weights[control!] ?? 50), [test.weights, control]);
  const stale = useStaleSave({
    latest: reload,
    resend: (refused: { body: Change; done: string }, version) => send(refused.body, refused.done, version),
  });
  const state = testState(test);
  // Made on the version this page shows: a change someone made since is not silently undone.
  const send = (body: Change, done: string, baseVersion = test.version) => {
    stale.clear();
    change.mutate({ ...body, baseVersion } as AbTestChange, {
      onSuccess: () => toast({ title: 'A/B test updated', description: done }),
      onError: (error) => {
        if (stale.caught(error, { body, done })) return;
        toast({ title: 'Could not change the test', description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
      },
    });
  };
  return (
    <Panel title={formatIdentifier(test.testType)} actions={<Badge tone={state.tone}>{state.text}</Badge>}>
      {stale.notice(change.isPending, 'ab-test-stale')}
      <p className={styles.muted} data-testid="ab-test-changed">
        {test.changedAt
          ? `${state.text} since ${formatDateTime(test.changedAt)} (by ${test.changedBy}).`
          : 'Running with an equal split since the site started; never changed.'}{' '}
        A visitor who has seen a variant keeps it whatever you change; a change applies to new visitors.
      </p>
      <p data-testid="ab-test-now">{newVisitorsSee(test)}</p>
      <p className={styles.muted} data-testid="ab-test-phase">
        {test.phase.startedAt
          ? `Phase ${test.phase.number} since ${formatDateTime(test.phase.startedAt)}: a variant's text changed then, ` +
            'and results count from that moment.'
          : "Phase 1: no variant's text has changed since the test began."}{' '}
        Rewriting a variant in the Popup Creator begins a new phase.
      </p>
      {!leader.significant && test.status !== 'rolled-out' && (
        <p className={styles.muted} data-testid="ab-test-not-significant">
          The current phase&apos;s result is not yet significant: rolling a variant out now would act on chance.
        </p>
      )}
      <div className={styles.actions}>
        <TextField
          label={`Share of new visitors for ${control} (%)`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={share}
          onChange={(e) => setShare(Math.max(0, Math.min(100, Math.round(Number(e.target.value) || 0))))}
        />
        <button
          type="button"
          className={`button button-outline ${styles.smallButton}`}
          disabled={change.isPending}
          onClick={() =>
            send(
              { action: 'split', weights: { [control!]: share, [other!]: 100 - share } },
              `${share} % ${control} / ${100 - share} % ${other}.`,
            )
          }
        >
          Set split ({share} / {100 - share})
        </button>
        {test.status === 'running' && (
          <button
            type="button"
            className={`button button-outline ${styles.smallButton}`}
            disabled={change.isPending}
            onClick={() => send({ action: 'pause' }, 'Paused: visitors see the control and nothing is counted.')}
          >
            Pause
          </button>
        )}
        {test.status === 'paused' && (
          <button
            type="button"
            className={`button button-outline ${styles.smallButton}`}
            disabled={change.isPending}
            onClick={() => send({ action: 'resume' }, `Running again: ${splitText(test)}.`)}
          >
            Resume
          </button>
        )}
        {test.variants.map((v) => {
          // Only a significant winner's roll-out is the suggested (primary) action.
          const suggested = v === leader.variant && leader.significant;
          return (
            <button
              key={v}
              type="button"
              className={`button ${suggested ? '' : 'button-outline'} ${styles.smallButton}`}
              data-suggested={suggested}
              disabled={change.isPending || (test.status === 'rolled-out' && test.winner === v)}
              onClick={() => send({ action: 'roll-out', winner: v }, `Every new visitor gets ${variantLabel(v, test.copy[v])}.`)}
            >
              Roll out {v}
              {v === leader.variant ? (leader.significant ? ' (significant winner)' : ' (highest rate, not yet significant)') : ''}
            </button>
          );
        })}
      </div>
      {test.history.length > 0 && (
        <details>
          <summary>Changes ({test.history.length})</summary>
          <ol className={styles.steps}>
            {test.history.map((h) => (
              <li key={h.changedAt + h.status}>
                {formatDateTime(h.changedAt)} — {testState({ ...test, ...h, status: h.status as AbTestState['status'] }).text} by{' '}
                {h.changedBy}
              </li>
            ))}
          </ol>
        </details>
      )}
    </Panel>
  );
}

/**
 * Every test the site runs, with what the owner can do to it: set the split, pause, roll out a
 * variant. `leaders` are of each test's current phase.
 */
export function TestControls({ leaders }: { leaders: Record<string, Leader> }) {
  const tests = useAbTests();
  if (tests.isPending) return <LoadingView label="Loading the tests..." />;
  if (tests.isError) return <ErrorView message="Failed to load the tests" onRetry={() => void tests.refetch()} />;
  return (
    <>
      {tests.data.map((test) => (
        <TestControl
          key={test.testType}
          test={test}
          leader={leaders[test.testType] ?? { variant: null, significant: false }}
          reload={async () => (await tests.refetch()).data?.find((t) => t.testType === test.testType)}
        />
      ))}
    </>
  );
}
