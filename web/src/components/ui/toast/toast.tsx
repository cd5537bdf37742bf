import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { dismissToast, type ToastRecord } from './toast-store';
import styles from './toast.module.css';

/** A rightward swipe of at least 50 px dismisses the toast. */
const SWIPE_DISMISS_THRESHOLD_PX = 50;
/** Smaller movements stay clicks, so the buttons inside the toast keep working. */
const SWIPE_START_PX = 5;

/** Closes the toast after its duration; time spent paused (hover, focus, swipe) does not count. */
function useAutoDismiss(toastId: string, durationMs: number, paused: boolean): void {
  const remainingMs = useRef(durationMs);
  useEffect(() => {
    if (paused || !Number.isFinite(durationMs)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(toastId), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [toastId, durationMs, paused]);
}

function useSwipeRight(onSwiped: () => void) {
  const startX = useRef<number | null>(null);
  const offsetRef = useRef(0);
  const [offsetPx, setOffsetPx] = useState(0);

  const setOffset = (px: number) => {
    offsetRef.current = px;
    setOffsetPx(px);
  };
  const finish = () => {
    if (offsetRef.current >= SWIPE_DISMISS_THRESHOLD_PX) onSwiped();
    startX.current = null;
    setOffset(0);
  };

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button === 0) startX.current = event.clientX;
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (startX.current === null) return;
      const dx = Math.max(0, event.clientX - startX.current);
      if (dx < SWIPE_START_PX && offsetRef.current === 0) return;
      // Capture only once a swipe has begun: capturing on pointerdown would retarget clicks.
      if (!event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.setPointerCapture(event.pointerId);
      }
      setOffset(dx);
    },
    onPointerUp: finish,
    onPointerCancel: () => {
      offsetRef.current = 0;
      finish();
    },
  };
  return { offsetPx, handlers };
}

export function Toast({ toast }: { toast: ToastRecord }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const dismiss = () => dismissToast(toast.id);
  const { offsetPx, handlers } = useSwipeRight(dismiss);
  const swiping = offsetPx > 0;
  useAutoDismiss(toast.id, toast.duration, hovered || focused || swiping);

  return (
    <li
      data-testid="toast"
      data-variant={toast.variant}
      data-swiping={swiping || undefined}
      // Errors interrupt; other toasts are announced politely by the list's live region.
      role={toast.variant === 'destructive' ? 'alert' : undefined}
      className={styles.toast}
      style={
        swiping
          ? {
              transform: `translateX(${offsetPx}px)`,
              opacity: Math.max(0.3, 1 - offsetPx / (SWIPE_DISMISS_THRESHOLD_PX * 4)),
            }
          : undefined
      }
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      {...handlers}
    >
      <div className={styles.text}>
        {toast.title && <p className={styles.title}>{toast.title}</p>}
        {toast.description && <p className={styles.description}>{toast.description}</p>}
      </div>
      {toast.action && (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            toast.action?.onClick();
            dismiss();
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.close} aria-label="Close" onClick={dismiss}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
