// The services page: four service cards with their features, tools and target clients.

/** A service card. */
export interface ServiceItem {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  features: string[];
  tools: string[];
  targetClients: string[];
}

/** Intro of the services page. */
export const servicesIntro = {
  title: 'Services',
  lead:
    'Marketing, operations and leadership help for real estate agents, teams and small businesses in Northern Virginia, DC and ' +
    'Maryland.',
  ctaTitle: 'Not sure where to start?',
  ctaText: 'Start with the free 15-point marketing audit, or email me to talk about your team.',
} as const;

/** The four service cards. */
export const serviceItems: readonly ServiceItem[] = [
  {
    id: 'marketing-audits',
    title: 'Marketing Audits',
    subtitle: 'Find the leads your marketing is missing',
    description:
      'A 15-point review of your website, search presence, social profiles and lead capture, with a Growth Opportunities Report ' +
      'that names 3-5 untapped revenue sources.',
    features: [
      '15-point website and marketing review',
      'Growth Opportunities Report within 24 hours',
      '90-day action plan with priorities',
      'Competitive benchmark against local agents',
    ],
    tools: ['Lighthouse', 'Google Search Console', 'Google Analytics', 'Schema.org'],
    targetClients: ['Solo agents', 'Agent teams', 'Small brokerages'],
  },
  {
    id: 'team-leadership',
    title: 'Team Leadership',
    subtitle: 'Agents and staff who perform from month one',
    description: 'Hiring plans, onboarding, training and accountability systems that help agents and coordinators ramp up faster and stay.',
    features: [
      '30-day onboarding program',
      'Recorded training library',
      'Weekly accountability meetings',
      'Role descriptions and scorecards',
    ],
    tools: ['Google Workspace', 'Loom', 'Salesforce'],
    targetClients: ['Growing teams', 'Team leaders', 'Brokers'],
  },
  {
    id: 'operations-consulting',
    title: 'Operations Consulting',
    subtitle: 'Smoother files, fewer dropped balls',
    description: 'Transaction management, automation and workflows that save hours on every file and keep every deadline visible.',
    features: [
      'Transaction management system setup',
      'Deadline and document automation',
      'CRM clean-up and lead routing',
      'Team dashboards and reporting',
    ],
    tools: ['Airtable', 'Salesforce', 'Zapier', 'Dotloop'],
    targetClients: ['Agent teams', 'Transaction coordinators', 'Small brokerages'],
  },
  {
    id: 'marketing-strategy',
    title: 'Marketing Strategy Consultation',
    subtitle: 'A plan for your next twelve months',
    description:
      'A working session and written plan covering your market, positioning, budget and campaigns, with targets you can measure.',
    features: [
      'Market and competitor review',
      'Channel plan: email, social, events, paid search',
      'Budget and lead targets',
      'Follow-up review after 90 days',
    ],
    tools: ['Mailchimp', 'Canva', 'Google Ads', 'ChatGPT'],
    targetClients: ['Agents entering a new market', 'Teams planning growth', 'Small businesses'],
  },
];
