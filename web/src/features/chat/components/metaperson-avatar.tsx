// /metaperson-chat's avatar: the third-party avatar creator in a frame when the server has
// its credentials (authenticated with a short-lived token from our API), the pulsing icon
// when it is not configured, cannot load, or refuses the authentication.
import { useEffect, useRef, useState } from 'react';
import { METAPERSON_FRAME_URL, METAPERSON_ORIGIN } from '@curb/contracts/assistant';
import { getMetapersonToken } from '../api/chat-api';
import { PulsingIcon } from './pulsing-icon';
import styles from './chat.module.css';

/** Without the creator's "loaded" message by then, the frame is given up. */
const LOAD_TIMEOUT_MS = 20_000;

interface CreatorMessage {
  source?: unknown;
  eventName?: unknown;
  isAuthenticated?: unknown;
}

export function MetapersonAvatar({ enabled, speaking }: { enabled: boolean; speaking: boolean }) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!enabled || failed) return;
    let loaded = false;
    const post = (message: object) => frameRef.current?.contentWindow?.postMessage(message, METAPERSON_ORIGIN);
    const onMessage = async (event: MessageEvent<CreatorMessage>) => {
      if (event.origin !== METAPERSON_ORIGIN || event.source !== frameRef.current?.contentWindow) return;
      if (event.data?.source !== 'metaperson_creator') return;
      if (event.data.eventName === 'metaperson_creator_loaded') {
        loaded = true;
        try {
          post({ eventName: 'authenticate', accessToken: await getMetapersonToken() });
          post({ eventName: 'set_ui_parameters', isExportButtonVisible: false, isLoginButtonVisible: false });
        } catch (err) {
          console.warn('Avatar creator token unavailable', err);
          setFailed(true);
        }
      } else if (event.data.eventName === 'authentication_status' && event.data.isAuthenticated !== true) {
        setFailed(true);
      }
    };
    const onMessageEvent = (event: MessageEvent<CreatorMessage>) => void onMessage(event);
    window.addEventListener('message', onMessageEvent);
    const timer = setTimeout(() => !loaded && setFailed(true), LOAD_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', onMessageEvent);
      clearTimeout(timer);
    };
  }, [enabled, failed]);

  if (!enabled || failed) return <PulsingIcon active={speaking} />;
  return (
    <iframe
      ref={frameRef}
      className={styles.frame}
      src={METAPERSON_FRAME_URL}
      title="Avatar creator"
      allow="camera; fullscreen"
      data-testid="metaperson-frame"
    />
  );
}
