// A QR code as the page carries it: its modules as a bit string (base64, row by row), drawn
// here as one SVG path. The server encodes it (src/qr-encode.ts) so the browser needs no QR
// library: a visitor's first script stays smaller.

export interface QrMatrix {
  /** Modules per side. */
  size: number;
  /** The dark modules, one bit each, row by row, most significant bit first, as base64. */
  bits: string;
}

/** The dark modules as an SVG path in module units, with a one-module margin. */
export function qrPath({ size, bits }: QrMatrix): string {
  const bytes = Uint8Array.from(atob(bits), (c) => c.charCodeAt(0));
  const dark = (x: number, y: number) => {
    const i = y * size + x;
    return ((bytes[i >> 3]! >> (7 - (i & 7))) & 1) === 1;
  };
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    // Runs of dark modules in a row become one rectangle each.
    for (let x = 0; x < size; x++) {
      if (!dark(x, y)) continue;
      let run = 1;
      while (x + run < size && dark(x + run, y)) run++;
      parts.push(`M${x + 1} ${y + 1}h${run}v1h-${run}z`);
      x += run;
    }
  }
  return parts.join('');
}
