// Home page content: expertise cards, key metrics, major projects and the magazine feature.
import type { OwnerProfile } from '@curb/contracts/owner-content';

/** An expertise card and the details its modal shows. */
export interface SkillCard {
  title: string;
  description: string;
  icon: string;
  details: { tools: string[]; achievements: string[]; experience: string };
}

/** A 'Key Metrics' card. */
export interface AchievementCard {
  title: string;
  value: string;
  description: string;
  category: 'Volume' | 'Operations' | 'Quality' | 'Training' | 'Marketing';
  type: 'achievement';
}

/** A 'Major Projects' card; `slug` is its case-study id. */
export interface ProjectCard {
  title: string;
  slug: string;
  image: string;
  description: string;
  metrics: { value: string; label: string }[];
  tags: string[];
  type: 'project';
}

/** A magazine feature. */
export interface MagazineFeature {
  publication: string;
  title: string;
  date: string;
  description: string;
  role: string;
  image: string;
  featuredImage: string;
  pdf: string;
  highlights: string[];
  pageCount: number;
  featuredPage: number;
}

/** The six expertise cards, in the order the home page shows them. */
export const skills: readonly SkillCard[] = [
  {
    title: 'Operations & Leadership',
    icon: 'building',
    description: 'Running the day-to-day of a high-volume brokerage team: people, pipeline and process.',
    details: {
      tools: ['Salesforce', 'Airtable', 'Dotloop', 'SkySlope', 'Google Workspace'],
      achievements: [
        'Kept $75M+ in annual transactions on schedule with a single source of truth for every file',
        'Cut average file processing time by 30% with standard checklists and automated reminders',
        'Led the operations side of a 45-agent brokerage transition without a missed closing',
      ],
      experience:
        'Fifteen years of operations roles, from transaction coordinator to director, across brokerages in Virginia, DC and Maryland.',
    },
  },
  {
    title: 'Technology & Digital Tools',
    icon: 'laptop',
    description: 'Choosing, configuring and rolling out the tools a modern real estate team depends on.',
    details: {
      tools: ['Airtable', 'Salesforce', 'ChatGPT', 'Zapier', 'Canva', 'Google Workspace'],
      achievements: [
        'Built the team transaction management system on Airtable with 40+ automated steps',
        'Migrated 12,000 contacts into Salesforce with clean, de-duplicated records',
        'Introduced ChatGPT-assisted listing copy, halving the time to publish a listing',
      ],
      experience: 'Administrator of the team CRM, transaction platform and workspace; trains every new hire on the stack.',
    },
  },
  {
    title: 'Marketing & Growth Strategies',
    icon: 'trending-up',
    description: 'Campaigns, content and events that grow brand awareness and bring in qualified leads.',
    details: {
      tools: ['Marketing', 'Social Media', 'Mailchimp', 'Canva', 'Google Ads', 'Event Planning'],
      achievements: [
        'Grew brand awareness 35% in the South Arlington market in one year',
        'Reached 2,231 past clients and sphere contacts with a 53% average open rate',
        'Drew 350+ attendees to community events across Arlington and Alexandria',
      ],
      experience: 'Has run marketing for three brokerages: email, social, print, events, paid search and the website.',
    },
  },
  {
    title: 'Workflow Automation',
    icon: 'zap',
    description: 'Removing repetitive work so agents and coordinators can spend time with clients.',
    details: {
      tools: ['Automation', 'Zapier', 'Airtable', 'Salesforce', 'ChatGPT'],
      achievements: [
        'Automated deadline reminders for every contract, inspection and financing contingency',
        'Saved coordinators an estimated 10 hours a week with automated document requests',
        'Connected lead sources to the CRM so every inquiry is assigned within five minutes',
      ],
      experience: 'Designs automations with the people who use them, then measures the hours they save.',
    },
  },
  {
    title: 'Team Leadership & Training',
    icon: 'users',
    description: 'Hiring, onboarding and coaching agents and staff so they perform from their first month.',
    details: {
      tools: ['Google Workspace', 'Loom', 'Salesforce', 'Event Planning'],
      achievements: [
        'Designed an onboarding program that halved the time to a new agent’s first closing',
        'Onboarded 40+ agents and coordinators with a structured 30-day plan',
        'Runs weekly training on systems, compliance and marketing for the whole team',
      ],
      experience: 'Has led teams of up to 12 staff and supported more than 60 agents.',
    },
  },
  {
    title: 'Strategic Planning & Analysis',
    icon: 'target',
    description: 'Turning market data and team numbers into plans with clear targets.',
    details: {
      tools: ['Marketing', 'Salesforce', 'Google Sheets', 'Looker Studio'],
      achievements: [
        'Planned the South Arlington expansion with a 20% target market share',
        'Built the team dashboard that tracks pipeline, volume and lead sources weekly',
        'Leads the yearly business plan and budget review with the team principals',
      ],
      experience: 'Combines market research with the team’s own data to decide where to invest.',
    },
  },
];

/** The sample's 'Key Metrics' cards; the Client Rating card comes from the profile (keyMetrics). */
export const achievements: readonly AchievementCard[] = [
  {
    title: 'Annual Transactions',
    value: '$75M+',
    description: 'Annual transaction volume managed from contract to closing.',
    category: 'Volume',
    type: 'achievement',
  },
  {
    title: 'Efficiency Improvement',
    value: '30%',
    description: 'Faster file processing after the transaction management system went live.',
    category: 'Operations',
    type: 'achievement',
  },
  {
    title: 'Agents Onboarded',
    value: '40+',
    description: 'Agents and coordinators trained through the structured onboarding program.',
    category: 'Training',
    type: 'achievement',
  },
  {
    title: 'Brand Awareness Growth',
    value: '35%',
    description: 'Growth in local brand awareness from events, email and social campaigns.',
    category: 'Marketing',
    type: 'achievement',
  },
];

/** The owner's review rating when they have given both figures, else null: one alone claims nothing. */
export function ownerRating(profile: Pick<OwnerProfile, 'ratingValue' | 'reviewCount'>): { value: number; count: number } | null {
  return profile.ratingValue !== undefined && profile.reviewCount !== undefined
    ? { value: profile.ratingValue, count: profile.reviewCount }
    : null;
}

/** A rating as people write it: 5.0, 4.9, 4.75. */
export const ratingText = (value: number): string => (Number.isInteger(value) ? value.toFixed(1) : String(value));

/** The 'Client Rating' card from the owner's review figures, or null when they gave none. */
export function ratingCard(profile: Pick<OwnerProfile, 'ratingValue' | 'reviewCount'>): AchievementCard | null {
  const rating = ownerRating(profile);
  if (!rating) return null;
  const reviews = `${rating.count.toLocaleString('en-US')} client review${rating.count === 1 ? '' : 's'}`;
  return {
    title: 'Client Rating',
    value: ratingText(rating.value),
    description: `Average rating from ${reviews}.`,
    category: 'Quality',
    type: 'achievement',
  };
}

/** The 'Key Metrics' cards: the sample's, with the owner's Client Rating third when they gave one. */
export function keyMetrics(profile: Pick<OwnerProfile, 'ratingValue' | 'reviewCount'>): AchievementCard[] {
  const card = ratingCard(profile);
  return card ? [...achievements.slice(0, 2), card, ...achievements.slice(2)] : [...achievements];
}

/** Case-study slug by project title, fixed so published links keep working if a title is
 *  reworded; other titles are slugified. */
export const PROJECT_SLUGS: Readonly<Record<string, string>> = {
  'Transaction Management System': 'transaction-management-system',
  'South Arlington Market Expansion': 'south-arlington-expansion',
  'eXp Realty Brokerage Transition': 'exp-realty-transition',
  'Community Events & Brand Visibility': 'community-events-strategy',
  'Agent Onboarding Program': 'agent-onboarding-system',
  'High-Volume Email Marketing Campaigns': 'email-marketing-campaigns',
};

/** The case-study slug of a project title: the fixed table, else lowercase with hyphens for whitespace. */
export function projectSlug(title: string): string {
  return PROJECT_SLUGS[title] ?? title.toLowerCase().replace(/\s+/g, '-');
}

const project = (p: Omit<ProjectCard, 'slug' | 'image' | 'type'>): ProjectCard => {
  const slug = projectSlug(p.title);
  return { ...p, slug, image: `/media/projects/${slug}.svg`, type: 'project' };
};

/** The six 'Major Projects' cards. */
export const projects: readonly ProjectCard[] = [
  project({
    title: 'Transaction Management System',
    description: 'An Airtable-based system that tracks every contract, deadline and document for a team closing $75M+ a year.',
    metrics: [
      { value: '30%', label: 'Faster processing' },
      { value: '$75M+', label: 'Annual volume tracked' },
    ],
    tags: ['Airtable', 'Automation', 'Operations'],
  }),
  project({
    title: 'South Arlington Market Expansion',
    description: 'A data-led plan to grow the team’s listings in South Arlington through events, mail and digital ads.',
    metrics: [
      { value: '20%', label: 'Target market share' },
      { value: '35%', label: 'Brand awareness growth' },
    ],
    tags: ['Marketing', 'Social Media', 'Strategy'],
  }),
  project({
    title: 'eXp Realty Brokerage Transition',
    description: 'Moving a 45-agent team, its listings and its systems to eXp Realty without a missed closing.',
    metrics: [
      { value: '45', label: 'Agents transitioned' },
      { value: '0', label: 'Missed closings' },
    ],
    tags: ['Salesforce', 'Operations', 'Leadership'],
  }),
  project({
    title: 'Community Events & Brand Visibility',
    description: 'Neighbourhood events, sponsorships and follow-up campaigns that made the team a familiar local name.',
    metrics: [
      { value: '350+', label: 'Attendees' },
      { value: '35%', label: 'Brand awareness growth' },
    ],
    tags: ['Event Planning', 'Social Media', 'Marketing'],
  }),
  project({
    title: 'Agent Onboarding Program',
    description: 'A 30-day onboarding plan with checklists, recorded training and mentoring for every new agent.',
    metrics: [
      { value: '40+', label: 'Agents onboarded' },
      { value: '50%', label: 'Faster first closing' },
    ],
    tags: ['Training', 'Automation', 'ChatGPT'],
  }),
  project({
    title: 'High-Volume Email Marketing Campaigns',
    description: 'Segmented monthly campaigns to past clients and sphere contacts, written and measured in-house.',
    metrics: [
      { value: '2,231', label: 'Clients reached' },
      { value: '53%', label: 'Open rate' },
    ],
    tags: ['Marketing', 'Automation', 'ChatGPT'],
  }),
];

/** The magazine feature of the media recognition section. */
export const magazineFeature: MagazineFeature = {
  publication: 'Real Producers Northern Virginia',
  title: 'Rising Star: The Operator Behind the Numbers',
  date: 'June 2024',
  description:
    'A profile of how systems, training and community marketing helped a Northern Virginia team pass $75M in annual transactions.',
  role: 'Director of Operations & Marketing',
  image: '/media/magazine/cover.svg',
  featuredImage: '/media/magazine/page-31.svg',
  pdf: '/media/magazine/june-2024.pdf',
  highlights: [
    'Featured on page 31 of the June 2024 edition',
    'How a transaction system cut processing time by 30%',
    'Community events that drew 350+ attendees',
    'Advice for agents building a team',
  ],
  pageCount: 58,
  featuredPage: 31,
};

/** Hero texts. */
export const hero = {
  eyebrow: 'Real Estate Operations & Marketing',
  headline: 'Marketing and operations that help real estate teams grow',
  intro:
    'I help agents, teams and small businesses in Northern Virginia, DC and Maryland win more clients with better marketing and ' +
    'smoother operations.',
} as const;
