// The offline assistant: MiniSearch (BM25+, fuzzy and prefix matching) over the site's
// passages, and a short grounded answer that names and links the page it came from,
// steering toward the free audit or contact when nothing matches.
import MiniSearch from 'minisearch';
import type { ChatSource } from '@curb/contracts/assistant';
import { personal } from '@curb/content';
import { AUDIT_PAGE, buildCorpus, CONTACT_PAGE, type Passage } from './corpus.ts';

// Question words and fillers carry no topic; leaving them in lets "what do you..." match
// every passage a little.
const STOP_WORDS = new Set(
  `a about actually all also am an and any anything are as at be been but by can could did do does doing for from get give got
  had has have help how i i'd i'm if in into is it its just know like me more much my need of on or our please s say should
  so some tell than thank thanks that the their them then there these they this to us want was we were what when where which
  who why will with would you your yours hey hi hello ok okay yes no`.split(/\s+/),
);

/** Lower case, no stop words, crude singular ("studies" → "study", "services" → "service"). */
function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/^'+|'+$/g, '');
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Below this score a match is too weak to answer from (tuned on the table-driven tests). */
const MIN_SCORE = 4;
/**
 * Share of the question's topic words the best passage must contain. One shared word is not
 * enough: "the capital of France" shares only "capital" with a company name, "the price of
 * bitcoin" only "price" with the audit. Tuned on RETRIEVAL_CASES (evaluation.ts).
 */
const MIN_COVERAGE = 0.6;
/** A strong match may leave half the words unmatched ("what makes your consulting different?"). */
const STRONG_SCORE = 30;
const STRONG_MIN_COVERAGE = 0.5;
/** Prefix and typo matching only for words long enough to mean something ("exp" is not "experience"). */
const PREFIX_MIN_LENGTH = 4;
const FUZZY_MIN_LENGTH = 4;
// The site is all about its owner: the owner's name says nothing about which page answers.
const OWNER_NAME = new Set(personal.name.toLowerCase().split(/\s+/));
const TOKEN = /[\n\r\p{Z}\p{P}]+/u;

/** The question's topic words as the index sees them. */
function topicTerms(question: string): string[] {
  const terms = [
    ...new Set(
      question
        .split(TOKEN)
        .map(processTerm)
        .filter((t): t is string => t !== null),
    ),
  ];
  const withoutName = terms.filter((t) => !OWNER_NAME.has(t));
  return withoutName.length ? withoutName : terms;
}

export interface RetrievalResult {
  passage: Passage;
  score: number;
  /** Share of the question's topic words this passage contains. */
  coverage: number;
}

export interface Retriever {
  search(query: string, limit?: number, topic?: string): RetrievalResult[];
  answer(userTurns: readonly string[]): { message: string; sources: ChatSource[]; results: RetrievalResult[] };
  passage(id: string): Passage | undefined;
}

const GREETING = /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings)\b[\s!.,]*(there)?[\s!.,]*$/i;
const THANKS = /^\s*(thanks?|thank you|thx|great|perfect|awesome|cool|ok(ay)?)\b[^?]*$/i;

const FOLLOW_UP = /^\s*(and|so|but|what about|how about)\b|\b(it|its|that|this|those|these|they|them|there|more)\b/i;

const link = (page: { title: string; path: string }, label = page.title) => `[${label}](${page.path})`;

const auditNudge = `For a personalised look at your own marketing, request the ${link(AUDIT_PAGE, 'free marketing audit')}.`;
const contactNudge = `To talk it through, ${link(CONTACT_PAGE, 'get in touch')} or e-mail ${personal.email}.`;

function nudgeFor(passage: Passage): string {
  switch (passage.kind) {
    case 'contact':
      return auditNudge;
    case 'audit':
    case 'report':
    case 'about':
    case 'certifications':
      return contactNudge;
    default:
      return auditNudge;
  }
}

export function createRetriever(passages: readonly Passage[] = buildCorpus()): Retriever {
  const byId = new Map(passages.map((p) => [p.id, p]));
  const index = new MiniSearch<Passage>({
    idField: 'id',
    fields: ['title', 'keywords', 'answer', 'text'],
    processTerm,
    searchOptions: {
      boost: { title: 3, keywords: 2, answer: 1.5 },
      fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 0.2 : false),
      prefix: (term) => term.length >= PREFIX_MIN_LENGTH,
      combineWith: 'OR',
    },
  });
  index.addAll([...passages]);

  /** The best passages for `query`; coverage is measured against `topic` (the query's own words by default). */
  function search(query: string, limit = 4, topic = query): RetrievalResult[] {
    const terms = topicTerms(topic);
    return index
      .search(topicTerms(query).join(' '))
      .slice(0, limit)
      .map((hit) => ({
        passage: byId.get(String(hit.id))!,
        score: hit.score,
        coverage: terms.length ? terms.filter((t) => hit.queryTerms.includes(t)).length / terms.length : 0,
      }))
      .filter((r) => r.passage);
  }

  const confident = ([top]: RetrievalResult[]) =>
    top !== undefined &&
    top.score >= MIN_SCORE &&
    (top.coverage >= MIN_COVERAGE || (top.score >= STRONG_SCORE && top.coverage >= STRONG_MIN_COVERAGE));

  function answer(userTurns: readonly string[]) {
    const question = userTurns.at(-1) ?? '';
    if (GREETING.test(question)) {
      return {
        message:
          `Hello! I'm ${personal.name}'s assistant. Ask me about services, experience, case studies or the free marketing audit, or ` +
          `how to get in touch.`,
        sources: [],
        results: [],
      };
    }
    // The question asked is answered first; only a follow-up that cannot stand alone ("how
    // long does it take?") leans on the previous question, and then the passage must answer
    // that previous question's topic.
    const previous = userTurns.at(-2);
    let results = search(question);
    if (!confident(results) && previous && FOLLOW_UP.test(question)) {
      const combined = search(`${previous} ${question}`, 4, previous);
      if (confident(combined)) results = combined;
    }
    const top = results[0];
    if (!top || !confident(results)) {
      if (THANKS.test(question)) {
        return { message: `You're welcome! ${auditNudge}`, sources: [], results: [] };
      }
      return {
        message:
          `I couldn't find that on this site. I can tell you about services, experience, case studies and the free marketing audit. ` +
          `${auditNudge} ${contactNudge}`,
        sources: [AUDIT_PAGE, CONTACT_PAGE],
        results: [],
      };
    }
    const parts = [top.passage.answer, `Read more on ${link(top.passage.page)}.`];
    const sources: ChatSource[] = [top.passage.page];
    const second = results[1];
    if (second && second.score >= top.score * 0.6 && second.passage.page.path !== top.passage.page.path) {
      parts.push(`See also ${link(second.passage.page)}.`);
      sources.push(second.passage.page);
    }
    parts.push(nudgeFor(top.passage));
    return { message: parts.join(' '), sources, results };
  }

  return { search, answer, passage: (id) => byId.get(id) };
}
