// The offline assistant's yardstick: questions a visitor asks, each with the page that should
// answer it, or null when the site's content does not cover it and the assistant must say
// so; and, for many, what the reply must say (the answer itself, not a passage nearby) and
// whether it opens with "Yes" or "No". The table has two halves: the tuning half, which the
// retrieval's thresholds and rules were adjusted on, and a held-out half written with it and
// never tuned on, so its figures tell how the assistant does on questions nobody fitted it
// to. The tests hold the assistant to both; `pnpm bench:assistant` prints both.
import { personal } from '@curb/content';
import type { Retriever } from '../services/api/src/lib/assistant/retrieval.ts';

export interface RetrievalCase {
  question: string;
  /** An earlier question in the same conversation. */
  previous?: string;
  /** The path of the page the answer must cite first (any of several); null: not covered by the site. */
  source: string | readonly string[] | null;
  /** What the reply must say: every pattern must match it. */
  says?: readonly RegExp[];
  /** A yes/no question's reply opens with this word. */
  opens?: 'Yes' | 'No';
}

/** A reply that says plainly the site gives no price. */
const NO_PRICE = /(?:does not|doesn't) (?:list|give|state|publish) (?:a )?(?:price|prices|fee|fees|rate|rates)/i;
// The set asks about the sample owner the content package ships: who they are and how to reach
// them come from there, so the set follows that content rather than restating it.
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const NAME = literally(personal.name);
const FIRST_NAME = personal.name.split(' ')[0]!;
const PHONE = literally(personal.formattedPhone);
const EMAIL = literally(personal.email);
const LOCATION = literally(personal.location);
const TOWN = literally(personal.location.split(',')[0]!);
/** A reply that offers the owner's contact. */
const CONTACT = new RegExp(`${EMAIL.source}|${PHONE.source}`);
const AUDIT_TIMES = [/about 20 seconds/, /within 24 hours/];
/** A reply that says the site does not answer and offers the owner instead. */
const NO_ANSWER = /(?:site|it) (?:does not|doesn't) (?:say|answer|cover)/i;

/** The first tuning questions: the original table, then questions as visitors phrase them. */
const FIRST_TUNING_CASES: readonly RetrievalCase[] = [
  { question: 'What services do you offer?', source: '/services' },
  { question: 'Tell me about team leadership', source: '/services' },
  { question: 'Can you help with operations consulting?', source: '/services' },
  { question: 'markting audt', source: '/services' },
  { question: 'Is the marketing audit really free?', source: '/marketing-audit' },
  { question: 'How did the transaction management system save time?', source: '/blog/transaction-management-system' },
  { question: 'What happened with the South Arlington expansion?', source: '/blog/south-arlington-expansion' },
  { question: `What did ${FIRST_NAME} do at eXp Realty?`, source: '/blog/exp-realty-transition' },
  { question: `What did ${FIRST_NAME} do at Potomac Home Partners?`, source: '/experience' },
  { question: 'How does the agent onboarding program work?', source: '/blog/agent-onboarding-system' },
  { question: 'What open rate did the email marketing campaigns get?', source: '/blog/email-marketing-campaigns' },
  { question: 'How can I contact you?', source: '/#contact' },
  { question: "What's your phone number?", source: '/#contact' },
  { question: `Who is ${personal.name}?`, source: '/#about' },
  { question: 'Which certifications do you have?', source: '/#about' },
  { question: 'What is your work experience?', source: '/experience' },
  { question: 'Which magazine featured you?', source: '/#achievements' },
  { question: 'Tell me about the agent onboarding program', source: '/blog/agent-onboarding-system' },
  { question: 'What makes your operations consulting different?', source: '/services' },
  { question: 'How many years of experience do you have?', source: '/experience' },
  { question: 'What results did the community events get?', source: '/blog/community-events-strategy' },
  { question: 'Where are you located?', source: '/#contact' },
  { question: 'How much does the audit cost?', source: '/marketing-audit' },
  {
    question: 'and how long does it take?',
    previous: 'Tell me about the agent onboarding program',
    source: '/blog/agent-onboarding-system',
  },
  // A new topic after a follow-up-looking word answers the new question, not the previous one.
  { question: 'And what certifications do you have?', previous: 'How did the South Arlington expansion go?', source: '/#about' },
  { question: 'What is the capital of France?', source: null },
  { question: "What's the weather in Paris tomorrow?", source: null },
  { question: 'What is the price of bitcoin?', source: null },
  { question: 'Can you recommend a mortgage lender?', source: null },
  { question: 'How do I bake sourdough bread?', source: null },
  { question: 'Who won the Super Bowl last year?', source: null },
  { question: `What did ${FIRST_NAME} do at Keller Williams?`, source: null },
  { question: 'Translate hello into Spanish', source: null },
  { question: 'What is the population of Tokyo?', source: null },
  { question: 'Write me a poem about cats', source: null },
  { question: 'What is the best pizza place in Arlington?', source: null },
  { question: 'How do I fix my car engine?', source: null },
  // The question's own answer, yes or no first, prices the site does not give, the
  // areas served, how long an audit takes.
  { question: 'How much does a consultation cost?', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'Do you work with teams in Maryland?', source: '/services', opens: 'Yes', says: [/Maryland/] },
  { question: 'Which areas do you serve?', source: '/#contact', says: [/Northern Virginia/, /Maryland/] },
  { question: 'How long does the audit take?', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'how long until i get my report', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'Is the audit free?', source: '/marketing-audit', opens: 'Yes', says: [/free/] },
  { question: 'what do you charge for operations consulting', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'Are you a licensed realtor?', source: '/#about', opens: 'Yes', says: [/Licensed Realtor/] },
  { question: `Where is ${FIRST_NAME} based?`, source: '/#contact', says: [LOCATION] },
  { question: 'Do you cover Florida?', source: '/#contact', opens: 'No', says: [/Northern Virginia/] },
  { question: 'best way to reach you?', source: '/#contact', says: [CONTACT] },
  { question: 'How many agents have you onboarded?', source: '/blog/agent-onboarding-system', says: [/40 agents/] },
  { question: 'how fast will the report come by email', source: '/marketing-audit', says: [/within 24 hours/] },
  { question: 'Can I hire you for a marketing strategy session?', source: '/services', opens: 'Yes' },
  { question: 'Do you offer team leadership training?', source: '/services', opens: 'Yes', says: [/Team Leadership/] },
  { question: "What's your client rating?", source: '/#achievements', says: [/4\.9/] },
  { question: 'Whats the median home price in Arlington?', source: null },
  { question: 'Can you get me a mortgage pre-approval?', source: null },
  { question: 'Who is the mayor of DC?', source: null },
  { question: 'Can you walk my dog?', source: null },
  // What visitors asked in a walk through the site, and follow-ups.
  { question: 'What do you charge?', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'What should I fix before I list?', source: null, says: [NO_ANSWER, CONTACT] },
  // The South Arlington case study says how the owner marketed a team's listings: a right answer too.
  {
    question: 'How would you market my listing?',
    source: ['/services', '/#skills', '/blog/south-arlington-expansion'],
    says: [/email|social|events/i],
  },
  { question: 'How long does it take to sell in Northern Virginia?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'What neighborhoods sell fastest?', source: null, says: [NO_ANSWER, CONTACT] },
  {
    question: 'and how long does that take?',
    previous: 'What services do you offer?',
    source: '/services',
    says: [/24 hours|30-day|90 days/],
  },
  {
    question: 'how much is it?',
    previous: 'Tell me about the marketing strategy consultation',
    source: '/#contact',
    says: [NO_PRICE, /Marketing Strategy/],
  },
  { question: "What's your transaction volume?", source: ['/#about', '/#achievements'], says: [/\$75M\+/] },
  { question: 'What do your clients say about you?', source: '/real-estate-marketing-report', says: [/“|"/] },
  { question: 'Do you have any testimonials?', source: '/real-estate-marketing-report', opens: 'Yes' },
  { question: 'Can I book a consultation?', source: '/#contact', says: [CONTACT] },
  { question: 'Do you help teams grow their listings?', source: ['/services', '/#skills'], opens: 'Yes' },
  { question: "What's your LinkedIn?", source: '/#contact', says: [/linkedin/i] },
  { question: "What's your job title?", source: '/#about', says: [/Director of Operations/] },
];

/**
 * The first held-out set. Its misses were printed by the bench and published
 * with each measurement, so it is part of the tuning half now.
 */
const RETIRED_HELD_OUT: readonly RetrievalCase[] = [
  { question: 'What does a strategy consultation cost?', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'Do you help brokerages in Virginia?', source: '/services', opens: 'Yes' },
  { question: 'What areas do you cover?', source: '/#contact', says: [/Northern Virginia/, /Maryland/] },
  { question: 'How quickly will I get my audit results?', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'Is the website audit really free of charge?', source: '/marketing-audit', opens: 'Yes' },
  { question: 'Are you licensed in Virginia?', source: '/#about', opens: 'Yes', says: [/VA|Virginia/] },
  { question: 'Do you work in Texas?', source: '/#contact', opens: 'No', says: [/Northern Virginia/] },
  { question: "Where's your office?", source: '/#contact', says: [TOWN] },
  { question: "What's your email?", source: '/#contact', says: [EMAIL] },
  { question: 'how much for team leadership coaching', source: '/#contact', says: [NO_PRICE] },
  { question: 'Do you serve Washington DC?', source: '/#contact', opens: 'Yes', says: [/DC/] },
  { question: 'Can you help me set up a transaction management system?', source: '/services', opens: 'Yes' },
  { question: 'How long have you been in real estate?', source: '/experience', says: [/15\+/] },
  { question: 'Which companies have you worked for?', source: '/experience' },
  { question: 'Have you been featured in any magazines?', source: '/#achievements', opens: 'Yes' },
  { question: 'What are your rates?', source: '/#contact', says: [NO_PRICE] },
  { question: "What's the best school district in Fairfax?", source: null },
  { question: 'Can you recommend a good home inspector?', source: null },
  { question: 'How do I reset my router?', source: null },
  { question: 'What will mortgage rates do next year?', source: null },
  { question: 'Who is the best agent in Bethesda?', source: null },
  { question: 'Can you book me a flight to Miami?', source: null },
  // Written with the visitors' questions of the walk through the site, before the assistant was
  // changed for them.
  { question: 'How much do you charge for a marketing audit?', source: '/marketing-audit', says: [/free/] },
  { question: 'what are your fees', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'What does a marketing strategy session include?', source: '/services', says: [/channel plan|competitor|budget/i] },
  { question: 'Can you help me get more leads from my website?', source: ['/services', '/marketing-audit'], opens: 'Yes' },
  { question: "What's your total sales volume?", source: ['/#about', '/#achievements'], says: [/\$75M\+/] },
  { question: 'How many reviews do you have?', source: '/#achievements', says: [/127/] },
  { question: 'What do past clients say?', source: '/real-estate-marketing-report', says: [/“|"/] },
  { question: 'Do you help with social media marketing?', source: ['/services', '/#skills'], opens: 'Yes' },
  { question: 'How would you promote my home?', source: ['/services', '/#skills'], says: [/email|social|events/i] },
  { question: 'How many days on market is typical in Arlington?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Should I paint my house before selling?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'What is my home worth?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Do you do home staging?', source: null, says: [CONTACT] },
  { question: 'Can I schedule a call with you?', source: '/#contact', says: [CONTACT] },
  { question: 'Is there a number I can call?', source: '/#contact', says: [PHONE] },
  { question: 'Where do you work?', source: '/#contact', says: [/Northern Virginia/] },
  { question: 'Do you work in Maryland?', source: ['/#contact', '/services'], opens: 'Yes' },
  { question: 'Do you serve California?', source: '/#contact', opens: 'No' },
  {
    question: 'What tools do you use for transactions?',
    source: ['/services', '/#skills', '/blog/transaction-management-system'],
    says: [/Airtable/],
  },
  { question: 'How did the community events go?', source: '/blog/community-events-strategy', says: [/350/] },
  { question: 'What do you do?', source: ['/#about', '/services'], says: [/[Oo]perations/] },
  { question: 'Who do you work with?', source: ['/services', '/#about'], says: [/agents|teams/i] },
  {
    question: 'what does it cost?',
    previous: 'Tell me about your operations consulting',
    source: '/#contact',
    says: [NO_PRICE, /Operations Consulting/],
  },
  { question: 'and how long does it take?', previous: 'Is the audit free?', source: '/marketing-audit', says: AUDIT_TIMES },
  {
    question: 'how many agents went through it?',
    previous: 'Tell me about the onboarding program',
    source: '/blog/agent-onboarding-system',
    says: [/40/],
  },
  { question: 'How long have you been doing this?', source: ['/experience', '/#about', '/#achievements'], says: [/15\+/] },
  { question: 'Can you recommend a moving company?', source: null },
  { question: "What's the interest rate today?", source: null },
  { question: 'How quickly can you sell my house?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Are you on LinkedIn?', source: '/#contact', says: [/linkedin/i] },
];

/** The second held-out set, measured once (ADR-0264), then moved here with its misses known. */
const SECOND_RETIRED_HELD_OUT: readonly RetrievalCase[] = [
  { question: 'Do you offer marketing audits?', source: ['/services', '/marketing-audit'], opens: 'Yes' },
  { question: "What's included in the free audit?", source: ['/marketing-audit', '/services'], says: [/15-point|website|search/] },
  { question: 'Can you fix our CRM?', source: '/services', says: [/CRM/] },
  { question: 'Who is the team leadership service for?', source: '/services', says: [/growing teams|team leaders|brokers/i] },
  { question: "What's your contact email?", source: '/#contact', says: [EMAIL] },
  { question: `How do I get in touch with ${FIRST_NAME}?`, source: '/#contact', says: [CONTACT] },
  { question: 'Where are you?', source: '/#contact', says: [TOWN] },
  { question: 'Do you cover DC?', source: '/#contact', opens: 'Yes' },
  { question: 'Do you work in Ohio?', source: '/#contact', opens: 'No' },
  { question: "What's your rating from clients?", source: '/#achievements', says: [/4\.9/] },
  { question: 'How big was the team you moved to eXp?', source: '/blog/exp-realty-transition', says: [/45/] },
  { question: 'What open rates do your emails get?', source: '/blog/email-marketing-campaigns', says: [/53%/] },
  {
    question: 'How many people came to your events?',
    source: ['/blog/community-events-strategy', '/#achievements', '/#skills'],
    says: [/350/],
  },
  { question: "What's your background?", source: ['/experience', '/#about'] },
  { question: 'Are you a realtor?', source: '/#about', opens: 'Yes' },
  { question: 'What magazine wrote about you?', source: '/#achievements', says: [/Real Producers/] },
  { question: 'Any reviews from clients?', source: ['/real-estate-marketing-report', '/#achievements'] },
  { question: 'What do you know about Salesforce?', source: ['/#skills', '/services', '/experience'], says: [/Salesforce/] },
  { question: 'I want to grow my real estate team. Can you help?', source: '/services', opens: 'Yes' },
  { question: 'Is the report emailed to me?', source: '/marketing-audit', says: [/24 hours|e-mail|email/] },
  { question: 'How soon does the audit finish?', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'Can I call you?', source: '/#contact', says: [PHONE] },
  {
    question: 'who is it for?',
    previous: 'What is the Operations Consulting service?',
    source: '/services',
    says: [/teams|coordinators|brokerages/i],
  },
  {
    question: 'what were the results?',
    previous: 'Tell me about the South Arlington expansion',
    source: '/blog/south-arlington-expansion',
    says: [/35%|20%/],
  },
  {
    question: 'how much does it cost?',
    previous: 'Do you offer team leadership training?',
    source: '/#contact',
    says: [NO_PRICE, CONTACT],
  },
  { question: 'is there a follow-up?', previous: "What's in the marketing strategy consultation?", source: '/services', says: [/90 days/] },
  { question: "What's the average home price in Alexandria?", source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Can you help me get a mortgage?', source: null },
  { question: 'Should I rent or sell my condo?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'What are property taxes in Fairfax County?', source: null },
  { question: 'Can you list my house on the MLS?', source: null, says: [CONTACT] },
  { question: 'Is now a good time to sell?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: "What's the best neighborhood for families in Arlington?", source: null },
  { question: 'Do you know a good plumber?', source: null },
  { question: 'What will my closing costs be?', source: null, says: [CONTACT] },
  { question: 'How do I write an offer on a house?', source: null, says: [NO_ANSWER, CONTACT] },
];

/** The third held-out set, measured (ADR-0264), then moved here with its misses known. */
const THIRD_RETIRED_HELD_OUT: readonly RetrievalCase[] = [
  { question: 'What kind of services do you provide?', source: '/services', says: [/Marketing Audits/] },
  { question: 'Tell me about your marketing audits', source: ['/services', '/marketing-audit'], says: [/15-point/] },
  { question: 'How fast do I get the audit report?', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'Do you charge for the audit?', source: '/marketing-audit', says: [/free/] },
  { question: 'What are your prices?', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'Can you help with Airtable?', source: ['/services', '/#skills', '/blog/transaction-management-system'], opens: 'Yes' },
  { question: 'What does operations consulting include?', source: '/services', says: [/CRM|automation|transaction/i] },
  { question: 'Are you based in Arlington?', source: '/#contact', opens: 'Yes' },
  { question: 'Do you work with small businesses?', source: ['/services', '/#contact'], opens: 'Yes' },
  { question: 'How can I book time with you?', source: '/#contact', says: [CONTACT] },
  { question: 'Who are you?', source: '/#about', says: [NAME] },
  { question: 'How many agents have you trained?', source: ['/#achievements', '/blog/agent-onboarding-system', '/#skills'], says: [/40/] },
  {
    question: "What's your experience with email marketing?",
    source: ['/blog/email-marketing-campaigns', '/#skills', '/experience'],
    says: [/53%|2,231/],
  },
  { question: 'Tell me about the transaction management system', source: '/blog/transaction-management-system', says: [/30%/] },
  { question: 'Where were you featured?', source: '/#achievements', says: [/Real Producers/] },
  { question: "What's your LinkedIn profile?", source: '/#contact', says: [/linkedin/i] },
  {
    question: 'how many agents moved?',
    previous: 'Tell me about the eXp Realty transition',
    source: '/blog/exp-realty-transition',
    says: [/45/],
  },
  {
    question: 'how many people came?',
    previous: 'Tell me about the community events',
    source: '/blog/community-events-strategy',
    says: [/350/],
  },
  { question: 'what does it include?', previous: 'What is the Team Leadership service?', source: '/services', says: [/onboarding/] },
  {
    question: 'and what does it cost?',
    previous: 'What is the Marketing Strategy Consultation?',
    source: '/#contact',
    says: [NO_PRICE],
  },
  { question: 'how long does it take?', previous: 'How does the free audit work?', source: '/marketing-audit', says: AUDIT_TIMES },
  {
    question: 'what was the open rate?',
    previous: 'Tell me about the email campaigns',
    source: '/blog/email-marketing-campaigns',
    says: [/53%/],
  },
  {
    question: 'what tools do you use for it?',
    previous: 'Do you offer operations consulting?',
    source: '/services',
    says: [/Airtable|Zapier|Salesforce/],
  },
  {
    question: 'what was the target market share?',
    previous: 'Tell me about the South Arlington expansion',
    source: '/blog/south-arlington-expansion',
    says: [/20%/],
  },
  { question: 'How much is my house worth?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: "What's the average days on market in Fairfax?", source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Can you recommend a lawyer?', source: null },
  { question: "Is it a buyer's or seller's market right now?", source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'What are HOA fees in Reston?', source: null, says: [CONTACT] },
  { question: 'Can you show me homes for sale in Vienna?', source: null },
  { question: "What's the weather like in Arlington?", source: null },
  { question: 'Do I need a home inspection?', source: null, says: [NO_ANSWER, CONTACT] },
];

/** The tuning half: what the retrieval's thresholds and rules may be adjusted on. */
export const TUNING_CASES: readonly RetrievalCase[] = [
  ...FIRST_TUNING_CASES,
  ...RETIRED_HELD_OUT,
  ...SECOND_RETIRED_HELD_OUT,
  ...THIRD_RETIRED_HELD_OUT,
];

/**
 * The held-out half: written before any change made for it, and never tuned on (only its totals
 * are looked at while tuning). When one of these fails, the miss is reported, not fitted.
 */
export const HELD_OUT_CASES: readonly RetrievalCase[] = [
  { question: 'Hi, who am I talking to?', source: '/#about', says: [NAME] },
  { question: 'Tell me about yourself', source: '/#about', says: [NAME] },
  { question: "What's your phone number and email?", source: '/#contact', says: [PHONE, EMAIL] },
  { question: 'How much does the marketing strategy consultation cost?', source: '/#contact', says: [NO_PRICE, CONTACT] },
  { question: 'What results have your clients seen?', source: ['/real-estate-marketing-report', '/#achievements'] },
  { question: 'How many transactions do you handle a year?', source: ['/#achievements', '/#about'], says: [/\$75M/] },
  { question: 'How do clients rate you?', source: '/#achievements', says: [/4\.9/] },
  { question: 'What is the Growth Opportunities Report?', source: ['/services', '/marketing-audit'], says: [/revenue|untapped|3-5/] },
  { question: 'Can you automate our paperwork?', source: ['/services', '/#skills'], opens: 'Yes' },
  { question: 'Do you do team training?', source: ['/services', '/#skills'], opens: 'Yes' },
  { question: 'Where is your office located?', source: '/#contact', says: [TOWN] },
  { question: 'Do you serve Maryland?', source: '/#contact', opens: 'Yes' },
  { question: 'Are you licensed in DC?', source: '/#about', opens: 'Yes' },
  { question: 'How long does it take to get my report?', source: '/marketing-audit', says: AUDIT_TIMES },
  { question: 'What happened when you moved the team to eXp Realty?', source: '/blog/exp-realty-transition' },
  { question: 'Which tools do you use?', source: ['/services', '/#skills'] },
  { question: 'What is your current role?', source: '/#about', says: [/Director/] },
  {
    question: 'how much time did it save?',
    previous: 'Tell me about the transaction management system',
    source: '/blog/transaction-management-system',
    says: [/30%|ten hours|10 hours/],
  },
  {
    question: 'who is it for?',
    previous: 'What is the Marketing Audits service?',
    source: '/services',
    says: [/solo agents|teams|brokerages/i],
  },
  {
    question: 'how long is it?',
    previous: 'Tell me about the agent onboarding program',
    source: '/blog/agent-onboarding-system',
    says: [/30-day/],
  },
  { question: 'is it really free?', previous: 'What does the free audit include?', source: '/marketing-audit', opens: 'Yes' },
  { question: 'what does it cost?', previous: 'Do you offer operations consulting?', source: '/#contact', says: [NO_PRICE] },
  { question: "What's the best mortgage rate right now?", source: null },
  { question: 'Can you help me find a rental apartment?', source: null, says: [CONTACT] },
  { question: 'How much should I list my house for?', source: null, says: [CONTACT] },
  { question: 'What are the best schools in Arlington?', source: null },
  { question: 'Will home prices go up next year?', source: null, says: [NO_ANSWER, CONTACT] },
  { question: 'Do you speak Spanish?', source: null },
  { question: 'Can you stage my home?', source: null },
];

/** The whole table. */
export const RETRIEVAL_CASES: readonly RetrievalCase[] = [...TUNING_CASES, ...HELD_OUT_CASES];

export interface Evaluation {
  /** Answers that cited the expected page and said what they must, of all answers given. */
  precision: number;
  /** Covered questions answered from the expected page, saying what they must. */
  recall: number;
  /** Uncovered questions the assistant said it could not answer. */
  refusals: number;
  cases: number;
  misses: Array<{ question: string; expected: string | null; cited: string | null; reply: string }>;
}

/** Whether `reply` says what the case asks: its patterns, and Yes or No first. */
function saysWhatItMust(c: RetrievalCase, reply: string): boolean {
  if (c.opens && !new RegExp(`^${c.opens}\\b`).test(reply.trim())) return false;
  return (c.says ?? []).every((re) => re.test(reply));
}

export function evaluateRetrieval(retriever: Retriever, cases: readonly RetrievalCase[] = RETRIEVAL_CASES): Evaluation {
  let answered = 0;
  let correct = 0;
  let covered = 0;
  let refused = 0;
  const misses: Evaluation['misses'] = [];
  for (const c of cases) {
    const { results, sources, message } = retriever.answer(c.previous ? [c.previous, c.question] : [c.question]);
    const cited = results.length ? (sources[0]?.path ?? null) : null;
    if (cited !== null) answered++;
    if (c.source !== null) covered++;
    const expected: ReadonlyArray<string | null> = c.source === null ? [null] : typeof c.source === 'string' ? [c.source] : c.source;
    if (expected.includes(cited) && saysWhatItMust(c, message)) {
      if (cited !== null) correct++;
      else refused++;
    } else misses.push({ question: c.question, expected: expected.join(' | ') || null, cited, reply: message.slice(0, 160) });
  }
  const uncovered = cases.length - covered;
  return {
    precision: answered ? correct / answered : 1,
    recall: covered ? correct / covered : 1,
    refusals: uncovered ? refused / uncovered : 1,
    cases: cases.length,
    misses,
  };
}
