// Where the business can be found besides its site: social networks and the real-estate
// profile sites buyers check (Zillow, Realtor.com, Homes.com).
import { detectProfiles } from '../detect/social.ts';
import { memo, type Check, type CheckContext } from './types.ts';

export const profiles = (ctx: CheckContext) => memo(ctx, 'profiles', () => detectProfiles(ctx.pages));
const linked = (ctx: CheckContext, platform: string) => profiles(ctx).some((p) => p.platform === platform);

function profileCheck(platform: string, id: string, severity: Check['severity'], why: string): Check {
  return {
    id,
    category: 'social-presence',
    severity,
    title: `No ${platform} profile linked`,
    description: why,
    fix: `Link your ${platform} profile from the site footer and list it in your structured data sameAs.`,
    run: (ctx) => profiles(ctx).length > 0 && !linked(ctx, platform) && `The site does not link to a ${platform} profile.`,
  };
}

export const socialPresenceChecks: Check[] = [
  {
    id: 'presence.none',
    category: 'social-presence',
    severity: 'Warning',
    free: true,
    title: 'No social or profile links',
    description:
      "Buyers and sellers check an agent's reviews and activity before calling. With no profile links, they search elsewhere and " +
      'find competitors.',
    fix: 'Link your Zillow, Realtor.com, Google Business, Facebook, Instagram and LinkedIn profiles from every page.',
    run: (ctx) => profiles(ctx).length === 0 && 'The site links to no social network or real-estate profile.',
  },
  profileCheck(
    'Zillow',
    'presence.zillow-missing',
    'Warning',
    'Zillow is where most buyers read agent reviews; linking your profile shows your sales and ratings.',
  ),
  profileCheck('Realtor.com', 'presence.realtor-missing', 'Warning', 'Realtor.com profiles carry MLS-verified sales history buyers trust.'),
  profileCheck('Homes.com', 'presence.homes-missing', 'Notice', 'Homes.com agent profiles are a growing source of buyer leads.'),
  profileCheck(
    'Google Business Profile',
    'presence.google-business-missing',
    'Notice',
    'Your Google Business Profile drives map results and reviews for local searches.',
  ),
  profileCheck('Facebook', 'presence.facebook-missing', 'Notice', 'Facebook remains the largest network for local real-estate audiences.'),
  profileCheck('Instagram', 'presence.instagram-missing', 'Notice', 'Instagram is where listings and neighbourhood content get seen.'),
  profileCheck('LinkedIn', 'presence.linkedin-missing', 'Notice', 'LinkedIn builds referral relationships and professional credibility.'),
  profileCheck(
    'YouTube',
    'presence.youtube-missing',
    'Notice',
    'Video tours and market updates on YouTube rank in Google and build trust before the first call.',
  ),
];
