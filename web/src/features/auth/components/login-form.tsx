import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form/field';
import { serverMessage } from '@/lib/server-message';
import { useLogin } from '../api/login';
import styles from './login-form.module.css';

/** /admin for a signed-out visitor: the admin signs in here and stays on the page they asked for. */
export function LoginForm() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  };

  return (
    <section className={styles.panel} aria-labelledby="admin-login-title">
      <h1 id="admin-login-title" className={styles.title}>
        Admin Sign In
      </h1>
      <p className={styles.lead}>Sign in to manage audits, funnels and analytics.</p>
      <form onSubmit={submit} className={styles.form} noValidate={false}>
        <TextField
          label="E-mail"
          type="email"
          name="email"
          autoComplete="username"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          maxLength={256}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {login.isError && (
          <p role="alert" className={styles.error}>
            {serverMessage(login.error) ?? 'Sign-in failed. Please try again.'}
          </p>
        )}
        <button type="submit" className="button" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </section>
  );
}
