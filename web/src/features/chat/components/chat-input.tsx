import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_LIMITS } from '@curb/contracts/assistant';
import { FIELD_CONTROL_CLASS, Field } from '@/components/ui/form/field';
import styles from './chat.module.css';

/**
 * Text mode: always available, the only way in when the microphone is not. `refusal` is what the
 * assistant's server said of the last message sent (too long, too many): shown at the box.
 */
export function ChatInput({ onSend, disabled, refusal }: { onSend: (text: string) => void; disabled: boolean; refusal?: string | null }) {
  const [text, setText] = useState('');
  const blank = !text.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || blank) return; // a blank message would cost a reply that answers nothing
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };

  return (
    <form onSubmit={submit} aria-label="Send a message">
      {/* The box and its button are one control to the field: a refusal shows under both. */}
      <Field label="Your message" hideLabel error={refusal} field="message">
        {(control) => (
          <div className={styles.inputRow}>
            <textarea
              {...control}
              name="message"
              className={`${FIELD_CONTROL_CLASS.textarea} ${styles.input}`}
              rows={2}
              maxLength={CHAT_LIMITS.maxMessageChars}
              placeholder="Type your message..."
              value={text}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <button type="submit" className="button" disabled={disabled || blank}>
              Send
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
