// The site configuration: who the site is about,
// the headline metrics, the services and certifications shown across pages, search-engine
// defaults, the company, footer, contact card and public navigation.

/** A public navigation entry; `href` null means an in-page section of the home page. */
export interface NavItem {
  /** For in-page items, the id of the home section the item scrolls to. */
  id: string;
  label: string;
  href: '/experience' | '/services' | '/blog' | '/marketing-audit' | null;
  highlight?: boolean;
}

/** A service as listed in the footer and on the home page. */
export interface ConfiguredService {
  icon: string;
  name: string;
  description: string;
}

/** A certification line of the about section. */
export interface Certification {
  icon: string;
  text: string;
}

/** The person the site is about and how to reach them. */
export const personal = {
  name: 'Morgan Ellis',
  initials: 'ME',
  title: 'Real Estate Operations & Marketing Professional',
  tagline: 'Operations, marketing and team leadership that help real estate businesses grow.',
  location: 'Arlington, Virginia',
  email: 'morgan@curbappeal.example',
  phone: '+17035550142',
  formattedPhone: '(703) 555-0142',
  website: 'https://curbappeal.example',
  linkedinUrl: 'https://www.linkedin.com/in/morgan-ellis-realestate',
  linkedinUsername: 'morgan-ellis-realestate',
  socialHandle: '@morganellisre',
  headshot: '/media/headshot.svg',
  /** The sample's review figures (the owner's own replace them in the admin's Profile). */
  rating: { value: 4.9, reviewCount: 127 },
  /** The sample's prices as the structured data states them. */
  priceRange: 'Free audit; consulting by quote',
  /** Regions served, in the order the site names them. */
  serviceArea: ['Northern Virginia', 'Washington, DC', 'Maryland'],
  biography: [
    'I have spent more than fifteen years on the business side of real estate: running transaction pipelines, building marketing ' +
      'programs and leading the agents and coordinators who make a brokerage work day to day.',
    'Today I lead operations and marketing for a growing agent team in Northern Virginia. I design the systems that keep more than ' +
      '$75M in annual transactions on schedule, and I run the campaigns, events and content that keep our name in front of buyers ' +
      'and sellers across Virginia, DC and Maryland.',
    'I am also a licensed Realtor in DC and Virginia, so the advice I give agents comes from someone who has carried the listings, ' +
      'written the offers and sat at the closing table.',
  ],
} as const;

/** Headline metrics repeated in the hero, footer and about section. */
export const metrics = {
  yearsExperience: '15+',
  transactionVolume: '$75M+',
  experienceLabel: 'Years Experience',
  volumeLabel: 'Transaction Volume',
} as const;

/** The owner's current position. */
export const currentPosition = {
  title: 'Director of Operations & Marketing',
  company: 'Capital Keys Realty Group',
  fullTitle: 'Director of Operations & Marketing at Capital Keys Realty Group',
  startDate: '2021-03',
  status: 'Current',
} as const;

/** The configured services (footer, home): Marketing Audits, Team Leadership, Operations Consulting. */
export const configuredServices: readonly ConfiguredService[] = [
  {
    icon: 'search',
    name: 'Marketing Audits',
    description: 'A 15-point review of your website and marketing that finds 3-5 untapped revenue sources.',
  },
  {
    icon: 'users',
    name: 'Team Leadership',
    description: 'Onboarding, training and accountability systems that help agents and staff perform.',
  },
  {
    icon: 'settings',
    name: 'Operations Consulting',
    description: 'Transaction management, automation and workflows that save hours on every file.',
  },
];

/** The certification list of the about section. */
export const certifications: readonly Certification[] = [
  { icon: 'home', text: 'Licensed Realtor (DC & VA)' },
  { icon: 'megaphone', text: 'Google Ads Search Certification' },
  { icon: 'briefcase', text: 'Google Workspace Administrator Certification' },
  { icon: 'linkedin', text: 'LinkedIn Marketing Labs: Marketing Strategy Certification' },
  { icon: 'camera', text: 'Real Estate Photography Certification (PPA)' },
];

/** Search-engine defaults; pages override title, description and keywords (see seo.ts). */
export const seoDefaults = {
  siteName: 'Morgan Ellis — Real Estate Marketing & Operations',
  defaultTitle: 'Morgan Ellis | Real Estate Marketing, Operations & Free Marketing Audit',
  defaultDescription:
    'Real estate operations and marketing professional and licensed Realtor in Northern Virginia, DC and Maryland. 15+ years, ' +
    '$75M+ in transactions. Request a free 15-point marketing audit.',
  defaultKeywords: [
    'real estate marketing',
    'real estate operations',
    'free marketing audit',
    'real estate marketing audit',
    'Northern Virginia real estate',
    'DC real estate marketing',
    'Maryland real estate',
    'team leadership',
    'operations consulting',
    'transaction management',
  ],
  /** The site's public address: canonical links, sitemap and structured data use it. */
  canonicalUrl: 'https://curbappeal.example',
  ogImage: '/media/og-image.png',
  /** The brand's red, so the phone's browser bar matches the site's accent. */
  themeColor: '#dc2626',
  locale: 'en_US',
  /** Robots directive of every public page. */
  robots: 'index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1',
  /** Alternate-language links: the site is written in US English only. */
  alternateLanguages: [
    { hrefLang: 'en-US', path: '' },
    { hrefLang: 'x-default', path: '' },
  ],
} as const;

/** The company behind the site. */
export const company = {
  name: 'Curb Appeal',
  legalName: 'Curb Appeal Marketing & Operations LLC',
  industry: 'Real Estate Marketing and Operations Consulting',
  established: 2020,
  description:
    'Marketing audits, team leadership and operations consulting for real estate agents, teams and small businesses in Northern ' +
    'Virginia, DC and Maryland.',
} as const;

/** Footer texts and columns. */
export const footer = {
  taglines: [
    'Helping real estate professionals grow with better marketing and smoother operations.',
    'Serving Northern Virginia, Washington DC and Maryland.',
  ],
  sections: {
    services: 'Services',
    audit: 'Free Marketing Audit',
    contact: 'Contact',
    connect: 'Connect',
  },
  auditBlurb: 'A 15-point review of your website with 3-5 untapped revenue sources, delivered within 24 hours.',
} as const;

/** The contact card (vCard) offered by the hero and the contact section. */
export const vcard = {
  fn: personal.name,
  org: currentPosition.company,
  title: currentPosition.title,
  email: personal.email,
  tel: personal.phone,
  url: personal.website,
} as const;

/** Public top navigation, in the order the home page's sections run. */
export const navigation: readonly NavItem[] = [
  { id: 'about', label: 'About', href: null },
  { id: 'skills', label: 'Expertise', href: null },
  { id: 'achievements', label: 'Projects', href: null },
  { id: 'experience', label: 'Experience', href: '/experience' },
  { id: 'services', label: 'Services', href: '/services' },
  { id: 'blog', label: 'Blog', href: '/blog' },
  { id: 'audit', label: 'Free Audit', href: '/marketing-audit', highlight: true },
  { id: 'contact', label: 'Contact', href: null },
];

/** The whole site configuration, in one object the pages and the server render read. */
export const siteConfig = {
  personal,
  metrics,
  currentPosition,
  services: configuredServices,
  certifications,
  seo: seoDefaults,
  company,
  footer,
  vcard,
  navigation,
} as const;

/** A vCard value with its separators escaped (RFC 2426: backslash, comma, semicolon, line break). */
const vcardValue = (s: string) => s.replace(/[\\,;]/g, '\\$&').replace(/\r?\n/g, '\\n');

/** The vCard 3.0 text of the contact card (downloaded as a file and encoded in the QR code). */
export interface VcardFields {
  fn: string;
  org: string;
  title: string;
  email: string;
  tel: string;
  url: string;
}

export function vcardText(card: VcardFields = vcard): string {
  const [first, ...rest] = card.fn.split(' ');
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${vcardValue(rest.join(' '))};${vcardValue(first ?? '')};;;`,
    `FN:${vcardValue(card.fn)}`,
    ...(card.org ? [`ORG:${vcardValue(card.org)}`] : []),
    ...(card.title ? [`TITLE:${vcardValue(card.title)}`] : []),
    `EMAIL;TYPE=INTERNET,WORK:${card.email}`,
    ...(card.tel ? [`TEL;TYPE=CELL:${card.tel}`] : []),
    ...(card.url ? [`URL:${card.url}`] : []),
    'END:VCARD',
  ].join('\r\n');
}
