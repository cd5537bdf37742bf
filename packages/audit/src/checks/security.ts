// Security visitors and browsers can see: HTTPS and its certificate, the http:// redirect,
// security headers, mixed content and forms.
import type { TlsFacts } from '../net/guarded-fetch.ts';
import { onPages, plural, type Check, type CheckContext, verb } from './types.ts';

const isHttps = (ctx: CheckContext) => ctx.home.url.startsWith('https:');

/**
 * The server leaves out its intermediate certificate. Browsers fetch it themselves (or ship
 * it) and show the site as secure; apps, some phones and other servers refuse the connection.
 */
const CHAIN_INCOMPLETE = /UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|unable to verify the first certificate/i;
export const chainIncomplete = (tls: TlsFacts | null) =>
  tls !== null && !tls.authorized && CHAIN_INCOMPLETE.test(tls.authorizationError ?? '');
/** What visitors' browsers make of the certificate: trusted, or trusted once they fetch the missing intermediate. */
export const browsersTrust = (tls: TlsFacts | null) => tls === null || tls.authorized || chainIncomplete(tls);
const header = (ctx: CheckContext, name: string) => ctx.home.snapshot.headers[name]?.trim() ?? '';

function hstsMaxAge(value: string): number | null {
  const m = /max-age\s*=\s*"?(\d+)"?/i.exec(value);
  return m ? Number(m[1]) : null;
}

export const securityChecks: Check[] = [
  {
    id: 'security.no-https',
    category: 'security',
    severity: 'Critical',
    free: true,
    title: 'Site not served over HTTPS',
    description: 'Browsers mark http:// sites "Not secure", forms warn before sending, and Google ranks secure sites first.',
    fix: "Install a TLS certificate (free with Let's Encrypt or your host) and redirect every http:// address to https://.",
    run: (ctx) => !isHttps(ctx) && `The site is served at ${ctx.home.url} without HTTPS.`,
  },
  {
    id: 'security.http-not-redirected',
    category: 'security',
    severity: 'Warning',
    title: 'http:// does not redirect to https://',
    description: 'Visitors who type your address without https:// stay on an insecure page.',
    fix: 'Redirect http:// to https:// with a 301 on the server or CDN.',
    run: (ctx) => {
      const v = ctx.site.httpVariant;
      if (!isHttps(ctx) || v === null || v.redirectsToHttps) return null;
      return v.status === null
        ? null
        : `http://${new URL(ctx.home.url).host}/ answers HTTP ${v.status}${v.location ? ` redirecting to ${v.location}` : ''} ` +
            `instead of redirecting to https://.`;
    },
  },
  {
    id: 'security.certificate-invalid',
    category: 'security',
    severity: 'Critical',
    title: 'Invalid TLS certificate',
    description: 'Browsers show a full-page warning for an expired, self-signed or mismatched certificate; nearly every visitor leaves.',
    fix: 'Renew or reissue the certificate for this exact domain (and www) and enable automatic renewal.',
    run: (ctx) =>
      isHttps(ctx) &&
      !browsersTrust(ctx.site.tls) &&
      `The certificate is not trusted: ${ctx.site.tls?.authorizationError ?? 'unknown reason'}.`,
  },
  {
    id: 'security.certificate-chain-incomplete',
    category: 'security',
    severity: 'Warning',
    title: 'Certificate chain incomplete',
    description:
      'The server does not send the intermediate certificate. Browsers on computers fetch it and show the site as secure, but ' +
      'some phones, e-mail and messaging apps that preview links, and other servers refuse the connection.',
    fix: 'Install the full chain (the “fullchain” or “CA bundle” file your certificate came with) in the hosting panel or CDN.',
    run: (ctx) =>
      isHttps(ctx) &&
      chainIncomplete(ctx.site.tls) &&
      `The server sends the certificate without its intermediate (${ctx.site.tls?.authorizationError}).`,
  },
  {
    id: 'security.certificate-expiring',
    category: 'security',
    severity: 'Warning',
    title: 'TLS certificate expires soon',
    description: 'When the certificate expires, browsers block the site with a security warning.',
    fix: 'Renew the certificate now and turn on automatic renewal.',
    run: (ctx) => {
      const validTo = ctx.site.tls?.validTo;
      if (!isHttps(ctx) || !validTo || !browsersTrust(ctx.site.tls)) return null;
      const days = Math.floor((Date.parse(validTo) - ctx.now.getTime()) / 86_400_000);
      return Number.isFinite(days) && days < 14 && `The certificate expires in ${plural(Math.max(0, days), 'day')} (${validTo}).`;
    },
  },
  {
    id: 'security.tls-outdated',
    category: 'security',
    severity: 'Warning',
    title: 'Outdated TLS version',
    description: 'TLS 1.0 and 1.1 are deprecated; modern browsers refuse them.',
    fix: 'Enable TLS 1.2 and 1.3 on the server and disable older versions.',
    run: (ctx) => {
      const protocol = ctx.site.tls?.protocol;
      return (
        isHttps(ctx) &&
        protocol !== null &&
        protocol !== undefined &&
        /^(?:TLSv1|TLSv1\.1|SSLv3)$/.test(protocol) &&
        `The connection used ${protocol}.`
      );
    },
  },
  {
    id: 'security.hsts-missing',
    category: 'security',
    severity: 'Warning',
    title: 'No HSTS header',
    description: 'Strict-Transport-Security makes browsers always use HTTPS, closing the window for downgrade attacks.',
    fix: 'Send "Strict-Transport-Security: max-age=31536000; includeSubDomains" on https responses.',
    run: (ctx) => isHttps(ctx) && !header(ctx, 'strict-transport-security') && 'The Strict-Transport-Security header is missing.',
  },
  {
    id: 'security.hsts-short',
    category: 'security',
    severity: 'Notice',
    title: 'HSTS max-age shorter than a year',
    description: 'A short HSTS lifetime gives little protection and does not qualify for browser preload lists.',
    fix: 'Set max-age to at least 31536000 (one year).',
    run: (ctx) => {
      const maxAge = hstsMaxAge(header(ctx, 'strict-transport-security'));
      return isHttps(ctx) && maxAge !== null && maxAge < 31_536_000 && `HSTS max-age is ${maxAge} seconds.`;
    },
  },
  {
    id: 'security.mixed-content',
    category: 'security',
    severity: 'Warning',
    title: 'Mixed content',
    description: 'An https page loading images or scripts over http:// gets a "Not secure" warning, and browsers block the scripts.',
    fix: 'Load every image, script and stylesheet over https://.',
    run: (ctx) =>
      onPages(
        ctx,
        (p) =>
          p.mixedContent.length > 0 &&
          `${plural(p.mixedContent.length, 'resource')} ` +
            `${verb(p.mixedContent.length, 'loads', 'load')} over http://, e.g. ${p.mixedContent[0]}.`,
      ),
  },
  {
    id: 'security.insecure-form',
    category: 'security',
    severity: 'Critical',
    title: 'Form sends data without encryption',
    description:
      "A form on an http page, or posting to an http:// address, sends visitors' names, e-mails and phone numbers in clear text; " +
      'browsers warn before submitting.',
    fix: 'Serve the page over HTTPS and make every form action https://.',
    run: (ctx) =>
      onPages(ctx, (p) => {
        const insecure = p.forms.filter(
          (f) =>
            f.actionUrl?.startsWith('http:') &&
            (f.inputTypes.some((t) => t === 'email' || t === 'password' || t === 'tel') || f.method === 'post'),
        );
        return insecure.length > 0 && `${plural(insecure.length, 'form')} submit over http://.`;
      }),
  },
  {
    id: 'security.csp-missing',
    category: 'security',
    severity: 'Notice',
    title: 'No Content Security Policy',
    description: 'A Content-Security-Policy limits where scripts may come from, blunting injected-script attacks.',
    fix: 'Send a Content-Security-Policy header listing the sources your site uses (start in report-only mode).',
    run: (ctx) =>
      !header(ctx, 'content-security-policy') &&
      !ctx.home.$('meta[http-equiv="content-security-policy" i]').length &&
      'No Content-Security-Policy header or meta tag.',
  },
  {
    id: 'security.nosniff-missing',
    category: 'security',
    severity: 'Notice',
    title: 'No X-Content-Type-Options header',
    description: 'Without "nosniff", browsers may run a file as a script even when the server says it is not one.',
    fix: 'Send "X-Content-Type-Options: nosniff".',
    run: (ctx) => header(ctx, 'x-content-type-options').toLowerCase() !== 'nosniff' && 'X-Content-Type-Options: nosniff is not set.',
  },
  {
    id: 'security.clickjacking',
    category: 'security',
    severity: 'Notice',
    title: 'Site can be framed by other sites',
    description: 'Without X-Frame-Options or a frame-ancestors policy another site can embed yours invisibly to trick clicks.',
    fix: 'Send "X-Frame-Options: SAMEORIGIN" or a CSP with frame-ancestors \'self\'.',
    run: (ctx) =>
      !header(ctx, 'x-frame-options') &&
      !/frame-ancestors/i.test(header(ctx, 'content-security-policy')) &&
      'Neither X-Frame-Options nor CSP frame-ancestors is set.',
  },
  {
    id: 'security.referrer-policy-missing',
    category: 'security',
    severity: 'Notice',
    title: 'No Referrer-Policy',
    description: 'A referrer policy stops full addresses (with search terms or ids) leaking to other sites.',
    fix: 'Send "Referrer-Policy: strict-origin-when-cross-origin".',
    run: (ctx) =>
      !header(ctx, 'referrer-policy') && !ctx.home.$('meta[name="referrer" i]').length && 'No Referrer-Policy header or meta tag.',
  },
  {
    id: 'security.version-disclosed',
    category: 'security',
    severity: 'Notice',
    title: 'Server software version exposed',
    description: 'Headers naming exact software versions help attackers pick known exploits.',
    fix: 'Hide version numbers in the Server and X-Powered-By headers.',
    run: (ctx) => {
      const exposed = ['server', 'x-powered-by', 'x-aspnet-version'].map((h) => header(ctx, h)).filter((v) => /\d+\.\d+/.test(v));
      return exposed.length > 0 && `Headers reveal ${exposed.join(', ')}.`;
    },
  },
  {
    id: 'security.insecure-cookies',
    category: 'security',
    severity: 'Notice',
    title: 'Cookies without Secure or HttpOnly',
    description: 'Cookies without the Secure flag can travel unencrypted; without HttpOnly scripts can read them.',
    fix: 'Set Secure, HttpOnly and SameSite on the cookies your server sends.',
    run: (ctx) => {
      const cookies = header(ctx, 'set-cookie').split('\n').filter(Boolean);
      const weak = cookies.filter((c) => (isHttps(ctx) && !/;\s*secure/i.test(c)) || !/;\s*httponly/i.test(c));
      return (
        weak.length > 0 &&
        `${plural(weak.length, 'cookie')} ` +
          `${verb(weak.length, 'lacks', 'lack')} Secure or HttpOnly (${weak.map((c) => c.split('=')[0]).join(', ')}).`
      );
    },
  },
  {
    id: 'security.password-over-http',
    category: 'security',
    severity: 'Critical',
    title: 'Password field on an insecure page',
    description: 'A login form on an http:// page exposes passwords and is flagged by every browser.',
    fix: 'Serve the site over HTTPS.',
    run: (ctx) =>
      onPages(ctx, (p) => p.url.startsWith('http:') && p.forms.some((f) => f.hasPassword) && 'A password field is on an http:// page.'),
  },
];
