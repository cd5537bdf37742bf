import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

interface FieldFrameProps {
  label: ReactNode;
  required?: boolean;
  error?: string | null;
  hint?: ReactNode;
  children: (ids: { inputId: string; describedBy: string | undefined }) => ReactNode;
}

/** A labelled field with its hint and error, wired up for screen readers. */
function FieldFrame({ label, required, error, hint, children }: FieldFrameProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ inputId, describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: ReactNode; error?: string | null; hint?: ReactNode };

export function TextField({ label, error, hint, required, ...input }: InputProps) {
  return (
    <FieldFrame label={label} required={required} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          className={styles.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, required, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} required={required} error={error} hint={hint}>
      {({ inputId, describedBy }) => (
        <textarea
          id={inputId}
          className={`${styles.input} ${styles.textarea}`}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & { label: ReactNode; error?: string | null };

export function CheckboxField({ label, error, ...input }: CheckboxProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.checkbox}>
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
