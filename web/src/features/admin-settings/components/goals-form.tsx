import { useState } from 'react';
import { CONVERSION_GOALS, GOAL_MATCH_MAX, GOAL_NAME_MAX, type GoalKind } from '@curb/contracts/stats';
import { SelectField, TextField } from '@/components/ui/form/field';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { useGoals, useRemoveGoal, useSaveGoal } from '../api/stats-access';
import { EditableList } from './editable-list';
import own from './stats-access.module.css';

/** The form's fields, as the server names them in a refusal. */
const NAMES = ['name', 'match'];

/** The owner's own goals for the Traffic page: an event by name, or a page path with * wildcards. */
export function GoalsForm() {
  const goals = useGoals();
  const save = useSaveGoal();
  const remove = useRemoveGoal();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GoalKind>('page');
  const [match, setMatch] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  const submit = () => {
    setProblem(null);
    save.mutate(
      { goal: { name: name.trim(), kind, match: match.trim() } },
      {
        onSuccess: () => {
          setName('');
          setMatch('');
        },
        onError: (error) => setProblem(serverProblem(error, 'The goal could not be saved.')),
      },
    );
  };

  return (
    <EditableList
      title="Goals"
      list={goals}
      fetchError="Failed to fetch the goals"
      intro={
        `Every site counts ${Object.values(CONVERSION_GOALS).join(', ')}. Add your own: an event the site sends, or a page (with * for ` +
        "any characters, as in /blog/*). Each shows in the Traffic page's Goals with its conversion rate."
      }
      items={goals.data ?? []}
      listLabel="Your goals"
      describe={(goal) => (
        <>
          <strong>{goal.name}</strong> — {goal.kind === 'page' ? `visits ${goal.match}` : `event ${goal.match}`}
        </>
      )}
      action={{ label: 'Remove', busy: remove.isPending, run: (goal) => remove.mutate(goal.id) }}
      add={{
        label: 'Add a goal',
        names: NAMES,
        fields: (errorAt) => (
          <div className={own.row}>
            <TextField
              label="Goal name"
              name="name"
              error={errorAt('name')}
              value={name}
              maxLength={GOAL_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
            />
            <SelectField label="Kind" name="kind" value={kind} onChange={(e) => setKind(e.target.value as GoalKind)}>
              <option value="page">Page visit</option>
              <option value="event">Event</option>
            </SelectField>
            <TextField
              label={kind === 'page' ? 'Page path' : 'Event name'}
              name="match"
              error={errorAt('match')}
              value={match}
              maxLength={GOAL_MATCH_MAX}
              onChange={(e) => setMatch(e.target.value)}
            />
          </div>
        ),
        problem,
        ready: Boolean(name.trim() && match.trim()),
        busy: save.isPending,
        submitLabel: 'Add goal',
        busyLabel: 'Saving...',
        onSubmit: submit,
      }}
    />
  );
}
