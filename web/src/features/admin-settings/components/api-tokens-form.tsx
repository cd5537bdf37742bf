import { useState, type FormEvent } from 'react';
import { API_TOKEN_NAME_MAX } from '@curb/contracts/stats';
import { Panel } from '@/components/admin/admin-page';
import styles from '@/components/admin/admin-ui.module.css';
import formStyles from '@/components/admin/labelled-field.module.css';
import { ErrorView, LoadingView } from '@/components/admin/error-view';
import { formatDate } from '@/components/admin/format';
import { serverMessage } from '@/lib/server-message';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/stats-access';
import own from './stats-access.module.css';

const TITLE = 'Stats API Tokens';

/** Tokens that let a tool read POST /api/stats (and nothing else); a new token is shown once. */
export function ApiTokensForm() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated({ name: token.name, token: token.token });
        setName('');
      },
      onError: (error) => setProblem(serverMessage(error) ?? 'The token could not be created.'),
    });
  };

  if (tokens.isPending)
    return (
      <Panel title={TITLE}>
        <LoadingView />
      </Panel>
    );
  if (tokens.isError)
    return (
      <Panel title={TITLE}>
        <ErrorView message="Failed to fetch the API tokens" onRetry={() => void tokens.refetch()} />
      </Panel>
    );
  const active = tokens.data.filter((t) => !t.revokedAt);
  return (
    <Panel title={TITLE}>
      <p className={styles.muted}>
        A token lets a tool that speaks Plausible's Stats API read your traffic (POST /api/stats with "Authorization: Bearer token"). It
        reads the figures and nothing else.
      </p>
      {created && (
        <div role="status">
          <p>
            Your new token <strong>{created.name}</strong>. Copy it now: it is not shown again.
          </p>
          <code className={own.secret}>{created.token}</code>
        </div>
      )}
      {active.length > 0 && (
        <ul className={own.list} aria-label="Your API tokens">
          {active.map((token) => (
            <li key={token.id} className={own.item}>
              <span>
                <strong>{token.name}</strong> ({token.prefix}…), created {formatDate(token.createdAt)},{' '}
                {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : 'never used'}
              </span>
              <button
                type="button"
                className={`button button-outline ${styles.smallButton}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(token.id)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className={formStyles.form} aria-label="Create an API token">
        <div className={formStyles.field}>
          <label htmlFor="api-token-name">Token name</label>
          <input id="api-token-name" value={name} maxLength={API_TOKEN_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </div>
        {problem && (
          <p role="alert" className={formStyles.problem}>
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={!name.trim() || create.isPending}>
            {create.isPending ? 'Creating...' : 'Create token'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
