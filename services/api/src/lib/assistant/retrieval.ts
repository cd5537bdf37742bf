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

export interface RetrievalResult {
  passage: Passage;
  score: number;
}

export interface Retriever {
  search(query: string, limit?: number): RetrievalResult[];
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
    searchOptions: { boost: { title: 3, keywords: 2, answer: 1.5 }, fuzzy: 0.2, prefix: true, combineWith: 'OR' },
  });
  index.addAll([...passages]);

  function search(query: string, limit = 4): RetrievalResult[] {
    return index
      .search(query)
      .slice(0, limit)
      .map((hit) => ({ passage: byId.get(String(hit.id))!, score: hit.score }))
      .filter((r) => r.passage);
  }

  function answer(userTurns: readonly string[]) {
    const question = userTurns.at(-1) ?? '';
    if (GREETING.test(question)) {
      return {
        message: `Hello! I'm ${personal.name}'s assistant. Ask me about services, experience, case studies or the free marketing audit, or how to get in touch.`,
        sources: [],
        results: [],
      };
    }
    // A follow-up ("how long does it take?") or a question too vague to answer alone leans
    // on the previous question.
    const previous = userTurns.at(-2);
    let results = previous && FOLLOW_UP.test(question) ? search(`${previous} ${question}`) : search(question);
    if ((results[0]?.score ?? 0) < MIN_SCORE && previous) results = search(`${previous} ${question}`);
    const top = results[0];
    if (!top || top.score < MIN_SCORE) {
      if (THANKS.test(question)) {
        return { message: `You're welcome! ${auditNudge}`, sources: [], results: [] };
      }
      return {
        message: `I couldn't find that on this site. I can tell you about services, experience, case studies and the free marketing audit. ${auditNudge} ${contactNudge}`,
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
