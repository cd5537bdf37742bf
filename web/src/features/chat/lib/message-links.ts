// Assistant replies link pages in Markdown ("[Services](/services)"). Only site paths and
// mail/phone links become links; anything else stays plain text.

export type MessagePart = { text: string; href?: undefined } | { text: string; href: string };

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,300})\)/g;

export function isSafeHref(href: string): boolean {
  return (href.startsWith('/') && !href.startsWith('//')) || /^mailto:[^\s]+$/.test(href) || /^tel:\+?[\d\s()-]+$/.test(href);
}

export function messageParts(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of content.matchAll(LINK)) {
    const [whole, label = '', href = ''] = match;
    const at = match.index ?? 0;
    if (at > last) parts.push({ text: content.slice(last, at) });
    parts.push(isSafeHref(href) ? { text: label, href } : { text: label });
    last = at + whole.length;
  }
  if (last < content.length) parts.push({ text: content.slice(last) });
  return parts;
}
