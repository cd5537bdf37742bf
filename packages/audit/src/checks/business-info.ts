// Can a visitor (and a search engine) tell who the business is and how to reach it:
// name, phone, e-mail, address, consistent details, contact and about pages.
import { businessItem, detectBusiness, phoneDigits } from '../detect/business.ts';
import { memo, type Check, type CheckContext } from './types.ts';

export const business = (ctx: CheckContext) => memo(ctx, 'business', () => detectBusiness(ctx.home));
const linksTo = (ctx: CheckContext, re: RegExp) =>
  ctx.home.links.some((l) => l.url && l.internal && (re.test(new URL(l.url).pathname) || re.test(l.text)));

export const businessInfoChecks: Check[] = [
  {
    id: 'biz.name-missing',
    category: 'business-info',
    severity: 'Notice',
    title: 'Business name unclear',
    description: 'Neither the structured data, the share tags nor the title names the business.',
    fix: 'Name the business in the title, og:site_name and a RealEstateAgent item.',
    run: (ctx) => !business(ctx).name && 'No business name was found.',
  },
  {
    id: 'biz.phone-missing',
    category: 'business-info',
    severity: 'Warning',
    free: true,
    title: 'No phone number',
    description: 'Many clients prefer to call, and a local phone number is a trust and local-ranking signal.',
    fix: 'Show your phone number in the header or footer of every page as a tel: link.',
    run: (ctx) => !business(ctx).phone && 'No phone number was found on the home page.',
  },
  {
    id: 'biz.phone-not-clickable',
    category: 'business-info',
    severity: 'Notice',
    title: 'Phone number not tap-to-call',
    description: 'On a phone, a number that is not a tel: link must be copied by hand.',
    fix: 'Wrap the number in <a href="tel:+1...">.',
    run: (ctx) => business(ctx).phone !== null && !business(ctx).phoneLinked && `${business(ctx).phone} is not a tel: link.`,
  },
  {
    id: 'biz.email-missing',
    category: 'business-info',
    severity: 'Notice',
    title: 'No e-mail address',
    description: 'Some clients prefer e-mail; a visible address also adds credibility.',
    fix: 'Show a business e-mail address (a mailto: link) on the contact section.',
    run: (ctx) => !business(ctx).email && 'No e-mail address was found on the home page.',
  },
  {
    id: 'biz.address-missing',
    category: 'business-info',
    severity: 'Warning',
    title: 'No street address',
    description: 'A physical address is central to local search rankings and to trust.',
    fix: 'Show your office address in the footer and in structured data.',
    run: (ctx) => !business(ctx).street && 'No street address was found on the home page.',
  },
  {
    id: 'biz.nap-inconsistent',
    category: 'business-info',
    severity: 'Warning',
    title: 'Phone number differs from structured data',
    description: 'Name, address and phone (NAP) must match everywhere; conflicting numbers confuse search engines and clients.',
    fix: 'Use the same phone number in the page and in the structured data.',
    run: (ctx) => {
      const item = businessItem(ctx.home);
      const schemaPhone = typeof item?.props.telephone === 'string' ? phoneDigits(item.props.telephone as string) : '';
      if (schemaPhone.length < 10) return null;
      const pageDigits =
        ctx.home.text.replace(/\D/g, '') +
        ctx.home.links
          .filter((l) => l.href.startsWith('tel:'))
          .map((l) => l.href.replace(/\D/g, ''))
          .join('');
      return (
        !pageDigits.includes(schemaPhone) && `The structured data number ${String(item!.props.telephone)} does not appear on the page.`
      );
    },
  },
  {
    id: 'biz.contact-page-missing',
    category: 'business-info',
    severity: 'Notice',
    title: 'No contact page',
    description: 'Visitors look for a Contact link in the menu.',
    fix: 'Add a Contact page (or section) and link it in the main navigation.',
    run: (ctx) =>
      !linksTo(ctx, /contact/i) &&
      !ctx.home.$('#contact, [id*="contact" i]').length &&
      'The home page has no link to a contact page or section.',
  },
  {
    id: 'biz.about-page-missing',
    category: 'business-info',
    severity: 'Notice',
    title: 'No about page',
    description: 'An About page with your story, photo and credentials is one of the most visited pages on agent sites.',
    fix: 'Add an About page and link it in the main navigation.',
    run: (ctx) =>
      !linksTo(ctx, /about|bio|meet|team/i) &&
      !ctx.home.$('#about, [id*="about" i]').length &&
      'The home page has no link to an about page or section.',
  },
  {
    id: 'biz.privacy-policy-missing',
    category: 'business-info',
    severity: 'Warning',
    title: 'No privacy policy',
    description:
      'Forms that collect names, e-mails and phone numbers need a privacy policy (state privacy laws, ad platforms and e-mail ' +
      'rules require it).',
    fix: 'Publish a privacy policy and link it in the footer and next to your forms.',
    run: (ctx) =>
      ctx.home.forms.length > 0 &&
      !ctx.home.links.some((l) => /privacy/i.test(`${l.href} ${l.text}`)) &&
      'The site has forms but no privacy policy link.',
  },
  {
    id: 'biz.copyright-outdated',
    category: 'business-info',
    severity: 'Notice',
    title: 'Outdated copyright year',
    description: 'An old copyright year makes the site look abandoned.',
    fix: 'Update the footer year (or generate it automatically).',
    run: (ctx) => {
      const m = /(?:©|&copy;|copyright)\s*(?:\d{4}\s*[-–]\s*)?((?:19|20)\d{2})/i.exec(ctx.home.text);
      const year = m ? Number(m[1]) : null;
      return year !== null && year < ctx.now.getUTCFullYear() - 1 && `The footer says © ${year}.`;
    },
  },
];
