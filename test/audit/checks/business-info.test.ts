import { describe } from 'vitest';
import { checkCategory } from './harness.ts';

const LD = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
const PHONE = '<a href="tel:+17035550142">(703) 555-0142</a>';

describe('business-info checks', () =>
  checkCategory('business-info', {
    'biz.name-missing': {
      fires: { html: '<!doctype html><html lang="en"><head><title></title></head><body><main><p>Welcome</p></main></body></html>' },
    },
    'biz.phone-missing': {
      fires: {
        replace: [
          [LD, ''],
          [` · ${PHONE}`, ''],
        ],
      },
    },
    'biz.phone-not-clickable': {
      fires: {
        replace: [
          [LD, ''],
          [PHONE, '(703) 555-0142'],
        ],
      },
    },
    'biz.email-missing': {
      fires: {
        replace: [
          [LD, ''],
          [' · <a href="mailto:jane@janesmithrealty.com">jane@janesmithrealty.com</a>', ''],
        ],
      },
    },
    'biz.address-missing': {
      fires: {
        replace: [
          [LD, ''],
          ['1200 Wilson Blvd, ', ''],
        ],
      },
    },
    'biz.nap-inconsistent': { fires: { replace: [['"telephone":"+1-703-555-0142"', '"telephone":"+1-571-555-0199"']] } },
    'biz.contact-page-missing': { fires: { replace: [['<a href="/contact">Contact</a>', '']] } },
    'biz.about-page-missing': { fires: { replace: [['<a href="/about">About Jane</a>', '']] } },
    'biz.privacy-policy-missing': { fires: { replace: [['<a href="/privacy">Privacy Policy</a>', '']] } },
    'biz.copyright-outdated': {
      fires: { replace: [['© 2026 Jane Smith Realty', '© 2019 Jane Smith Realty']] },
      passes: { replace: [['© 2026 Jane Smith Realty', '© 2015-2026 Jane Smith Realty']] },
    },
  }));
