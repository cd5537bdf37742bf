// The six case studies of the blog, one per major project (ids are the projects' slugs).

/** A block of a case study's body. */
export type CaseStudyBlock =
  | { type: 'section'; title: string; content: string }
  | { type: 'metrics'; title: string; metrics: { label: string; value: string; description: string }[] };

/** A case study. */
export interface CaseStudy {
  id: string;
  title: string;
  excerpt: string;
  /** ISO date of publication. */
  date: string;
  readTime: string;
  category: string;
  image: string;
  tags: string[];
  challenge: string;
  solution: string;
  outcome: string;
  content: CaseStudyBlock[];
}

/** Intro of the blog list. */
export const blogIntro = {
  title: 'Case Studies',
  lead: 'How real estate teams in Northern Virginia, DC and Maryland grew with better systems, marketing and leadership.',
} as const;

const image = (id: string) => `/media/projects/${id}.svg`;

/** The six case studies, newest first. */
export const caseStudies: readonly CaseStudy[] = [
  {
    id: 'transaction-management-system',
    title: 'Transaction Management System',
    excerpt: 'How an Airtable-based system cut file processing time by 30% for a team closing $75M+ a year.',
    date: '2024-09-12',
    readTime: '6 min read',
    category: 'Operations',
    image: image('transaction-management-system'),
    tags: ['Airtable', 'Automation', 'Operations'],
    challenge:
      'Contracts, deadlines and documents lived in inboxes, spreadsheets and three different portals. Coordinators spent hours ' +
      'each week chasing status, and a missed contingency date was always one busy weekend away.',
    solution:
      'One Airtable base became the single source of truth for every file: a record per transaction, linked contacts and vendors, ' +
      'a checklist per stage and automations that remind agents, clients and lenders before each deadline.',
    outcome:
      'File processing time fell by 30%, coordinators regained about ten hours a week, and the team has not missed a contract ' +
      'deadline since launch while growing past $75M in annual volume.',
    content: [
      {
        type: 'section',
        title: 'Where the time went',
        content:
          'We timed a month of coordinator work. More than a third went to looking things up: which lender had the appraisal, ' +
          'whether the HOA documents had arrived, who still needed to sign. None of it helped a client.',
      },
      {
        type: 'section',
        title: 'Designing with the people who use it',
        content:
          'Coordinators and agents sketched the stages of a file on a whiteboard. Each stage became a view with its own checklist, ' +
          'and every date in the contract became a field that drives a reminder.',
      },
      {
        type: 'metrics',
        title: 'Results after twelve months',
        metrics: [
          { label: 'Processing time', value: '-30%', description: 'Average time from ratification to a clean file' },
          { label: 'Hours saved', value: '10/week', description: 'Coordinator time no longer spent chasing status' },
          { label: 'Annual volume', value: '$75M+', description: 'Transactions tracked in the system' },
        ],
      },
      {
        type: 'section',
        title: 'What other teams can copy',
        content:
          'Start with the dates, not the documents. When every deadline is a field, reminders and reports come almost for free, ' +
          'and the rest of the system can grow one stage at a time.',
      },
    ],
  },
  {
    id: 'south-arlington-expansion',
    title: 'South Arlington Market Expansion',
    excerpt: 'A data-led plan to win a 20% share of listings in South Arlington neighbourhoods.',
    date: '2024-06-03',
    readTime: '5 min read',
    category: 'Marketing',
    image: image('south-arlington-expansion'),
    tags: ['Marketing', 'Social Media', 'Strategy'],
    challenge:
      'The team was well known in North Arlington but almost invisible a few miles south, where prices were rising fastest and ' +
      'many owners had lived in their homes for decades.',
    solution:
      'We mapped listing data by neighbourhood, chose six target areas and combined quarterly market reports by mail, ' +
      'neighbourhood events, targeted social ads and a page per neighbourhood on the website.',
    outcome: 'Brand awareness in the target areas grew 35% in a year and the team is on track for its 20% target market share.',
    content: [
      {
        type: 'section',
        title: 'Choosing where to play',
        content:
          'Turnover, price growth and the age of ownership pointed to six neighbourhoods where owners were likely to sell within ' +
          'three years and no team had a clear lead.',
      },
      {
        type: 'metrics',
        title: 'Campaign numbers',
        metrics: [
          { label: 'Target market share', value: '20%', description: 'Share of listings in six neighbourhoods' },
          { label: 'Brand awareness', value: '+35%', description: 'Survey of homeowners, year over year' },
          { label: 'Event attendees', value: '150+', description: 'At neighbourhood events in the first year' },
        ],
      },
      {
        type: 'section',
        title: 'Consistency beats volume',
        content:
          'The same faces, the same report and the same message every quarter did more than any single large campaign. Owners ' +
          'started calling the team “the South Arlington people”.',
      },
    ],
  },
  {
    id: 'exp-realty-transition',
    title: 'eXp Realty Brokerage Transition',
    excerpt: 'Moving a 45-agent team, its listings and its systems to eXp Realty without a missed closing.',
    date: '2024-02-20',
    readTime: '7 min read',
    category: 'Operations',
    image: image('exp-realty-transition'),
    tags: ['Salesforce', 'Operations', 'Leadership'],
    challenge:
      'Changing brokerage meant moving 45 agents, dozens of active listings and pending contracts, the CRM and all marketing ' +
      'assets, while clients expected nothing to change.',
    solution:
      'A 60-day plan with a workstream per area: licensing, listings, contracts, CRM, marketing and communication. Each agent had ' +
      'a checklist, and pending contracts stayed with the old brokerage until closing under a signed agreement.',
    outcome:
      'All 45 agents moved on schedule, no closing was missed, and every client record and pipeline stage survived the move in Salesforce.',
    content: [
      {
        type: 'section',
        title: 'Plan the people first',
        content:
          'Agents worried about their listings and their paychecks. Weekly sessions with the principals and a written FAQ answered ' +
          'those questions before the paperwork started.',
      },
      {
        type: 'metrics',
        title: 'The move in numbers',
        metrics: [
          { label: 'Agents transitioned', value: '45', description: 'On the planned date' },
          { label: 'Missed closings', value: '0', description: 'Pending contracts closed as scheduled' },
          { label: 'Records preserved', value: '100%', description: 'Contacts and pipeline stages in Salesforce' },
        ],
      },
      {
        type: 'section',
        title: 'Communicate twice as much as you think',
        content:
          'Clients heard about the change from their own agent, with a short letter explaining that nothing about their ' +
          'transaction would change. Not one client asked to cancel.',
      },
    ],
  },
  {
    id: 'community-events-strategy',
    title: 'Community Events & Brand Visibility',
    excerpt: 'Neighbourhood events and follow-up campaigns that drew 350+ attendees and grew brand awareness 35%.',
    date: '2023-11-08',
    readTime: '5 min read',
    category: 'Marketing',
    image: image('community-events-strategy'),
    tags: ['Event Planning', 'Social Media', 'Marketing'],
    challenge: 'Online ads brought clicks but few conversations. The team wanted to be known in person in the neighbourhoods it served.',
    solution:
      'A yearly calendar of events — client appreciation nights, first-time buyer seminars, a fall festival booth and shred days — ' +
      'each with a sponsor, a sign-up page and a follow-up email sequence.',
    outcome:
      'More than 350 people attended in one year, brand awareness grew 35%, and event sign-ups became the team’s third-largest ' +
      'lead source.',
    content: [
      {
        type: 'section',
        title: 'Every event has a follow-up',
        content:
          'Attendees received photos, a short market update and an invitation to the next event. The follow-up, not the event, is ' +
          'where conversations started.',
      },
      {
        type: 'metrics',
        title: 'One year of events',
        metrics: [
          { label: 'Attendees', value: '350+', description: 'Across twelve events' },
          { label: 'Brand awareness', value: '+35%', description: 'Year-over-year survey' },
          { label: 'Sponsors', value: '9', description: 'Local lenders, inspectors and businesses' },
        ],
      },
    ],
  },
  {
    id: 'agent-onboarding-system',
    title: 'Agent Onboarding Program',
    excerpt: 'A 30-day plan that halved the time from a new agent’s first day to their first closing.',
    date: '2023-07-14',
    readTime: '6 min read',
    category: 'Training',
    image: image('agent-onboarding-system'),
    tags: ['Training', 'Automation', 'ChatGPT'],
    challenge:
      'New agents learned by asking whoever was in the office. Some thrived; many took months to write their first offer, and a ' +
      'few left before they did.',
    solution:
      'A 30-day program with a daily checklist, recorded training on every system, a mentor for the first three transactions and ' +
      'prompt templates that help new agents write follow-ups and market updates.',
    outcome: 'More than 40 agents and coordinators have completed the program, and the time to a first closing has fallen by half.',
    content: [
      {
        type: 'section',
        title: 'Write down what good looks like',
        content:
          'Top agents described their first week, their daily routine and the systems they could not live without. That became the ' +
          'checklist.',
      },
      {
        type: 'metrics',
        title: 'Program results',
        metrics: [
          { label: 'Agents onboarded', value: '40+', description: 'Agents and coordinators since launch' },
          { label: 'Time to first closing', value: '-50%', description: 'Compared with the year before' },
          { label: 'Retention', value: '90%', description: 'Still with the team after one year' },
        ],
      },
    ],
  },
  {
    id: 'email-marketing-campaigns',
    title: 'High-Volume Email Marketing Campaigns',
    excerpt: 'Segmented monthly campaigns that reached 2,231 past clients and contacts with a 53% open rate.',
    date: '2023-03-02',
    readTime: '4 min read',
    category: 'Marketing',
    image: image('email-marketing-campaigns'),
    tags: ['Marketing', 'Automation', 'ChatGPT'],
    challenge:
      'The team’s newsletter went to everyone, said the same thing to everyone and was opened by fewer than one in five recipients.',
    solution:
      'Contacts were segmented by relationship and neighbourhood. Each month every segment received a short, local message with ' +
      'one clear offer, drafted with AI assistance and edited by the team.',
    outcome:
      'Campaigns now reach 2,231 past clients and sphere contacts with an average open rate of 53%, and replies turn into ' +
      'referrals every month.',
    content: [
      {
        type: 'section',
        title: 'Small segments, specific messages',
        content:
          'A homeowner in Shirlington cares about Shirlington prices, not the regional average. Segmenting by neighbourhood made ' +
          'every email feel written for its reader.',
      },
      {
        type: 'metrics',
        title: 'Campaign performance',
        metrics: [
          { label: 'Clients reached', value: '2,231', description: 'Past clients and sphere contacts' },
          { label: 'Open rate', value: '53%', description: 'Average across monthly campaigns' },
          { label: 'Referrals', value: 'Monthly', description: 'Replies that became introductions' },
        ],
      },
    ],
  },
];

/** The case study with this id, if any. */
export function findCaseStudy(id: string): CaseStudy | undefined {
  return caseStudies.find((study) => study.id === id);
}
