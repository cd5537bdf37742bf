// What the server says it sends against what it sends: a page whose body is not HTML, files
// whose Content-Type does not fit (an image answered with an HTML error page, a stylesheet as
// text/plain, which browsers refuse), and a connection cipher browsers no longer trust.
import type { ResourceInfo } from '../snapshot.ts';
import { listSome, onPages, plural, type Check } from './types.ts';

/**
 * Types a browser will not use for each kind of file. Images are sniffed (an octet-stream photo
 * still shows), stylesheets must be text/css, scripts are refused as HTML, CSS or images.
 */
const WRONG: Record<ResourceInfo['kind'], RegExp> = {
  image: /^(?:text\/|application\/(?:json|javascript|xml|xhtml))/i,
  stylesheet: /^(?!text\/css)/i,
  script: /^(?:text\/(?:html|css)|image\/)/i,
};
/** Body starts that are not HTML: JSON, XML feeds, PDF. */
const NOT_HTML_BODY = /^\s*(?:[{[]\s*["{[\]}]|<\?xml(?![\s\S]{0,300}<html)|%PDF-)/i;
/** Ciphers browsers refuse or flag: RC4, (3)DES, export-grade, unauthenticated, null encryption. */
const WEAK_CIPHER = /RC4|3DES|DES-CBC|DES_CBC|EXPORT|anon|NULL|MD5/i;

const fileName = (url: string) => {
  try {
    return new URL(url).pathname.split('/').pop() || url;
  } catch {
    return url;
  }
};

export const servedTypeChecks: Check[] = [
  {
    id: 'security.content-type-mismatch',
    category: 'security',
    severity: 'Warning',
    title: 'Files served with the wrong type',
    description:
      'A Content-Type that does not match the file makes browsers refuse it (stylesheets and scripts) or shows a broken image; a ' +
      'page answered as HTML that is not HTML shows visitors raw data.',
    fix:
      'Fix the server or CDN setting for these files (or the plugin that answers missing files with a page), so each is ' +
      'served as what it is.',
    run: (ctx) => {
      const wrong = ctx.site.resources.filter(
        (r) => r.status !== null && r.status >= 200 && r.status < 300 && r.contentType && WRONG[r.kind].test(r.contentType),
      );
      const pages = onPages(ctx, (p) => {
        if (p.snapshot.status >= 300 || !NOT_HTML_BODY.test(p.snapshot.html.slice(0, 400))) return null;
        const start = JSON.stringify(p.snapshot.html.trim().slice(0, 20));
        return `The page is served as ${p.snapshot.contentType || 'HTML'} but its content is not HTML (it starts ${start}).`;
      });
      if (!wrong.length) return pages;
      const first = wrong[0]!;
      const detail =
        `${plural(wrong.length, 'file')} on the home page ${wrong.length === 1 ? 'is' : 'are'} served with the wrong type: ` +
        `${listSome(
          wrong.map((r) => `${r.kind} ${fileName(r.url)} as ${r.contentType.split(';')[0]}`),
          2,
        )}.`;
      return { detail, urls: [first.url, ...wrong.slice(1, 10).map((r) => r.url)] };
    },
  },
  {
    id: 'security.weak-cipher',
    category: 'security',
    severity: 'Warning',
    title: 'Weak encryption on the connection',
    description:
      'The server chose a cipher (RC4, 3DES, export-grade or none) that current browsers refuse or flag as not secure; the ' +
      'connection can be read by others.',
    fix: 'Update the server’s TLS settings (your host or CDN’s “modern” profile) to offer only AES-GCM or ChaCha20 ciphers.',
    run: (ctx) => {
      const cipher = ctx.site.tls?.cipher;
      return ctx.home.url.startsWith('https:') && cipher && WEAK_CIPHER.test(cipher) && `The connection used the ${cipher} cipher.`;
    },
  },
];
