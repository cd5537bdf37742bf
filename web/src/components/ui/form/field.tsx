// The one way a form field is drawn, on the site and in the admin: label, control, hint and
// error, with the control pointing at its hint and error (aria-describedby, aria-invalid). The
// wrapper carries the field's name (data-field), so a refusal the server names can be shown
// and focused where the person typed it (focusField).
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './field.module.css';

/** What every field takes beside its control's own attributes. */
interface FieldText {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** The name the server uses for this field when it is not the control's `name` (`config.popup.delaySeconds`). */
  field?: string;
  /** A denser control under a small label, for a bar of one or a few controls (a period, a chat box). */
  compact?: boolean;
  /** The label is read out but not shown: the bar around the control already says what it is for. */
  hideLabel?: boolean;
}

/** The attributes the control of a field gets from its frame. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FieldProps extends FieldText {
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled control of any kind (a colour, a select of the caller's): the frame the fields below share. */
export function Field({ label, required, error, hint, field, compact, hideLabel, children }: FieldProps) {
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, compact && styles.compact].filter(Boolean).join(' ')} data-field={field}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id: inputId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
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

/** The field family's look for a control a caller draws inside `Field` (a box with its button beside it). */
export const FIELD_CONTROL_CLASS = { input: styles.input, textarea: `${styles.input} ${styles.textarea}` } as const;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & FieldText;

/** The frame's own props, taken off a control's attributes. */
const frameOf = ({ label, error, hint, compact, hideLabel }: FieldText) => ({ label, error, hint, compact, hideLabel });

export function TextField({ label, error, hint, field, required, compact, hideLabel, ...input }: InputProps) {
  return (
    <Field {...frameOf({ label, error, hint, compact, hideLabel })} required={required} field={field ?? input.name}>
      {(control) => <input className={styles.input} required={required} {...control} {...input} />}
    </Field>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & FieldText;

export function TextAreaField({ label, error, hint, field, required, compact, hideLabel, ...textarea }: TextAreaProps) {
  return (
    <Field {...frameOf({ label, error, hint, compact, hideLabel })} required={required} field={field ?? textarea.name}>
      {(control) => <textarea className={`${styles.input} ${styles.textarea}`} required={required} {...control} {...textarea} />}
    </Field>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & FieldText;

export function SelectField({ label, error, hint, field, required, compact, hideLabel, children, ...select }: SelectProps) {
  return (
    <Field {...frameOf({ label, error, hint, compact, hideLabel })} required={required} field={field ?? select.name}>
      {(control) => (
        <select className={styles.input} required={required} {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type ColourProps = Omit<InputProps, 'label' | 'onChange' | 'value' | 'type'> & {
  label: string;
  value: string;
  onChange: (colour: string) => void;
};

/** A colour as its hex code: the box is the field's control (typed, refused at), the picker beside it fills it in. */
export function ColourField({ label, error, hint, field, required, compact, hideLabel, value, onChange, ...input }: ColourProps) {
  return (
    <Field {...frameOf({ label, error, hint, compact, hideLabel })} required={required} field={field ?? input.name}>
      {(control) => (
        <div className={styles.colourRow}>
          <input
            type="color"
            className={styles.colourPicker}
            aria-label={`Pick the ${label.toLowerCase()}`}
            value={HEX_COLOUR.test(value) ? value : '#000000'}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            className={styles.input}
            required={required}
            {...control}
            {...input}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  );
}

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & Omit<FieldText, 'hint' | 'compact' | 'hideLabel'>;

export function CheckboxField({ label, error, field, ...input }: CheckboxProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.checkbox} data-field={field ?? input.name}>
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
