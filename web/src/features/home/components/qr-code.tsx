import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path: rendered with the page (server and browser alike), so it
 * needs no image request and follows the owner's profile as soon as the page does.
 */
/** `label` names the code for screen readers; without one it is decoration next to its own text. */
export function QrCode({ text, size, label, className }: { text: string; size: number; label?: string; className?: string }) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let y = 0; y < modules.size; y++) {
      // Runs of dark modules in a row become one rectangle each.
      for (let x = 0; x < modules.size; x++) {
        if (!modules.get(y, x)) continue;
        let run = 1;
        while (x + run < modules.size && modules.get(y, x + run)) run++;
        parts.push(`M${x + 1} ${y + 1}h${run}v1h-${run}z`);
        x += run;
      }
    }
    return { path: parts.join(''), count: modules.size + 2 };
  }, [text]);
  return (
    <svg
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-testid="contact-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
