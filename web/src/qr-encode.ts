// Encodes a QR code for the page (server only: the browser reads the result, lib/qr-matrix.ts).
import QRCode from 'qrcode';
import type { QrMatrix } from './lib/qr-matrix';

export function encodeQr(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const bytes = new Uint8Array(Math.ceil((modules.size * modules.size) / 8));
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      const i = y * modules.size + x;
      if (modules.get(y, x)) bytes[i >> 3]! |= 1 << (7 - (i & 7));
    }
  }
  return { size: modules.size, bits: Buffer.from(bytes).toString('base64') };
}
