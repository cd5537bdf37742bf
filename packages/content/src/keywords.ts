// The keyword dialog's data: for a keyword (a tool chip, tag or technology), the experience,
// achievements, projects and skills it relates to. Unknown keywords have no related items.

/** One card of the keyword dialog. */
export interface RelatedItem {
  id: string;
  title: string;
  type: 'skill' | 'experience' | 'project' | 'achievement';
  company?: string;
  period?: string;
  description: string;
  metrics?: { label: string; value: string }[];
  category?: string;
  icon?: string;
}

/** A keyword and everything related to it. */
export interface KeywordEntry {
  keyword: string;
  relatedItems: RelatedItem[];
}

/** The keywords with related data: Airtable, Salesforce, Marketing, Automation, ChatGPT, Social Media, Event Planning. */
export const keywordEntries: readonly KeywordEntry[] = [
  {
    keyword: 'Airtable',
    relatedItems: [
      {
        id: 'airtable-tms',
        title: 'Transaction Management System',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2021 – Present',
        description: 'Designed and built the Airtable base that tracks every contract, deadline and document for the team.',
        metrics: [
          { label: 'Faster processing', value: '30%' },
          { label: 'Annual volume tracked', value: '$75M+' },
        ],
        category: 'Operations',
        icon: 'database',
      },
      {
        id: 'airtable-director',
        title: 'Director of Operations & Marketing',
        type: 'experience',
        company: 'Capital Keys Realty Group',
        period: '2021 – Present',
        description: 'Administers the team’s Airtable workspace and trains coordinators on the transaction views.',
        category: 'Operations',
      },
      {
        id: 'airtable-skill',
        title: 'Technology & Digital Tools',
        type: 'skill',
        description: 'Builds relational bases, interfaces and automations for transactions, listings and vendors.',
        category: 'Technology',
      },
    ],
  },
  {
    keyword: 'Salesforce',
    relatedItems: [
      {
        id: 'salesforce-migration',
        title: 'CRM migration to Salesforce',
        type: 'achievement',
        company: 'Potomac Home Partners',
        period: '2018 – 2021',
        description: 'Moved 12,000 contacts into Salesforce with clean, de-duplicated records and lead-source tracking.',
        metrics: [{ label: 'Contacts migrated', value: '12,000' }],
        category: 'Technology',
      },
      {
        id: 'salesforce-exp',
        title: 'eXp Realty Brokerage Transition',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2022',
        description: 'Kept every client record and pipeline stage intact in Salesforce while 45 agents changed brokerage.',
        metrics: [
          { label: 'Agents transitioned', value: '45' },
          { label: 'Missed closings', value: '0' },
        ],
        category: 'Operations',
      },
      {
        id: 'salesforce-ops-manager',
        title: 'Operations Manager',
        type: 'experience',
        company: 'Potomac Home Partners',
        period: '2018 – 2021',
        description: 'Owned the CRM, reporting and lead routing for a 30-agent team.',
        category: 'Operations',
      },
    ],
  },
  {
    keyword: 'Marketing',
    relatedItems: [
      {
        id: 'marketing-awareness',
        title: 'Brand Awareness Growth',
        type: 'achievement',
        company: 'Capital Keys Realty Group',
        period: '2023',
        description: 'Grew local brand awareness 35% with events, email and social campaigns.',
        metrics: [{ label: 'Brand awareness growth', value: '35%' }],
        category: 'Marketing',
      },
      {
        id: 'marketing-south-arlington',
        title: 'South Arlington Market Expansion',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2023 – 2024',
        description: 'A plan to win a 20% share of listings in South Arlington neighbourhoods.',
        metrics: [{ label: 'Target market share', value: '20%' }],
        category: 'Marketing',
      },
      {
        id: 'marketing-manager',
        title: 'Marketing Manager',
        type: 'experience',
        company: 'Northern Virginia Realty Collective',
        period: '2016 – 2018',
        description: 'Ran listing marketing, the website, print and paid search for a 25-agent brokerage.',
        category: 'Marketing',
      },
      {
        id: 'marketing-skill',
        title: 'Marketing & Growth Strategies',
        type: 'skill',
        description: 'Campaigns, content and events that grow awareness and bring in qualified leads.',
        category: 'Marketing',
      },
    ],
  },
  {
    keyword: 'Automation',
    relatedItems: [
      {
        id: 'automation-reminders',
        title: 'Automated contract deadlines',
        type: 'achievement',
        company: 'Capital Keys Realty Group',
        period: '2021 – Present',
        description: 'Every contingency and deadline now triggers reminders to agents, clients and lenders.',
        metrics: [{ label: 'Hours saved weekly', value: '10' }],
        category: 'Operations',
      },
      {
        id: 'automation-email',
        title: 'High-Volume Email Marketing Campaigns',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2022 – Present',
        description: 'Segmented, automated campaigns to past clients and sphere contacts.',
        metrics: [
          { label: 'Clients reached', value: '2,231' },
          { label: 'Open rate', value: '53%' },
        ],
        category: 'Marketing',
      },
      {
        id: 'automation-skill',
        title: 'Workflow Automation',
        type: 'skill',
        description: 'Removes repetitive work so agents and coordinators can spend time with clients.',
        category: 'Technology',
      },
    ],
  },
  {
    keyword: 'ChatGPT',
    relatedItems: [
      {
        id: 'chatgpt-listing-copy',
        title: 'AI-assisted listing copy',
        type: 'achievement',
        company: 'Capital Keys Realty Group',
        period: '2023',
        description: 'Introduced reviewed ChatGPT drafts for listing descriptions, halving the time to publish.',
        metrics: [{ label: 'Less time to publish', value: '50%' }],
        category: 'Technology',
      },
      {
        id: 'chatgpt-onboarding',
        title: 'Agent Onboarding Program',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2023',
        description: 'Uses ChatGPT prompts in training so new agents draft follow-ups and market updates faster.',
        metrics: [{ label: 'Agents onboarded', value: '40+' }],
        category: 'Training',
      },
    ],
  },
  {
    keyword: 'Social Media',
    relatedItems: [
      {
        id: 'social-community',
        title: 'Community Events & Brand Visibility',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2022 – 2024',
        description: 'Event coverage, neighbourhood spotlights and agent videos across Instagram, Facebook and LinkedIn.',
        metrics: [{ label: 'Brand awareness growth', value: '35%' }],
        category: 'Marketing',
      },
      {
        id: 'social-coordinator',
        title: 'Marketing Coordinator',
        type: 'experience',
        company: 'Chesapeake Property Marketing',
        period: '2010 – 2012',
        description: 'Launched the firm’s first social media channels and content calendar.',
        category: 'Marketing',
      },
    ],
  },
  {
    keyword: 'Event Planning',
    relatedItems: [
      {
        id: 'events-attendees',
        title: 'Community events',
        type: 'achievement',
        company: 'Capital Keys Realty Group',
        period: '2022 – 2024',
        description: 'Client appreciation nights, first-time buyer seminars and neighbourhood festivals.',
        metrics: [{ label: 'Attendees', value: '350+' }],
        category: 'Marketing',
      },
      {
        id: 'events-project',
        title: 'Community Events & Brand Visibility',
        type: 'project',
        company: 'Capital Keys Realty Group',
        period: '2022 – 2024',
        description: 'A yearly calendar of events with sponsors, follow-up campaigns and measured results.',
        metrics: [
          { label: 'Attendees', value: '350+' },
          { label: 'Brand awareness growth', value: '35%' },
        ],
        category: 'Marketing',
      },
    ],
  },
];

/** The related items of a keyword (case-insensitive); an unknown keyword gives an empty list. */
export function relatedItemsFor(keyword: string): RelatedItem[] {
  const wanted = keyword.trim().toLowerCase();
  return keywordEntries.find((entry) => entry.keyword.toLowerCase() === wanted)?.relatedItems ?? [];
}
