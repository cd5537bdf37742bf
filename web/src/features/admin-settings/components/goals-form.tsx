import { useState } from 'react';
import { CONVERSION_GOALS, GOAL_MATCH_MAX, GOAL_NAME_MAX, type GoalKind } from '@curb/contracts/stats';
import formStyles from '@/components/admin/labelled-field.module.css';
import { serverMessage } from '@/lib/server-message';
import { useGoals, useRemoveGoal, useSaveGoal } from '../api/stats-access';
import { EditableList } from './editable-list';
import own from './stats-access.module.css';

/** The owner's own goals for the Traffic page: an event by name, or a page path with * wildcards. */
export function GoalsForm() {
  const goals = useGoals();
  const save = useSaveGoal();
  const remove = useRemoveGoal();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GoalKind>('page');
  const [match, setMatch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    save.mutate(
      { goal: { name: name.trim(), kind, match: match.trim() } },
      {
        onSuccess: () => {
          setName('');
          setMatch('');
        },
        onError: (error) => setProblem(serverMessage(error) ?? 'The goal could not be saved.'),
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
        fields: (
          <div className={own.row}>
            <div className={formStyles.field}>
              <label htmlFor="goal-name">Goal name</label>
              <input id="goal-name" value={name} maxLength={GOAL_NAME_MAX} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className={formStyles.field}>
              <label htmlFor="goal-kind">Kind</label>
              <select id="goal-kind" value={kind} onChange={(e) => setKind(e.target.value as GoalKind)}>
                <option value="page">Page visit</option>
                <option value="event">Event</option>
              </select>
            </div>
            <div className={formStyles.field}>
              <label htmlFor="goal-match">{kind === 'page' ? 'Page path' : 'Event name'}</label>
              <input id="goal-match" value={match} maxLength={GOAL_MATCH_MAX} onChange={(e) => setMatch(e.target.value)} />
            </div>
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
