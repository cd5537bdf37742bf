import { useEffect, useMemo, useRef } from 'react';
import { useOwner } from '@/lib/site-content';
import type { ChatMessage } from '../lib/history';
import { messageParts } from '../lib/message-links';
import styles from './chat.module.css';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The owner's own addresses a reply may link: their booking page, website and profiles. */
function useOwnedLinks(): ReadonlySet<string> {
  const profile = useOwner();
  return useMemo(
    () => new Set([profile.bookingUrl, profile.website, ...Object.values(profile.social)].filter((u): u is string => Boolean(u))),
    [profile],
  );
}

function MessageText({ content }: { content: string }) {
  const owned = useOwnedLinks();
  return (
    <p className={styles.messageText}>
      {messageParts(content, owned).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} {...(part.href.startsWith('https:') && { target: '_blank', rel: 'noopener noreferrer' })}>
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export function MessageList({ messages, thinking }: { messages: ChatMessage[]; thinking: boolean }) {
  const endRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, thinking]);

  if (messages.length === 0) {
    return (
      <p className={styles.empty}>Ask about services, experience, case studies or the free marketing audit, by voice or by typing below.</p>
    );
  }
  return (
    <ol className={styles.messages} aria-live="polite" data-testid="chat-messages">
      {messages.map((m) => (
        <li key={m.id} className={`${styles.message} ${m.role === 'user' ? styles.fromUser : styles.fromAssistant}`} data-role={m.role}>
          <div className={styles.messageMeta}>
            <span>{m.role === 'user' ? 'You' : 'Assistant'}</span>
            {m.isAudio && <span className={styles.voiceTag}>voice</span>}
            <time dateTime={m.timestamp.toISOString()}>{time.format(m.timestamp)}</time>
          </div>
          <MessageText content={m.content} />
        </li>
      ))}
      {thinking && (
        <li className={`${styles.message} ${styles.fromAssistant} ${styles.typing}`} aria-label="The assistant is thinking">
          <span />
          <span />
          <span />
        </li>
      )}
      <li ref={endRef} className={styles.anchor} aria-hidden="true" />
    </ol>
  );
}
