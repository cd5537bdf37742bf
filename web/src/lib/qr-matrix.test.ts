// The QR code the page server encodes is the one the page draws, module for module.
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeQr } from '../qr-encode';
import { qrPath } from './qr-matrix';

describe('the contact QR code', () => {
  it('draws every dark module of the encoded text and nothing else', () => {
    const text = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Jane Porter\r\nTEL;TYPE=CELL:+1 571 555 0199\r\nEND:VCARD';
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const matrix = encodeQr(text);
    expect(matrix.size).toBe(modules.size);
    const drawn = new Set<string>();
    for (const [, x, y, run] of qrPath(matrix).matchAll(/M(\d+) (\d+)h(\d+)/g)) {
      for (let i = 0; i < Number(run); i++) drawn.add(`${Number(x) - 1 + i},${Number(y) - 1}`);
    }
    const dark = new Set<string>();
    for (let y = 0; y < modules.size; y++) for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) dark.add(`${x},${y}`);
    expect(drawn).toEqual(dark);
    expect(matrix.bits.length).toBeLessThan(700);
  });
});
