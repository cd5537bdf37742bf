import { useMemo } from 'react';
import { qrPath, type QrMatrix } from '@/lib/qr-matrix';

/**
 * A QR code drawn as one SVG path, from the matrix the page came with: rendered with the page
 * (server and browser alike), so it needs no image request. `label` names it for screen
 * readers; without one it is decoration next to its own text.
 */
export function QrCode({ matrix, size, label, className }: { matrix: QrMatrix; size: number; label?: string; className?: string }) {
  const path = useMemo(() => qrPath(matrix), [matrix]);
  const count = matrix.size + 2;
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
