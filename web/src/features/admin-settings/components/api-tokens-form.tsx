import { useState } from 'react';
import { API_TOKEN_NAME_MAX } from '@curb/contracts/stats';
import { TextField } from '@/components/ui/form/field';
import { formatDate } from '@/components/admin/format';
import { serverProblem, type FieldProblem } from '@/lib/server-message';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/stats-access';
import { EditableList } from './editable-list';
import own from './stats-access.module.css';

/** Tokens that let a tool read POST /api/stats (and nothing else); a new token is shown once. */
/** The form's one field, as the server names it in a refusal. */
const NAMES = ['name'];

export function ApiTokensForm() {
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  const submit = () => {
    setProblem(null);
    create.mutate(name.trim(), {
      onSuccess: (token) => {
        setCreated({ name: token.name, token: token.token });
        setName('');
      },
      onError: (error) => setProblem(serverProblem(error, 'The token could not be created.')),
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
        names: NAMES,
        fields: (errorAt) => (
          <TextField
            label="Token name"
            name="name"
            error={errorAt('name')}
            value={name}
            maxLength={API_TOKEN_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
          />
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
