// Both chat pages: the avatar pane (badges, 'Wake Up & Listen') beside the conversation.
// Each page brings its own avatar; everything else is the same conversation.
import type { ReactNode } from 'react';
import { useVoiceCapabilities } from '../api/chat-api';
import { useConversation, type Conversation, type MicrophoneErrorToast } from '../hooks/use-conversation';
import { ChatInput } from './chat-input';
import { MessageList } from './message-list';
import styles from './chat.module.css';

function statusText(c: Conversation): string {
  if (c.transcribing) return 'Transcribing...';
  if (c.thinking) return 'Thinking...';
  if (c.speaking) return 'Speaking...';
  if (c.mode === 'text') return 'Text mode: type your message below.';
  if (c.mode === 'voice' && c.listening) return 'Listening...';
  if (c.mode === 'voice' && c.micActive) return c.voiceEngine === 'recorder' ? 'Recording for 4 seconds...' : 'Go ahead, I am listening.';
  if (c.mode === 'voice') return 'One moment...';
  return 'Press Wake Up & Listen and speak, or type below.';
}

export interface ChatExperienceProps {
  title: string;
  intro: string;
  avatar: (conversation: Conversation) => ReactNode;
  microphoneError?: MicrophoneErrorToast;
}

export function ChatExperience({ title, intro, avatar, microphoneError }: ChatExperienceProps) {
  const capabilities = useVoiceCapabilities();
  const conversation = useConversation(capabilities.data, microphoneError);
  const { mode, listening, speaking, thinking } = conversation;

  return (
    <section className={`container ${styles.page}`} data-testid="chat-page" data-mode={mode}>
      <header className={styles.header}>
        <h1>{title}</h1>
        <p>{intro}</p>
      </header>
      <div className={styles.layout}>
        <section className={styles.avatarPane} aria-label="Assistant">
          <div className={styles.avatarStage}>{avatar(conversation)}</div>
          <div className={styles.badges} aria-live="polite">
            {listening && <span className={`${styles.badge} ${styles.badgeListening}`}>Listening</span>}
            {speaking && <span className={`${styles.badge} ${styles.badgeSpeaking}`}>Speaking</span>}
            {thinking && <span className={`${styles.badge} ${styles.badgeThinking}`}>Thinking</span>}
          </div>
          {mode === 'voice' ? (
            <button type="button" className="button button-outline" onClick={conversation.sleep}>
              Stop Listening
            </button>
          ) : (
            <button type="button" className="button" onClick={() => void conversation.wake()} disabled={capabilities.isPending}>
              Wake Up &amp; Listen
            </button>
          )}
          <p className={styles.status} role="status">
            {statusText(conversation)}
          </p>
        </section>
        <section className={styles.conversation} aria-label="Conversation">
          <MessageList messages={conversation.messages} thinking={thinking} />
          <ChatInput onSend={conversation.sendText} disabled={thinking} refusal={conversation.refusal} />
        </section>
      </div>
    </section>
  );
}
