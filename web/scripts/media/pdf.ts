// A minimal PDF 1.4 writer for the magazine: pages of filled rectangles and Helvetica text
// (a standard font every reader has, so nothing is embedded), content streams deflated.
import { deflateSync } from 'node:zlib';
import { textWidth, type Page } from './draw.ts';

// WinAnsiEncoding codes for the typographic characters the content uses.
const WIN_ANSI: Record<string, string> = {
  '‘': '\\221',
  '’': '\\222',
  '“': '\\223',
  '”': '\\224',
  '–': '\\226',
  '—': '\\227',
  '•': '\\225',
  '…': '\\205',
  é: '\\351',
  '·': '\\267',
  '©': '\\251',
  '→': '->',
};

function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (WIN_ANSI[ch]) out += WIN_ANSI[ch];
    else if (ch.charCodeAt(0) < 128) out += ch;
    else out += '?';
  }
  return `(${out})`;
}

function rgb(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => (c / 255).toFixed(3)).join(' ');
}

function contentStream(page: Page): string {
  const parts: string[] = [];
  for (const op of page.ops) {
    if (op.kind === 'rect') {
      parts.push(`${rgb(op.fill)} rg ${op.x} ${page.height - op.y - op.h} ${op.w} ${op.h} re f`);
    } else {
      const font = op.bold ? '/F2' : '/F1';
      // PDF has no text anchor: shift by the estimated width instead.
      const width = op.anchor && op.anchor !== 'start' ? textWidth(op.text, op.size, op.bold) : 0;
      const x = op.anchor === 'middle' ? op.x - width / 2 : op.anchor === 'end' ? op.x - width : op.x;
      parts.push(
        `BT ${font} ${op.size} Tf ${rgb(op.color)} rg ${x.toFixed(2)} ${(page.height - op.y).toFixed(2)} Td ${pdfString(op.text)} Tj ET`,
      );
    }
  }
  return parts.join('\n');
}

/** The PDF file of `pages`, titled `title`. */
export function writePdf(pages: Page[], title: string): Buffer {
  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  // 1: catalog, 2: pages, 3-4: fonts, 5: info; pages follow.
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // pages tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  add(`<< /Title ${pdfString(title)} /Producer (Curb Appeal media script) >>`);
  const kids: number[] = [];
  for (const page of pages) {
    const stream = deflateSync(Buffer.from(contentStream(page), 'latin1'));
    const contentId = add(
      Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    );
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1');

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  chunks.push(
    Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'),
  );
  return Buffer.concat(chunks);
}
