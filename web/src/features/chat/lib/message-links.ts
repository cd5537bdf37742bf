// Assistant replies link pages in Markdown ("[Services](/services)"). Only site paths,
// mail/phone links and the owner's own addresses (booking page, profiles) become links;
// anything else stays plain text.

export type MessagePart = { text: string; href?: undefined } | { text: string; href: string };

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,300})\)/g;

export function isSafeHref(href: string, owned: ReadonlySet<string> = NONE): boolean {
  return (
    (href.startsWith('/') && !href.startsWith('//')) ||
    /^mailto:[^\s]+$/.test(href) ||
    /^tel:\+?[\d\s()-]+$/.test(href) ||
    (/^https:\/\//.test(href) && owned.has(href))
  );
}

const NONE: ReadonlySet<string> = new Set();

/** `owned`: the owner's own web addresses as their profile gives them; only those may leave the site. */
export function messageParts(content: string, owned: ReadonlySet<string> = NONE): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: content.slice(last, at) });
    parts.push(isSafeHref(href, owned) ? { text: label, href } : { text: label });
    last = at + whole.length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
