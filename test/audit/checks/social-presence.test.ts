import { describe } from 'vitest';
import { checkCategory } from './harness.ts';

const LD = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
/** Removes a profile link from the footer and from the structured data sameAs. */
const without = (url: string) => ({
  replace: [
    [LD, ''],
    [new RegExp(`<a href="${url.replace(/[.?]/g, '\\$&')}"[^>]*>[^<]*</a>`), ''],
  ] as Array<[RegExp, string]>,
});

describe('social-presence checks', () =>
  checkCategory('social-presence', {
    'presence.none': {
      fires: {
        replace: [
          [LD, ''],
          [/<p><a href="https:\/\/www\.facebook[\s\S]*?<\/p>/, ''],
        ],
      },
    },
    'presence.zillow-missing': { fires: without('https://www.zillow.com/profile/JaneSmithRealty') },
    'presence.realtor-missing': { fires: without('https://www.realtor.com/realestateagents/5a1b2c3d4e') },
    'presence.homes-missing': { fires: without('https://www.homes.com/real-estate-agents/jane-smith/abc123') },
    'presence.google-business-missing': { fires: without('https://g.page/janesmithrealty') },
    'presence.facebook-missing': { fires: without('https://www.facebook.com/janesmithrealty') },
    'presence.instagram-missing': { fires: without('https://www.instagram.com/janesmithrealty') },
    'presence.linkedin-missing': { fires: without('https://www.linkedin.com/in/janesmith') },
    'presence.youtube-missing': { fires: without('https://www.youtube.com/@janesmithrealty') },
  }));
