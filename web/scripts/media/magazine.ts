// The June 2024 magazine (58 pages, the feature on page 31), laid out from the site's own
// content: case studies, career history, expertise, services and tools.
import {
  caseStudies,
  certifications,
  configuredServices,
  experience,
  keywordEntries,
  magazineFeature,
  metrics,
  personal,
  reportLandingPage,
  serviceItems,
  skills,
} from '@curb/content';
import { wrap, type DrawOp, type Page } from './draw.ts';

const W = 612;
const H = 792;
const MARGIN = 56;
const RED = '#dc2626';
const INK = '#111827';
const MUTED = '#4b5563';
const PAPER = '#ffffff';
const TINT = '#fef2f2';

interface Article {
  kicker: string;
  title: string;
  paragraphs: string[];
  metrics?: { value: string; label: string }[];
}

const footerText = `${magazineFeature.publication} · ${magazineFeature.date}`;

function footer(ops: DrawOp[], pageNumber: number): void {
  ops.push({ kind: 'rect', x: MARGIN, y: H - 48, w: W - 2 * MARGIN, h: 1, fill: '#e5e7eb' });
  ops.push({ kind: 'text', x: MARGIN, y: H - 30, size: 8, color: MUTED, text: footerText });
  ops.push({ kind: 'text', x: W - MARGIN, y: H - 30, size: 9, bold: true, color: INK, text: String(pageNumber), anchor: 'end' });
}

/** Writes wrapped paragraphs from `y`; returns the y below the last line. */
function paragraphs(ops: DrawOp[], texts: string[], y: number, x = MARGIN, width = W - 2 * MARGIN, size = 11): number {
  for (const text of texts) {
    for (const line of wrap(text, size, width)) {
      if (y > H - 70) return y;
      ops.push({ kind: 'text', x, y, size, color: INK, text: line });
      y += size * 1.45;
    }
    y += size * 0.8;
  }
  return y;
}

function metricRow(ops: DrawOp[], items: { value: string; label: string }[], y: number): number {
  const count = Math.min(items.length, 4);
  if (!count) return y;
  const gap = 12;
  const w = (W - 2 * MARGIN - gap * (count - 1)) / count;
  items.slice(0, count).forEach((m, i) => {
    const x = MARGIN + i * (w + gap);
    ops.push({ kind: 'rect', x, y, w, h: 64, fill: TINT });
    ops.push({ kind: 'text', x: x + 12, y: y + 30, size: 20, bold: true, color: RED, text: m.value });
    ops.push({ kind: 'text', x: x + 12, y: y + 50, size: 8.5, color: MUTED, text: wrap(m.label, 8.5, w - 24)[0] ?? '' });
  });
  return y + 84;
}

function articlePage(article: Article, pageNumber: number): Page {
  const ops: DrawOp[] = [{ kind: 'rect', x: 0, y: 0, w: W, h: H, fill: PAPER }];
  ops.push({ kind: 'rect', x: MARGIN, y: 48, w: 36, h: 4, fill: RED });
  ops.push({ kind: 'text', x: MARGIN, y: 72, size: 9, bold: true, color: RED, text: article.kicker.toUpperCase() });
  let y = 104;
  for (const line of wrap(article.title, 24, W - 2 * MARGIN, true)) {
    ops.push({ kind: 'text', x: MARGIN, y, size: 24, bold: true, color: INK, text: line });
    y += 30;
  }
  y += 12;
  if (article.metrics?.length) y = metricRow(ops, article.metrics, y);
  paragraphs(ops, article.paragraphs, y);
  footer(ops, pageNumber);
  return { width: W, height: H, ops };
}

function coverPage(): Page {
  const ops: DrawOp[] = [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: INK },
    { kind: 'rect', x: 0, y: 0, w: W, h: 150, fill: RED },
    { kind: 'text', x: W / 2, y: 86, size: 46, bold: true, color: PAPER, text: 'REAL PRODUCERS', anchor: 'middle' },
    {
      kind: 'text',
      x: W / 2,
      y: 122,
      size: 14,
      color: PAPER,
      text: `NORTHERN VIRGINIA · ${magazineFeature.date.toUpperCase()}`,
      anchor: 'middle',
    },
    // The portrait: a framed block with the initials.
    { kind: 'rect', x: 156, y: 200, w: 300, h: 300, fill: '#374151' },
    { kind: 'rect', x: 166, y: 210, w: 280, h: 280, fill: '#1f2937' },
    { kind: 'text', x: W / 2, y: 385, size: 110, bold: true, color: '#f3f4f6', text: personal.initials, anchor: 'middle' },
    { kind: 'text', x: W / 2, y: 560, size: 13, bold: true, color: '#fca5a5', text: 'COVER STORY · PAGE 31', anchor: 'middle' },
    { kind: 'text', x: W / 2, y: 596, size: 30, bold: true, color: PAPER, text: personal.name.toUpperCase(), anchor: 'middle' },
    { kind: 'text', x: W / 2, y: 626, size: 15, color: '#e5e7eb', text: magazineFeature.title, anchor: 'middle' },
    { kind: 'text', x: MARGIN, y: 700, size: 11, color: '#d1d5db', text: `${metrics.transactionVolume} in annual transactions` },
    { kind: 'text', x: MARGIN, y: 720, size: 11, color: '#d1d5db', text: 'Inside: six case files from Northern Virginia teams' },
    { kind: 'text', x: W - MARGIN, y: 720, size: 11, bold: true, color: PAPER, text: `${magazineFeature.pageCount} pages`, anchor: 'end' },
  ];
  return { width: W, height: H, ops };
}

function contentsPage(entries: { page: number; title: string }[]): Page {
  const ops: DrawOp[] = [{ kind: 'rect', x: 0, y: 0, w: W, h: H, fill: PAPER }];
  ops.push({ kind: 'text', x: MARGIN, y: 90, size: 30, bold: true, color: INK, text: 'In This Issue' });
  let y = 140;
  for (const entry of entries) {
    if (y > H - 80) break;
    ops.push({ kind: 'text', x: MARGIN, y, size: 12, bold: true, color: RED, text: String(entry.page).padStart(2, '0') });
    ops.push({ kind: 'text', x: MARGIN + 40, y, size: 12, color: INK, text: entry.title });
    y += 24;
  }
  footer(ops, 2);
  return { width: W, height: H, ops };
}

function featurePage(): Page {
  const ops: DrawOp[] = [{ kind: 'rect', x: 0, y: 0, w: W, h: H, fill: PAPER }];
  ops.push({ kind: 'rect', x: 0, y: 0, w: W, h: 220, fill: INK });
  ops.push({ kind: 'text', x: MARGIN, y: 60, size: 10, bold: true, color: '#fca5a5', text: 'COVER STORY · RISING STAR' });
  let y = 100;
  for (const line of wrap(magazineFeature.title, 28, W - 2 * MARGIN - 130, true)) {
    ops.push({ kind: 'text', x: MARGIN, y, size: 28, bold: true, color: PAPER, text: line });
    y += 34;
  }
  ops.push({ kind: 'text', x: MARGIN, y: 196, size: 11, color: '#e5e7eb', text: `${personal.name} · ${magazineFeature.role}` });
  ops.push({ kind: 'rect', x: W - MARGIN - 110, y: 40, w: 110, h: 140, fill: '#374151' });
  ops.push({ kind: 'text', x: W - MARGIN - 55, y: 128, size: 44, bold: true, color: '#f3f4f6', text: personal.initials, anchor: 'middle' });
  y = metricRow(
    ops,
    [
      { value: metrics.yearsExperience, label: metrics.experienceLabel },
      { value: metrics.transactionVolume, label: metrics.volumeLabel },
      { value: '30%', label: 'Efficiency Improvement' },
      { value: '35%', label: 'Brand Awareness Growth' },
    ],
    244,
  );
  const columnWidth = (W - 2 * MARGIN - 24) * 0.64;
  paragraphs(ops, [magazineFeature.description, ...personal.biography], y, MARGIN, columnWidth, 10.5);
  const sideX = MARGIN + columnWidth + 24;
  const sideW = W - MARGIN - sideX;
  ops.push({ kind: 'rect', x: sideX, y, w: sideW, h: 300, fill: TINT });
  ops.push({ kind: 'text', x: sideX + 12, y: y + 24, size: 10, bold: true, color: RED, text: 'HIGHLIGHTS' });
  paragraphs(
    ops,
    magazineFeature.highlights.map((h) => `• ${h}`),
    y + 46,
    sideX + 12,
    sideW - 24,
    9.5,
  );
  footer(ops, magazineFeature.featuredPage);
  return { width: W, height: H, ops };
}

function backCover(): Page {
  const ops: DrawOp[] = [
    { kind: 'rect', x: 0, y: 0, w: W, h: H, fill: RED },
    { kind: 'text', x: W / 2, y: 300, size: 30, bold: true, color: PAPER, text: 'Get Your Free Marketing Audit', anchor: 'middle' },
    {
      kind: 'text',
      x: W / 2,
      y: 340,
      size: 14,
      color: PAPER,
      text: '15 points · 3-5 untapped revenue sources · report in 24 hours',
      anchor: 'middle',
    },
    { kind: 'text', x: W / 2, y: 420, size: 16, bold: true, color: PAPER, text: personal.name, anchor: 'middle' },
    { kind: 'text', x: W / 2, y: 446, size: 12, color: PAPER, text: `${personal.email} · ${personal.formattedPhone}`, anchor: 'middle' },
    { kind: 'text', x: W / 2, y: 470, size: 12, color: PAPER, text: personal.website.replace('https://', ''), anchor: 'middle' },
  ];
  return { width: W, height: H, ops };
}

function articles(): Article[] {
  const list: Article[] = [];
  for (const study of caseStudies) {
    list.push({
      kicker: `Case file · ${study.category}`,
      title: study.title,
      paragraphs: [study.excerpt, `The challenge. ${study.challenge}`, `The solution. ${study.solution}`],
    });
    const sections = study.content.flatMap((b) => (b.type === 'section' ? [`${b.title}. ${b.content}`] : []));
    const numbers = study.content.flatMap((b) => (b.type === 'metrics' ? b.metrics : []));
    list.push({
      kicker: 'Case file · continued',
      title: `${study.title}: the outcome`,
      paragraphs: [study.outcome, ...sections],
      metrics: numbers,
    });
  }
  for (const job of experience) {
    list.push({
      kicker: `Career path · ${job.period}`,
      title: `${job.title}, ${job.company}`,
      paragraphs: [`${job.location} · ${job.employmentType} · ${job.industry}`, job.snippet, ...job.achievements.map((a) => `• ${a}`)],
      metrics: job.keyMetrics,
    });
  }
  for (const skill of skills) {
    list.push({
      kicker: 'Expertise',
      title: skill.title,
      paragraphs: [
        skill.description,
        skill.details.experience,
        ...skill.details.achievements.map((a) => `• ${a}`),
        `Tools: ${skill.details.tools.join(', ')}`,
      ],
    });
  }
  for (const service of serviceItems) {
    list.push({
      kicker: 'Services',
      title: service.title,
      paragraphs: [
        service.subtitle,
        service.description,
        ...service.features.map((f) => `• ${f}`),
        `For: ${service.targetClients.join(', ')}`,
      ],
    });
  }
  for (const entry of keywordEntries) {
    list.push({
      kicker: 'Toolbox',
      title: entry.keyword,
      paragraphs: entry.relatedItems.map((item) => `${item.title}${item.company ? ` (${item.company})` : ''}. ${item.description}`),
    });
  }
  for (const area of reportLandingPage.areas) {
    list.push({
      kicker: 'Marketing checkup',
      title: area.title,
      paragraphs: [area.text, 'Ask for the free 15-point audit to see how your own website scores on this point.'],
    });
  }
  list.push({ kicker: 'Credentials', title: 'Certifications', paragraphs: certifications.map((c) => `• ${c.text}`) });
  list.push({
    kicker: 'Services',
    title: 'How we can work together',
    paragraphs: configuredServices.map((s) => `${s.name}. ${s.description}`),
  });
  return list;
}

/** The magazine's pages in order: cover, contents, articles, the feature at page 31, back cover. */
export function magazinePages(): Page[] {
  const { pageCount, featuredPage } = magazineFeature;
  const pool = articles();
  const placed: { page: number; article: Article }[] = [];
  let next = 0;
  for (let page = 3; page < pageCount; page++) {
    if (page === featuredPage) continue;
    // More slots than articles: continue from the start with the notes of each article.
    const article = pool[next % pool.length]!;
    placed.push({ page, article: next < pool.length ? article : { ...article, kicker: 'Notes', title: `${article.title}: notes` } });
    next++;
  }
  const pages: Page[] = [
    coverPage(),
    contentsPage([
      { page: featuredPage, title: `Cover story: ${magazineFeature.title}` },
      ...placed.filter((_p, i) => i % 3 === 0).map((p) => ({ page: p.page, title: p.article.title })),
    ]),
  ];
  for (let page = 3; page < pageCount; page++) {
    pages.push(page === featuredPage ? featurePage() : articlePage(placed.find((p) => p.page === page)!.article, page));
  }
  pages.push(backCover());
  return pages;
}
