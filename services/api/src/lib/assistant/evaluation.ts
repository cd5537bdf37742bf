// The offline assistant's yardstick: questions a visitor asks, each with the page that should
// answer it, or null when the site's content does not cover it and the assistant must say
// so. The tests hold the assistant to it and `pnpm bench:assistant` prints its precision.
import type { Retriever } from './retrieval.ts';

export interface RetrievalCase {
  question: string;
  /** An earlier question in the same conversation. */
  previous?: string;
  /** The path of the page the answer must cite first; null: not covered by the site. */
  source: string | null;
}

export const RETRIEVAL_CASES: readonly RetrievalCase[] = [
  { question: 'What services do you offer?', source: '/services' },
  { question: 'Tell me about team leadership', source: '/services' },
  { question: 'Can you help with operations consulting?', source: '/services' },
  { question: 'markting audt', source: '/services' },
  { question: 'Is the marketing audit really free?', source: '/marketing-audit' },
  { question: 'How did the transaction management system save time?', source: '/blog/transaction-management-system' },
  { question: 'What happened with the South Arlington expansion?', source: '/blog/south-arlington-expansion' },
  { question: 'What did Morgan do at eXp Realty?', source: '/blog/exp-realty-transition' },
  { question: 'What did Morgan do at Potomac Home Partners?', source: '/experience' },
  { question: 'How does the agent onboarding program work?', source: '/blog/agent-onboarding-system' },
  { question: 'What open rate did the email marketing campaigns get?', source: '/blog/email-marketing-campaigns' },
  { question: 'How can I contact you?', source: '/#contact' },
  { question: "What's your phone number?", source: '/#contact' },
  { question: 'Who is Morgan Ellis?', source: '/#about' },
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
  { question: 'What did Morgan do at Keller Williams?', source: null },
  { question: 'Translate hello into Spanish', source: null },
  { question: 'What is the population of Tokyo?', source: null },
  { question: 'Write me a poem about cats', source: null },
  { question: 'What is the best pizza place in Arlington?', source: null },
  { question: 'How do I fix my car engine?', source: null },
];

export interface Evaluation {
  /** Answers that cited the expected page, of all answers given. */
  precision: number;
  /** Covered questions answered from the expected page. */
  recall: number;
  /** Uncovered questions the assistant said it could not answer. */
  refusals: number;
  misses: Array<{ question: string; expected: string | null; cited: string | null }>;
}

export function evaluateRetrieval(retriever: Retriever, cases: readonly RetrievalCase[] = RETRIEVAL_CASES): Evaluation {
  let answered = 0;
  let correct = 0;
  let covered = 0;
  let refused = 0;
  const misses: Evaluation['misses'] = [];
  for (const c of cases) {
    const { results, sources } = retriever.answer(c.previous ? [c.previous, c.question] : [c.question]);
    const cited = results.length ? (sources[0]?.path ?? null) : null;
    if (cited !== null) answered++;
    if (c.source !== null) covered++;
    if (cited === c.source) {
      if (cited !== null) correct++;
      else refused++;
    } else misses.push({ question: c.question, expected: c.source, cited });
  }
  const uncovered = cases.length - covered;
  return {
    precision: answered ? correct / answered : 1,
    recall: covered ? correct / covered : 1,
    refusals: uncovered ? refused / uncovered : 1,
    misses,
  };
}
