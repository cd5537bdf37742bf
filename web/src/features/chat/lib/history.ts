// What the page sends to /api/chat: the latest turns within the server's limits.
import { CHAT_LIMITS, type ChatTurn } from '@curb/contracts/assistant';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: Date;
  isAudio: boolean;
}

/** The last turns that fit, starting with a user turn, each cut to the length limit. */
export function historyForRequest(messages: readonly ChatMessage[]): ChatTurn[] {
  const turns = messages
    .filter((m) => m.content.trim())
    .slice(-CHAT_LIMITS.maxMessages)
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_LIMITS.maxMessageChars) }));
  while (turns.length > 1 && turns[0]?.role !== 'user') turns.shift();
  return turns;
}
