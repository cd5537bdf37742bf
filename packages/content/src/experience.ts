// Career history: the sample's seven past and present jobs, in the detail the assistant reads;
// the site shows the owner's career (sampleCareer is this list in the shape the owner edits).

/** One job of the timeline. */
export interface ExperienceItem {
  id: string;
  title: string;
  company: string;
  period: string;
  /** Human-readable duration shown in the details dialog. */
  duration: string;
  location: string;
  employmentType: string;
  companySize: string;
  industry: string;
  logo: string;
  snippet: string;
  achievements: string[];
  keyMetrics: { label: string; value: string }[];
  technologies: string[];
  side: 'left' | 'right';
}

/** The experience page's lead: the sample's, and any owner's (their figures and roles follow it). */
export const experienceLead = {
  sample: 'Fifteen years across brokerages, title and marketing: the roles behind the systems, campaigns and teams on this site.',
  owner: 'The roles behind the work on this site, most recent first.',
} as const;

/** The sample's seven jobs, most recent first (the sample career of @curb/content's sample content). */
export const experience: readonly ExperienceItem[] = [
  {
    id: 'capital-keys-director',
    title: 'Director of Operations & Marketing',
    company: 'Capital Keys Realty Group',
    period: 'Mar 2021 – Present',
    duration: '5+ years',
    location: 'Arlington, VA',
    employmentType: 'Full-time',
    companySize: '51-200 employees',
    industry: 'Residential Real Estate',
    logo: 'CK',
    snippet: 'Leads operations and marketing for a team closing $75M+ a year across Virginia, DC and Maryland.',
    achievements: [
      'Built the Airtable transaction management system, cutting file processing time by 30%',
      'Led the team’s move to eXp Realty: 45 agents, no missed closings',
      'Grew local brand awareness 35% with events, email and social campaigns',
      'Designed the 30-day onboarding program used for every new agent',
    ],
    keyMetrics: [
      { label: 'Annual volume', value: '$75M+' },
      { label: 'Efficiency gain', value: '30%' },
      { label: 'Agents supported', value: '45' },
    ],
    technologies: ['Airtable', 'Salesforce', 'Automation', 'ChatGPT', 'Marketing', 'Event Planning'],
    side: 'left',
  },
  {
    id: 'potomac-operations-manager',
    title: 'Operations Manager',
    company: 'Potomac Home Partners',
    period: 'Jan 2018 – Feb 2021',
    duration: '3 years 2 months',
    location: 'Alexandria, VA',
    employmentType: 'Full-time',
    companySize: '11-50 employees',
    industry: 'Residential Real Estate',
    logo: 'PH',
    snippet: 'Ran the CRM, reporting and transaction coordination for a 30-agent team.',
    achievements: [
      'Migrated 12,000 contacts into Salesforce with lead-source tracking',
      'Introduced weekly pipeline reviews and a shared team dashboard',
      'Hired and trained three transaction coordinators',
    ],
    keyMetrics: [
      { label: 'Contacts migrated', value: '12,000' },
      { label: 'Agents supported', value: '30' },
    ],
    technologies: ['Salesforce', 'Automation', 'Google Workspace'],
    side: 'right',
  },
  {
    id: 'nvrc-marketing-manager',
    title: 'Marketing Manager',
    company: 'Northern Virginia Realty Collective',
    period: 'Apr 2016 – Dec 2017',
    duration: '1 year 9 months',
    location: 'Fairfax, VA',
    employmentType: 'Full-time',
    companySize: '11-50 employees',
    industry: 'Real Estate Brokerage',
    logo: 'NV',
    snippet: 'Ran listing marketing, the website, print and paid search for a 25-agent brokerage.',
    achievements: [
      'Relaunched the brokerage website with neighbourhood guides and lead capture',
      'Standardised listing launches: photography, video, print and email within 48 hours',
      'Managed the paid search budget and monthly reporting to the broker',
    ],
    keyMetrics: [
      { label: 'Listings marketed yearly', value: '180+' },
      { label: 'Agents', value: '25' },
    ],
    technologies: ['Marketing', 'Social Media', 'Google Ads', 'Canva'],
    side: 'left',
  },
  {
    id: 'beltway-team-lead',
    title: 'Licensed Realtor & Team Lead',
    company: 'Beltway Residential Group',
    period: 'Mar 2014 – Mar 2016',
    duration: '2 years 1 month',
    location: 'Washington, DC',
    employmentType: 'Full-time',
    companySize: '11-50 employees',
    industry: 'Residential Real Estate',
    logo: 'BR',
    snippet: 'Represented buyers and sellers in DC and Virginia and led a four-agent buyer team.',
    achievements: [
      'Closed buyer and seller transactions in DC and Northern Virginia',
      'Led a four-agent buyer team and its weekly lead follow-up',
      'Created the first-time buyer seminar series',
    ],
    keyMetrics: [
      { label: 'Team agents', value: '4' },
      { label: 'Seminars hosted', value: '20+' },
    ],
    technologies: ['Event Planning', 'Marketing', 'Social Media'],
    side: 'right',
  },
  {
    id: 'old-town-transaction-coordinator',
    title: 'Transaction Coordinator',
    company: 'Old Town Title & Escrow',
    period: 'Feb 2012 – Feb 2014',
    duration: '2 years 1 month',
    location: 'Alexandria, VA',
    employmentType: 'Full-time',
    companySize: '11-50 employees',
    industry: 'Title & Settlement Services',
    logo: 'OT',
    snippet: 'Coordinated contracts, title work and settlements from ratification to closing.',
    achievements: [
      'Coordinated 300+ settlements with agents, lenders and attorneys',
      'Built the checklist the office still uses for every file',
    ],
    keyMetrics: [{ label: 'Settlements coordinated', value: '300+' }],
    technologies: ['Automation', 'Google Workspace'],
    side: 'left',
  },
  {
    id: 'chesapeake-marketing-coordinator',
    title: 'Marketing Coordinator',
    company: 'Chesapeake Property Marketing',
    period: 'Jun 2010 – Jan 2012',
    duration: '1 year 8 months',
    location: 'Bethesda, MD',
    employmentType: 'Full-time',
    companySize: '2-10 employees',
    industry: 'Marketing Services',
    logo: 'CP',
    snippet: 'Produced listing brochures, mailers and the firm’s first social media channels.',
    achievements: [
      'Launched the firm’s social media channels and content calendar',
      'Produced print and email campaigns for 40+ listing agents',
    ],
    keyMetrics: [{ label: 'Agents served', value: '40+' }],
    technologies: ['Social Media', 'Marketing', 'Canva'],
    side: 'right',
  },
  {
    id: 'arlington-office-administrator',
    title: 'Office Administrator',
    company: 'Arlington Community Realty',
    period: 'Aug 2008 – May 2010',
    duration: '1 year 10 months',
    location: 'Arlington, VA',
    employmentType: 'Full-time',
    companySize: '11-50 employees',
    industry: 'Real Estate Brokerage',
    logo: 'AC',
    snippet: 'Kept a busy brokerage office running: agents, listings, files and events.',
    achievements: [
      'Organised office events and the yearly client appreciation party',
      'Managed listing inputs and compliance files for 20 agents',
    ],
    keyMetrics: [{ label: 'Agents supported', value: '20' }],
    technologies: ['Event Planning', 'Google Workspace'],
    side: 'left',
  },
];
