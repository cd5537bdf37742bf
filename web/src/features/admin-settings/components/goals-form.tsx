import { useState, type FormEvent } from 'react';
import { CONVERSION_GOALS, GOAL_MATCH_MAX, GOAL_NAME_MAX, type GoalKind } from '@curb/contracts/stats';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/labelled-field.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { serverMessage } from '@/lib/server-message';
import { useGoals, useRemoveGoal, useSaveGoal } from '../api/stats-access';
import own from './stats-access.module.css';

const TITLE = 'Goals';

/** The owner's own goals for the Traffic page: an event by name, or a page path with * wildcards. */
export function GoalsForm() {
  const goals = useGoals();
  const save = useSaveGoal();
  const remove = useRemoveGoal();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<GoalKind>('page');
  const [match, setMatch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
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

  if (goals.isPending)
    return (
      <Panel title={TITLE}>
        <LoadingView />
      </Panel>
    );
  if (goals.isError)
    return (
      <Panel title={TITLE}>
        <ErrorView message="Failed to fetch the goals" onRetry={() => void goals.refetch()} />
      </Panel>
    );
  return (
    <Panel title={TITLE}>
      <p className={styles.muted}>
        Every site counts {Object.values(CONVERSION_GOALS).join(', ')}. Add your own: an event the site sends, or a page (with * for any
        characters, as in /blog/*). Each shows in the Traffic page's Goals with its conversion rate.
      </p>
      {goals.data.length > 0 && (
        <ul className={own.list} aria-label="Your goals">
          {goals.data.map((goal) => (
            <li key={goal.id} className={own.item}>
              <span>
                <strong>{goal.name}</strong> — {goal.kind === 'page' ? `visits ${goal.match}` : `event ${goal.match}`}
              </span>
              <button
                type="button"
                className={`button button-outline ${styles.smallButton}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(goal.id)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={formStyles.form} aria-label="Add a goal">
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
        {problem && (
          <p role="alert" className={formStyles.problem}>
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={!name.trim() || !match.trim() || save.isPending}>
            {save.isPending ? 'Saving...' : 'Add goal'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
