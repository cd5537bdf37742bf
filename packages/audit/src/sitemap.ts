// Reading a sitemap (or sitemap index) with an XML parser rather than a pattern, so what
// sitemaps.org allows counts: CDATA sections, entities (&amp;, &#38;, &apos;) and prefixed
// tags (<sm:loc>). The body is the audited site's: stop at the limit, keep nothing else.
import { Parser } from 'htmlparser2';

const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/** The <loc> addresses in document order, at most `limit`, trimmed; empty ones skipped. */
export function sitemapLocs(xml: string, limit: number): string[] {
  const urls: string[] = [];
  let text: string | null = null;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (localName(name) === 'loc') text = '';
      },
      ontext(chunk) {
        if (text !== null) text += chunk;
      },
      onclosetag(name) {
        if (localName(name) !== 'loc' || text === null) return;
        const url = text.trim();
        text = null;
        if (url) urls.push(url);
        if (urls.length >= limit) parser.pause();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return urls;
}
