import { useState } from 'react';
import {
  type FunnelStep,
  OWNER_FUNNEL_MAX_STEPS,
  OWNER_FUNNEL_MIN_STEPS,
  OWNER_FUNNEL_NAME_MAX,
  type OwnerFunnel,
} from '@curb/contracts/traffic-attribution';
import { SelectField, TextField } from '@/components/ui/form/field';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './funnels.module.css';
import { FunnelProblem, useSaveFunnel } from './use-funnels';

const EMPTY: FunnelStep[] = [
  { kind: 'page', value: '/' },
  { kind: 'event', value: 'lead' },
];

/** Creates or edits a funnel: a name and 2 to 8 steps, each a page path (with *) or an event name. */
export function FunnelEditor({
  funnel,
  onClose,
  onSaved,
}: {
  funnel?: OwnerFunnel;
  onClose: () => void;
  onSaved: (f: OwnerFunnel) => void;
}) {
  const [name, setName] = useState(funnel?.name ?? '');
  const [steps, setSteps] = useState<FunnelStep[]>(funnel?.steps ?? EMPTY);
  const [problem, setProblem] = useState<{ message: string; field?: string } | null>(null);
  const save = useSaveFunnel();
  const setStep = (i: number, patch: Partial<FunnelStep>) => setSteps((all) => all.map((s, n) => (n === i ? { ...s, ...patch } : s)));
  const submit = () => {
    setProblem(null);
    save.mutate(
      { id: funnel?.id, funnel: { name, steps } },
      {
        onSuccess: onSaved,
        onError: (err) => setProblem({ message: err.message, field: err instanceof FunnelProblem ? err.field : undefined }),
      },
    );
  };
  const stepProblem = (i: number) => (problem?.field === `steps.${i}` ? problem.message : null);
  const otherProblem = problem && problem.field !== 'name' && !problem.field?.startsWith('steps.') ? problem.message : null;
  return (
    <Dialog
      open
      title={funnel ? `Edit funnel: ${funnel.name}` : 'New funnel'}
      onClose={onClose}
      testId="funnel-editor"
      footer={
        <>
          <button type="button" className="button button-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="button" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save funnel'}
          </button>
        </>
      }
    >
      <TextField
        label="Name"
        value={name}
        maxLength={OWNER_FUNNEL_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        error={problem?.field === 'name' ? problem.message : null}
        required
      />
      <p>
        Steps, in order ({OWNER_FUNNEL_MIN_STEPS} to {OWNER_FUNNEL_MAX_STEPS}): a page path, where * stands for any characters (/blog/*), or
        an event name (lead, form_submit, consultation_booked).
      </p>
      <ol aria-label="Funnel steps">
        {steps.map((step, i) => (
          <li key={i} className={styles.editorStep}>
            <SelectField
              hideLabel
              label={`Step ${i + 1} kind`}
              value={step.kind}
              onChange={(e) => setStep(i, { kind: e.target.value as FunnelStep['kind'] })}
            >
              <option value="page">Page</option>
              <option value="event">Event</option>
            </SelectField>
            <TextField
              hideLabel
              label={`Step ${i + 1} ${step.kind === 'page' ? 'page path' : 'event name'}`}
              field={`steps.${i}`}
              value={step.value}
              maxLength={300}
              error={stepProblem(i)}
              onChange={(e) => setStep(i, { value: e.target.value })}
            />
            <button
              type="button"
              className="button button-outline"
              aria-label={`Remove step ${i + 1}`}
              disabled={steps.length <= OWNER_FUNNEL_MIN_STEPS}
              onClick={() => setSteps((all) => all.filter((_, n) => n !== i))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-outline"
        disabled={steps.length >= OWNER_FUNNEL_MAX_STEPS}
        onClick={() => setSteps((all) => [...all, { kind: 'page', value: '' }])}
      >
        Add a step
      </button>
      {otherProblem && (
        <p role="alert" className={styles.stepError}>
          {otherProblem}
        </p>
      )}
    </Dialog>
  );
}
