import { useState } from 'react';
import { API_TOKEN_NAME_MAX } from '@curb/contracts/stats';
import formStyles from '@/components/admin/labelled-field.module.css';
import { formatDate } from '@/components/admin/format';
import { serverMessage } from '@/lib/server-message';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/stats-access';
import { EditableList } from './editable-list';
import own from './stats-access.module.css';

/** Tokens that let a tool read POST /api/stats (and nothing else); a new token is shown once. */
export function ApiTokensForm() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated({ name: token.name, token: token.token });
        setName('');
      },
      onError: (error) => setProblem(serverMessage(error) ?? 'The token could not be created.'),
    });
  };

  return (
    <EditableList
      title="Stats API Tokens"
      list={tokens}
      fetchError="Failed to fetch the API tokens"
      intro={
        'A token lets a tool that speaks Plausible\'s Stats API read your traffic (POST /api/stats with "Authorization: Bearer token"). ' +
        'It reads the figures and nothing else.'
      }
      before={
        created && (
          <div role="status">
            <p>
              Your new token <strong>{created.name}</strong>. Copy it now: it is not shown again.
            </p>
            <code className={own.secret}>{created.token}</code>
          </div>
        )
      }
      items={(tokens.data ?? []).filter((t) => !t.revokedAt)}
      listLabel="Your API tokens"
      describe={(token) => (
        <>
          <strong>{token.name}</strong> ({token.prefix}…), created {formatDate(token.createdAt)},{' '}
          {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : 'never used'}
        </>
      )}
      action={{ label: 'Revoke', busy: revoke.isPending, run: (token) => revoke.mutate(token.id) }}
      add={{
        label: 'Create an API token',
        fields: (
          <div className={formStyles.field}>
            <label htmlFor="api-token-name">Token name</label>
            <input id="api-token-name" value={name} maxLength={API_TOKEN_NAME_MAX} onChange={(e) => setName(e.target.value)} />
          </div>
        ),
        problem,
        ready: Boolean(name.trim()),
        busy: create.isPending,
        submitLabel: 'Create token',
        busyLabel: 'Creating...',
        onSubmit: submit,
      }}
    />
  );
}
