// The way to the assistant from every public page: a round button at the bottom corner that
// opens /chat by client-side navigation. It stays out of the way on the chat pages themselves.
import { Link, useLocation } from '@tanstack/react-router';
import styles from './chat-launcher.module.css';

const CHAT_PAGES = new Set(['/chat', '/metaperson-chat']);

export function ChatLauncher() {
  const pathname = useLocation({ select: (location) => location.pathname });
  if (CHAT_PAGES.has(pathname)) return null;
  return (
    <Link to="/chat" className={styles.launcher} data-testid="chat-launcher">
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      <span className={styles.label}>Ask the assistant</span>
    </Link>
  );
}
