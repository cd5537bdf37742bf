// SVG back end of the drawing model, and the site's other illustrations.
import type { Page } from './draw.ts';

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);
}

const FONT = 'Helvetica, Arial, sans-serif';

/** A magazine page as an SVG image. */
export function pageSvg(page: Page, title: string): string {
  const body = page.ops
    .map((op) =>
      op.kind === 'rect'
        ? `<rect x="${op.x}" y="${op.y}" width="${op.w}" height="${op.h}" fill="${op.fill}"/>`
        : `<text x="${op.x.toFixed(1)}" y="${op.y.toFixed(1)}" font-size="${op.size}"${op.bold ? ' font-weight="700"' : ''} ` +
          `fill="${op.color}"${op.anchor && op.anchor !== 'start' ? ` text-anchor="${op.anchor}"` : ''}>${escapeXml(op.text)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${page.width} ${page.height}" width="${page.width}" ` +
    `height="${page.height}" font-family="${FONT}" role="img"><title>${escapeXml(title)}</title>${body}</svg>`
  );
}

/** The round headshot: a portrait silhouette with the initials. */
export function headshotSvg(initials: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240"><defs>` +
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fecaca"/>` +
    `<stop offset="1" stop-color="#dc2626"/></linearGradient></defs><circle cx="120" cy="120" r="120" fill="url(#g)"/>` +
    `<circle cx="120" cy="96" r="44" fill="#fff" opacity="0.92"/><path d="M44 206c10-42 42-64 76-64s66 22 76 64" fill="#fff" ` +
    `opacity="0.92"/><text x="120" y="228" font-family="${FONT}" font-size="20" font-weight="700" fill="#7f1d1d" ` +
    `text-anchor="middle">${escapeXml(initials)}</text></svg>`
  );
}

/** A project card's picture: the project's name over a skyline in the site's red. */
export function projectSvg(title: string, metric: { value: string; label: string }, seed: number): string {
  let buildings = '';
  let x = 0;
  let s = seed * 9301 + 49297;
  while (x < 640) {
    s = (s * 9301 + 49297) % 233280;
    const w = 40 + (s % 50);
    const h = 60 + (s % 120);
    const opacity = (0.12 + (s % 10) / 50).toFixed(2);
    buildings += `<rect x="${x}" y="${360 - h}" width="${w - 6}" height="${h}" fill="#fff" opacity="${opacity}"/>`;
    x += w;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" font-family="${FONT}">` +
    `<rect width="640" height="360" fill="#991b1b"/><rect width="640" height="360" fill="#dc2626" ` +
    `opacity="${(0.4 + (seed % 4) / 10).toFixed(2)}"/>${buildings}<text x="32" y="86" font-size="56" font-weight="700" fill="#fff">` +
    `${escapeXml(metric.value)}</text><text x="32" y="118" font-size="20" fill="#fee2e2">${escapeXml(metric.label)}</text>` +
    `<text x="32" y="176" font-size="26" font-weight="700" fill="#fff">${escapeXml(title)}</text></svg>`
  );
}

/** The audit popup's picture: a sample report card with four score bars. */
export function auditPopupSvg(): string {
  const bars = [
    ['Website', 82],
    ['SEO', 64],
    ['Social Media', 48],
    ['Lead Generation', 71],
  ] as const;
  const rows = bars
    .map(([label, score], i) => {
      const y = 118 + i * 52;
      const colour = score >= 80 ? '#16a34a' : score >= 60 ? '#d97706' : '#dc2626';
      return (
        `<text x="36" y="${y}" font-size="15" fill="#374151">${label}</text><text x="444" y="${y}" font-size="15" font-weight="700" ` +
        `fill="${colour}" text-anchor="end">${score}/100</text><rect x="36" y="${y + 10}" width="408" height="10" rx="5" ` +
        `fill="#f3f4f6"/><rect x="36" y="${y + 10}" width="${(408 * score) / 100}" height="10" rx="5" fill="${colour}"/>`
      );
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 340" width="480" height="340" font-family="${FONT}">` +
    `<rect width="480" height="340" rx="16" fill="#fef2f2"/><rect x="16" y="16" width="448" height="308" rx="12" fill="#fff"/>` +
    `<text x="36" y="58" font-size="20" font-weight="700" fill="#111827">Growth Opportunities Report</text>` +
    `<text x="36" y="82" font-size="13" fill="#6b7280">Sample scores from a 15-point audit</text>${rows}</svg>`
  );
}

/** The social sharing image (1200x630). */
export function ogImageSvg(name: string, title: string, line: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" font-family="${FONT}">` +
    `<rect width="1200" height="630" fill="#111827"/><rect width="24" height="630" fill="#dc2626"/>` +
    `<text x="90" y="250" font-size="76" font-weight="700" fill="#fff">${escapeXml(name)}</text>` +
    `<text x="90" y="330" font-size="38" fill="#fca5a5">${escapeXml(title)}</text><text x="90" y="450" font-size="34" fill="#e5e7eb">` +
    `${escapeXml(line)}</text></svg>`
  );
}

/** The hero's 150 decorative stars (fixed positions from a seeded generator). */
export function heroStarsSvg(count: number): string {
  let seed = 20240601;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const stars = Array.from(
    { length: count },
    () =>
      `<circle cx="${(random() * 1600).toFixed(0)}" cy="${(random() * 900).toFixed(0)}" r="${(0.8 + random() * 1.8).toFixed(1)}" ` +
      `opacity="${(0.25 + random() * 0.6).toFixed(2)}"/>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900" preserveAspectRatio="xMidYMid slice" ` +
    `fill="#fff">${stars.join('')}</svg>`
  );
}
