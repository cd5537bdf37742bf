// Generates the site's media from its content into web/public/media (not committed): the
// headshot, project pictures, the 58-page magazine PDF with an image per page, the audit
// popup picture and the social sharing image (the contact card is the api's, from the profile).
// Runs before every web build; no external image or QR service is involved.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { magazineFeature, personal, projects, seoDefaults } from '@curb/content';
import { magazinePages } from './media/magazine.ts';
import { writePdf } from './media/pdf.ts';
import { auditPopupSvg, headshotSvg, heroStarsSvg, ogImageSvg, pageSvg, projectSvg } from './media/svg.ts';

const OUT = join(import.meta.dirname, '..', 'public', 'media');
/** 150 decorative stars in the hero. */
const HERO_STAR_COUNT = 150;
const fromSite = (path: string) => join(OUT, path.replace(/^\/media\//, ''));

function write(path: string, data: string | Buffer): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, data);
}

async function main(): Promise<void> {
  const started = performance.now();
  write(fromSite(personal.headshot), headshotSvg(personal.initials));
  write(join(OUT, 'hero-stars.svg'), heroStarsSvg(HERO_STAR_COUNT));
  projects.forEach((project, i) => {
    write(fromSite(project.image), projectSvg(project.title, project.metrics[0]!, i + 1));
  });

  const pages = magazinePages();
  if (pages.length !== magazineFeature.pageCount)
    throw new Error(`magazine has ${pages.length} pages, expected ${magazineFeature.pageCount}`);
  rmSync(join(OUT, 'magazine'), { recursive: true, force: true });
  write(fromSite(magazineFeature.pdf), writePdf(pages, `${magazineFeature.publication}, ${magazineFeature.date}`));
  pages.forEach((page, i) => {
    write(
      join(OUT, 'magazine', `page-${String(i + 1).padStart(2, '0')}.svg`),
      pageSvg(page, `${magazineFeature.publication}, ${magazineFeature.date}, page ${i + 1}`),
    );
  });
  write(fromSite(magazineFeature.image), pageSvg(pages[0]!, `${magazineFeature.publication} cover, ${magazineFeature.date}`));
  write(
    fromSite(magazineFeature.featuredImage),
    pageSvg(pages[magazineFeature.featuredPage - 1]!, `${magazineFeature.publication}, page ${magazineFeature.featuredPage}`),
  );

  write(join(OUT, 'audit-popup.svg'), auditPopupSvg());

  const og = ogImageSvg(personal.name, 'Real Estate Marketing & Operations', 'Free 15-point marketing audit · report in 24 hours');
  write(join(OUT, 'og-image.svg'), og);
  await rasterizeOgImage(og, fromSite(seoDefaults.ogImage));
  process.stdout.write(
    `media: ${pages.length}-page magazine, ${projects.length} project images in ` + `${Math.round(performance.now() - started)} ms\n`,
  );
}

/** Social networks want a PNG: Chromium draws it when present (kept while the SVG is unchanged). */
async function rasterizeOgImage(svg: string, target: string): Promise<void> {
  const hash = createHash('sha256').update(svg).digest('hex');
  const stamp = join(import.meta.dirname, '..', 'node_modules', '.cache', 'og-image.sha256');
  if (existsSync(target) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    process.stderr.write(`media: no Chromium at ${executablePath}; ${seoDefaults.ogImage} not drawn (social previews fall back to text)\n`);
    return;
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    headless: true,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    write(target, await page.screenshot({ type: 'png' }));
    write(stamp, hash);
  } finally {
    await browser.close();
  }
}

await main();
