import { describe } from 'vitest';
import { GOOD_RESOURCES, checkCategory, labWith } from './harness.ts';
import { GOOD_HTML } from './good-site.ts';

const httpHtml = GOOD_HTML.replaceAll('https://janesmithrealty.com/', 'http://janesmithrealty.com/');

describe('security checks', () =>
  checkCategory('security', {
    'security.protocol-relative': {
      fires: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><script src="//cdn.example.net/widget.js" defer></script>']] },
      // WordPress's dns-prefetch hint names a host, it loads no file.
      passes: { replace: [['<meta charset="utf-8">', '<meta charset="utf-8"><link rel="dns-prefetch" href="//s.w.org">']] },
    },
    'security.no-https': { fires: { url: 'http://janesmithrealty.com/', html: httpHtml } },
    'security.http-not-redirected': { fires: { httpVariant: { status: 200, location: null, redirectsToHttps: false, error: null } } },
    'security.certificate-invalid': {
      fires: { tls: { authorized: false, authorizationError: 'CERT_HAS_EXPIRED' } },
      // A missing intermediate: browsers fetch it and trust the site (its own finding, a warning).
      passes: { tls: { authorized: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } },
    },
    'security.certificate-chain-incomplete': {
      fires: { tls: { authorized: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } },
      passes: { tls: { authorized: false, authorizationError: 'CERT_HAS_EXPIRED' } },
    },
    'security.certificate-expiring': { fires: { tls: { validTo: 'Nov 20 00:00:00 2026 GMT' } } },
    'security.tls-outdated': { fires: { tls: { protocol: 'TLSv1.1' } } },
    'security.hsts-missing': { fires: { headers: { 'strict-transport-security': undefined } } },
    'security.hsts-short': { fires: { headers: { 'strict-transport-security': 'max-age=3600' } } },
    'security.mixed-content': { fires: { replace: [['<img src="/logo.png"', '<img src="http://cdn.example.com/logo.png"']] } },
    'security.insecure-form': {
      fires: { replace: [['<form action="/contact" method="post">', '<form action="http://forms.example.com/contact" method="post">']] },
    },
    'security.csp-missing': {
      fires: { headers: { 'content-security-policy': undefined } },
      passes: {
        headers: { 'content-security-policy': undefined },
        replace: [
          ['<meta charset="utf-8">', '<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src \'self\'">'],
        ],
      },
    },
    'security.nosniff-missing': { fires: { headers: { 'x-content-type-options': undefined } } },
    'security.clickjacking': {
      fires: { headers: { 'content-security-policy': "default-src 'self'" } },
      passes: { headers: { 'content-security-policy': "default-src 'self'", 'x-frame-options': 'SAMEORIGIN' } },
    },
    'security.referrer-policy-missing': { fires: { headers: { 'referrer-policy': undefined } } },
    'security.version-disclosed': { fires: { headers: { server: 'Apache/2.4.41 (Ubuntu)', 'x-powered-by': 'PHP/7.4.3' } } },
    'security.insecure-cookies': {
      fires: { headers: { 'set-cookie': 'session=abc; Path=/' } },
      passes: { headers: { 'set-cookie': 'session=abc; Path=/; Secure; HttpOnly; SameSite=Lax' } },
    },
    'security.password-over-http': {
      fires: {
        url: 'http://janesmithrealty.com/',
        html: httpHtml.replace(
          '<input id="name" name="name">',
          '<input id="name" name="name"><input type="password" name="pw" aria-label="Password">',
        ),
      },
      passes: { url: 'http://janesmithrealty.com/', html: httpHtml },
    },
    'security.permission-prompt-on-load': {
      fires: { lab: labWith({ id: 'notification-on-start', title: 'Requests the notification permission on page load' }) },
      passes: { lab: labWith() },
    },
    'security.third-party-cookies': {
      fires: { lab: labWith({ id: 'third-party-cookies', displayValue: '2 cookies found', items: ['_fbp', 'IDE'] }) },
      passes: { lab: labWith() },
    },
    'security.content-type-mismatch': {
      // A missing photo answered by the theme's "not found" page with status 200.
      fires: {
        resources: [
          ...GOOD_RESOURCES.filter((r) => r.kind !== 'image'),
          {
            url: 'https://janesmithrealty.com/img/oak-street.jpg',
            kind: 'image',
            status: 200,
            bytes: 24_000,
            contentType: 'text/html; charset=UTF-8',
            headers: {},
          },
        ],
      },
      passes: {
        resources: [
          ...GOOD_RESOURCES,
          {
            url: 'https://janesmithrealty.com/img/floorplan.jpg',
            kind: 'image',
            status: 200,
            bytes: 40_000,
            contentType: 'application/octet-stream',
            headers: {},
          },
        ],
      },
    },
    'security.weak-cipher': {
      fires: { tls: { protocol: 'TLSv1.2', cipher: 'DES-CBC3-SHA' } },
      passes: { tls: { protocol: 'TLSv1.2', cipher: 'ECDHE-RSA-AES128-GCM-SHA256' } },
    },
  }));
