import { magazineFeature } from '@curb/content';
import { useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import styles from './pdf-viewer.module.css';
import { Field } from '@/components/ui/form/field';

/** 58 pages, opens at page 31, zoom 0.8 by default in steps of 0.2 between 0.5 and 3. */
export const VIEWER = {
  pages: magazineFeature.pageCount,
  startPage: magazineFeature.featuredPage,
  zoom: 0.8,
  zoomStep: 0.2,
  minZoom: 0.5,
  maxZoom: 3,
} as const;

const clampZoom = (zoom: number) => Math.round(Math.min(VIEWER.maxZoom, Math.max(VIEWER.minZoom, zoom)) * 100) / 100;

/** Non-numeric input becomes page 1; numbers outside 1-58 are ignored. */
export function nextPageFromInput(input: string, current: number): number {
  const page = Number.parseInt(input, 10);
  if (Number.isNaN(page)) return 1;
  return page >= 1 && page <= VIEWER.pages ? page : current;
}

const pageImage = (page: number) => `/media/magazine/page-${String(page).padStart(2, '0')}.svg`;

/**
 * The full-screen magazine viewer. Each page is shown as its image, drawn from the same
 * layout as the PDF, so it works in every browser (including ones without a PDF viewer);
 * the PDF itself opens at the page with a fit-to-width fragment, or downloads.
 */
export function PdfViewer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState<number>(VIEWER.startPage);
  const [zoom, setZoom] = useState<number>(VIEWER.zoom);
  const [pageInput, setPageInput] = useState(String(VIEWER.startPage));

  useEffect(() => {
    if (!open) return;
    setPage(VIEWER.startPage);
    setZoom(VIEWER.zoom);
  }, [open]);
  useEffect(() => setPageInput(String(page)), [page]);

  const go = (target: number) => setPage(Math.min(VIEWER.pages, Math.max(1, target)));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`${magazineFeature.publication} — ${magazineFeature.date}`}
      size="full"
      testId="pdf-viewer"
    >
      <div className={styles.toolbar} role="toolbar" aria-label="Magazine viewer controls">
        <button type="button" className="button button-outline" onClick={() => go(1)}>
          Cover
        </button>
        <button type="button" className="button button-outline" onClick={() => go(magazineFeature.featuredPage)}>
          Page {magazineFeature.featuredPage}
        </button>
        <button
          type="button"
          className="button button-outline"
          onClick={() => go(page - 1)}
          disabled={page <= 1}
          aria-label="Previous page"
        >
          ‹
        </button>
        <Field label="Page number" hideLabel>
          {(control) => (
            <span className={styles.pageField}>
              <span aria-hidden="true">Page</span>
              <input
                {...control}
                type="text"
                inputMode="numeric"
                value={pageInput}
                onChange={(event) => {
                  setPageInput(event.target.value);
                  const next = nextPageFromInput(event.target.value, page);
                  if (event.target.value !== '') setPage(next);
                }}
                onBlur={() => setPageInput(String(page))}
                data-testid="page-input"
              />
              <span>of {VIEWER.pages}</span>
            </span>
          )}
        </Field>
        <button
          type="button"
          className="button button-outline"
          onClick={() => go(page + 1)}
          disabled={page >= VIEWER.pages}
          aria-label="Next page"
        >
          ›
        </button>
        <button
          type="button"
          className="button button-outline"
          onClick={() => setZoom((z) => clampZoom(z - VIEWER.zoomStep))}
          disabled={zoom <= VIEWER.minZoom}
          aria-label="Zoom out"
        >
          −
        </button>
        <output className={styles.zoom} data-testid="zoom-level" aria-live="polite">
          {Math.round(zoom * 100)}%
        </output>
        <button
          type="button"
          className="button button-outline"
          onClick={() => setZoom((z) => clampZoom(z + VIEWER.zoomStep))}
          disabled={zoom >= VIEWER.maxZoom}
          aria-label="Zoom in"
        >
          +
        </button>
        <a className="button button-outline" href={`${magazineFeature.pdf}#page=${page}&view=FitH`} target="_blank" rel="noopener">
          Open PDF
        </a>
        <a className="button" href={magazineFeature.pdf} download>
          Download
        </a>
      </div>
      <div className={styles.stage}>
        <img
          src={pageImage(page)}
          alt={`${magazineFeature.publication}, ${magazineFeature.date}, page ${page} of ${VIEWER.pages}`}
          style={{ width: `${zoom * 100}%` }}
          className={styles.page}
          data-testid="viewer-page"
          data-page={page}
        />
      </div>
    </Dialog>
  );
}
