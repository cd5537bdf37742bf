// The offline assistant: MiniSearch (BM25+, fuzzy and prefix matching) over the site's
// passages, and a short grounded answer that names and links the page it came from: the
// sentence(s) that answer the question, Yes or No first when it asks one, plainly "the site
// does not list a price" with the owner's contact for prices it does not state, and a turn
// toward the free audit or contact when nothing matches (said once in a conversation).
import MiniSearch from 'minisearch';
import type { ChatSource } from '@curb/contracts/assistant';
import { auditTiming } from '@curb/content';
import {
  chooseSentences,
  contentTerms,
  intentOf,
  ownerFacts,
  placeCode,
  sentencesOf,
  stem,
  withoutPriceWords,
  type Intent,
} from './compose.ts';
import { AUDIT_PAGE, bookingSentence, buildCorpus, CONTACT_PAGE, socialLinks, type Passage } from './corpus.ts';
import { sampleKnowledge, type AssistantKnowledge } from './knowledge.ts';

// Question words and fillers carry no topic; leaving them in lets "what do you..." match
// every passage a little.
const STOP_WORDS = new Set(
  `a about actually all also am an and any anything are as at be been but by can could did do does doing for from get give got
  had has have help how i i'd i'm if in into is it its just know like me more much my need of on or our please s say should
  so some tell than thank thanks that the their them then there these they this to us want was we were what when where which
  who why will with would you your yours hey hi hello ok okay yes no whats wheres hows whos best way before after many total`.split(/\s+/),
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
 * bitcoin" only "price" with the audit. Tuned on TUNING_CASES (test/assistant-evaluation.ts), never on the held-out half.
 */
const MIN_COVERAGE = 0.6;
/** A strong match may leave half the words unmatched ("what makes your consulting different?"). */
const STRONG_SCORE = 30;
const STRONG_MIN_COVERAGE = 0.5;
/** Prefix and typo matching only for words long enough to mean something ("exp" is not "experience"). */
const PREFIX_MIN_LENGTH = 4;
const FUZZY_MIN_LENGTH = 4;
const TOKEN = /[\n\r\p{Z}\p{P}]+/u;
/** Share of the words of "can you…" a service must hold to answer it Yes. */
const OFFER_MIN_COVERAGE = 0.5;
/** A service answers "can you…" missing one of its words only from this score (a real match, not a stray word). */
const OFFER_MIN_SCORE = 10;
/** How much more a service or an expertise card weighs when the visitor asks what the owner would do. */
const OFFER_BOOST = { service: 2.5, skill: 1.5 };

/** The question's topic words as the index sees them; the owner's name says nothing about which page answers. */
function topicTerms(question: string, ownerName: ReadonlySet<string>): string[] {
  const terms = [
    ...new Set(
      question
        .split(TOKEN)
        .map(processTerm)
        .filter((t): t is string => t !== null),
    ),
  ];
  const withoutName = terms.filter((t) => !ownerName.has(t));
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
  /**
   * The reply to the last of `userTurns`. `previousReplies` are the assistant's earlier
   * replies in the conversation: an offer made there is not made again.
   */
  answer(
    userTurns: readonly string[],
    previousReplies?: readonly string[],
  ): { message: string; sources: ChatSource[]; results: RetrievalResult[] };
  passage(id: string): Passage | undefined;
}

const GREETING = /^\s*(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening)|greetings)\b[\s!.,]*(there)?[\s!.,]*$/i;
const THANKS = /^\s*(thanks?|thank you|thx|great|perfect|awesome|cool|ok(ay)?)\b[^?]*$/i;

/** How long the owner has worked: the headline figure in years answers it. */
const YEARS = /\bhow long have you been\b|\bhow many years\b|\byears of experience\b/i;
/** What others say of the owner: the testimonials. */
const SAYING = /\b(?:clients?|customers?|people|others|sellers?|buyers?)\b.{0,30}\b(?:say|said|think)\b|\btestimonials?\b/i;
/** A licence or credential asked of the owner. */
const LICENCE = /\b(?:licen[sc]ed?|licen[sc]es?|credentials?)\b/i;
/** Whom the owner works for: the services' clients. */
const WHO_FOR = /\bwho (?:do|does) (?:you|\w+) (?:work with|work for|help|serve)\b/i;
/** "Who is it for?" of what was just asked about. */
const WHO_IS_IT_FOR = /\bwho (?:is|are) (?:it|this|that|they|these|those) for\b/i;
/** Advice asked ("should I…"): only a sentence with every word of it answers. */
const ADVICE = /^\s*(?:should|do|must) i\b/i;
/** "What do you do?": the services. */
const WHAT_DO = /^\s*what (?:do|does) (?:you|\w+) do\s*\??\s*$/i;
/** A statistic asked ("the best…", "typical", "average"): only a sentence with every word of it answers. */
const STATISTIC = /\b(?:best|typical(?:ly)?|average|median|fastest|slowest|cheapest|worth)\b/i;

/** Who the assistant speaks for: "who are you?", "who is this?". */
const WHO_ARE_YOU = /^\s*(?:(?:hi|hello|hey)[,!.]?\s*)?who (?:are you|is this)\s*\??\s*$/i;
/** A question about now or a listing for sale: only a sentence with every word of it answers. */
const EVERY_WORD = /\b(?:right now|currently|these days|this year|next year|for sale|for rent)\b/i;

/** The owner's present role asked: "what's your (job) title", "what is your position". */
const OWN_ROLE = /\byour (?:current )?(?:job title|title|position|role|job)\b(?!\s+(?:at|with|in)\b)|\bwhat do you do for a living\b/i;

/** A price as content states one: an amount of dollars, or a percentage that is a fee or commission. */
const STATED_PRICE = /\$\s?\d|\b\d+(?:\.\d+)?\s?%\s*(?:commission|fee|of the (?:sale|price))|\b(?:fee|commission) of\b/i;

/** A word that points back at what was said before. */
const PRONOUN = /\b(?:it|its|that|this|those|these|they|them)\b/i;

const FOLLOW_UP = /^\s*(and|so|but|what about|how about)\b|\b(it|its|that|this|those|these|they|them|there|more)\b/i;

const link = (page: { title: string; path: string }, label = page.title) => `[${label}](${page.path})`;

const auditNudge = `For a personalised look at your own marketing, request the ${link(AUDIT_PAGE, 'free marketing audit')}.`;

function nudgeFor(passage: Passage, contactNudge: string): string {
  switch (passage.kind) {
    case 'contact':
    case 'area':
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

/** Words that ask where the owner works, and not what about. */
const AREA_TERMS = new Set(
  'serve cover operate travel available based located location area region city county state market work live where'.split(' ').map(stem),
);

/** What a price question asks the price of, as the reply names it. */
function priceSubject(passage: Passage): string {
  switch (passage.kind) {
    case 'service':
      return passage.id === 'services' ? 'its services' : `the ${passage.title}`;
    case 'skill':
    case 'case-study':
      return `work like ${passage.title}`;
    default:
      return 'its services';
  }
}

/** Whether `text` has a number followed, within three words, by one of `terms` ("127 client reviews"). */
function countsOneOf(text: string, terms: readonly string[]): boolean {
  // "A 15-point review" names a kind of review, not a count of them.
  const tokens = text
    .toLowerCase()
    .replace(/\b\d+-\p{L}+/gu, ' ')
    .split(/[^\p{L}\p{N}+$%,.]+/u)
    .map((t) => t.replace(/[.,]+$/, ''))
    .filter(Boolean);
  return tokens.some((w, i) => /^[\d$]/.test(w) && tokens.slice(i + 1, i + 4).some((next) => terms.includes(stem(next))));
}

const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

export function createRetriever(knowledge: AssistantKnowledge = sampleKnowledge()): Retriever {
  const passages = buildCorpus(knowledge);
  const { figures } = knowledge;
  const owner = ownerFacts(knowledge.profile);
  const booking = bookingSentence(knowledge.profile);
  const contactNudge = `To talk it through, ${link(CONTACT_PAGE, 'get in touch')} or e-mail ${owner.email}.${booking ? ` ${booking}` : ''}`;
  // Linked, so a visitor on a phone taps to write or call; speech reads the text alone.
  const dial = owner.phone.replace(/[^\d+]/g, '');
  const reachOwner = `e-mail [${owner.email}](mailto:${owner.email})${owner.phone ? ` or call [${owner.phone}](tel:${dial})` : ''}`;
  const contactLine = `${owner.name} quotes on request: ${reachOwner}.${booking ? ` ${booking}` : ''}`;
  const social = socialLinks(knowledge.profile);
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

  /**
   * The best passages for `query`; coverage is measured against `topic` (the query's own words
   * by default). `offered`: the visitor asks what the owner would do for them, which the
   * services and expertise answer before a past project does.
   */
  function search(query: string, limit = 4, topic = query, offered = false): RetrievalResult[] {
    const terms = topicTerms(topic, owner.nameWords);
    const boostDocument = offered
      ? (id: unknown) => (String(id).startsWith('service') ? OFFER_BOOST.service : String(id).startsWith('skill-') ? OFFER_BOOST.skill : 1)
      : undefined;
    return index
      .search(topicTerms(query, owner.nameWords).join(' '), boostDocument ? { boostDocument } : {})
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

  /** A reply, with the offer that closes it unless the conversation made it already. */
  function reply(
    text: string,
    sources: ChatSource[],
    results: RetrievalResult[],
    said: string,
    offer: string | null,
  ): { message: string; sources: ChatSource[]; results: RetrievalResult[] } {
    const target = offer ? /\]\(([^)]+)\)/.exec(offer)?.[1] : undefined;
    const repeat = !offer || (target !== undefined && said.includes(`](${target})`));
    return { message: repeat ? text : `${text} ${offer}`, sources, results };
  }

  /** "Do you cover Texas?": the areas served settle it. */
  function areaReply(intent: Intent, said: string) {
    const areas = byId.get('areas');
    if (!areas || !intent.place) return null;
    const hit: RetrievalResult = { passage: areas, score: STRONG_SCORE, coverage: 1 };
    const lead = intent.place.served ? (intent.yesNo ? 'Yes. ' : '') : 'No. ';
    const unnamed = intent.place.served ? '' : ` The site does not mention ${intent.place.name}.`;
    return reply(`${lead}${areas.answer}${unnamed} Read more on ${link(areas.page)}.`, [areas.page], [hit], said, contactNudge);
  }

  /** The sentences of a passage that state a price ("$500", "a 2.5 % fee"), if any. */
  const statedPrices = (passage: Passage) => passage.facts.flatMap(sentencesOf).filter((f) => STATED_PRICE.test(f));

  /**
   * Prices: the audit is free; a price the owner's content states is quoted; every other price
   * the site does not give, and says so. "How much is it?" asks the price of the previous topic.
   */
  function priceReply(question: string, intent: Intent, said: string, previous: string | undefined) {
    const audit = byId.get('audit');
    const own = withoutPriceWords(question);
    const topic = contentTerms(own, owner).length === 0 && previous && FOLLOW_UP.test(question) ? withoutPriceWords(previous) : own;
    const found = search(topic, 4, topic);
    const top = found[0];
    const aboutAudit = /\b(?:audit|report|review)s?\b/i.test(topic) || (confident(found) && top?.passage.kind === 'audit');
    if (aboutAudit && audit) {
      const hit: RetrievalResult = { passage: audit, score: STRONG_SCORE, coverage: 1 };
      // "Is it free?" is answered yes; "is there a fee?" or "does it cost anything?" no.
      const lead = !intent.yesNo ? '' : intent.free ? 'Yes. ' : 'No. ';
      return reply(
        `${lead}The marketing audit is free: enter your website and e-mail address. ${auditTiming.sentence} ` +
          `Read more on ${link(audit.page)}.`,
        [audit.page],
        [hit],
        said,
        null,
      );
    }
    if (intent.free && !intent.price) return null;
    // A price is asked of something the site sells (a service, an area of expertise), or not at all.
    if (top && confident(found) && (top.passage.kind === 'service' || top.passage.kind === 'skill')) {
      const prices = statedPrices(top.passage);
      if (prices.length) {
        return reply(
          `${prices.slice(0, 2).join(' ')} Read more on ${link(top.passage.page)}.`,
          [top.passage.page],
          found,
          said,
          contactNudge,
        );
      }
      return reply(
        `The site does not list a price for ${priceSubject(top.passage)}. ${contactLine} Read more on ${link(top.passage.page)}.`,
        [CONTACT_PAGE, top.passage.page],
        found,
        said,
        null,
      );
    }
    // "What are your rates?": nothing left but the price.
    if (contentTerms(topic, owner).length === 0) {
      const contact = byId.get('contact');
      const services = passages.filter((p) => p.kind === 'service' && p.id !== 'services');
      const stated = services.flatMap((p) => statedPrices(p));
      if (stated.length) {
        const page = services[0]!.page;
        return reply(
          `The prices the site states: ${stated.slice(0, 4).join(' ')} The marketing audit is free. ${contactLine} ` +
            `Read more on ${link(page)}.`,
          [page, CONTACT_PAGE],
          contact ? [{ passage: contact, score: STRONG_SCORE, coverage: 1 }] : [],
          said,
          null,
        );
      }
      return reply(
        `The site does not list prices for ${owner.name}'s services; the one it states is the marketing audit, which is free. ` +
          contactLine,
        [CONTACT_PAGE],
        contact ? [{ passage: contact, score: STRONG_SCORE, coverage: 1 }] : [],
        said,
        null,
      );
    }
    return null;
  }

  function refusal(question: string, said: string) {
    if (THANKS.test(question)) return reply("You're welcome!", [], [], said, auditNudge);
    // Nothing on the site answers: say so, and hand the visitor to the owner, who can.
    const text =
      `This site doesn't answer that, but ${owner.name} can: ${reachOwner}.${booking ? ` ${booking}` : ''} ` +
      'I can tell you about services, experience, case studies and the free marketing audit.';
    const offers = [auditNudge].filter((o) => !said.includes(`](${/\]\(([^)]+)\)/.exec(o)![1]})`));
    return { message: [text, ...offers].join(' '), sources: [CONTACT_PAGE, AUDIT_PAGE], results: [] };
  }

  /**
   * A follow-up ("who is it for?", "what were the results?", "is there a follow-up?") read in
   * the passage the previous question was answered from: its sentence that holds the words
   * asked, a time for "how long", a number for "how many", its clients for "who is it for".
   * Null when that passage does not answer it, and the question is searched as usual.
   */
  function followUp(previous: string, question: string, intent: Intent, said: string) {
    const before = search(previous, 4, previous, intentOf(previous, owner).offer);
    if (!confident(before)) return null;
    // The previous answer's passage first, then the next ones that matched it as well ("do you
    // offer operations consulting?" is answered from the overview, its tools from the service).
    const candidates = before.slice(0, 3).filter((r, i) => i === 0 || (r.coverage >= MIN_COVERAGE && r.score >= before[0]!.score / 2));
    for (const topic of candidates) {
      const text = followUpText(topic.passage, question, intent);
      if (!text) continue;
      const { passage } = topic;
      const hit: RetrievalResult = { passage, score: topic.score, coverage: 1 };
      return reply(`${text} Read more on ${link(passage.page)}.`, [passage.page], [hit], said, nudgeFor(passage, contactNudge));
    }
    return null;
  }

  /** What `passage` says to a follow-up, or null. */
  function followUpText(passage: Passage, question: string, intent: Intent): string | null {
    if (WHO_IS_IT_FOR.test(question)) return passage.facts.filter((f) => / is for /.test(f)).join(' ') || null;
    const chosen = chooseSentences(passage, question, intent, owner);
    const timed = intent.duration && /\d/.test(chosen.text);
    const counted = intent.count && countsOneOf(chosen.text, contentTerms(question, owner));
    let text: string | null = null;
    if (chosen.terms > 0 ? chosen.covered === chosen.terms || timed || counted : timed) text = chosen.text;
    // "What were the results?" of a case study: what the passage is about, when its title and
    // keywords hold every word asked.
    else if (
      chosen.terms > 0 &&
      contentTerms(question, owner).every((t) => new Set(contentTerms(`${passage.title} ${passage.keywords}`, owner)).has(t))
    ) {
      text = passage.answer;
    }
    return text && intent.yesNo ? `Yes. ${text}` : text;
  }

  function answer(userTurns: readonly string[], previousReplies: readonly string[] = []) {
    const question = userTurns.at(-1) ?? '';
    const said = previousReplies.join('\n');
    if (GREETING.test(question)) {
      return {
        message:
          `Hello! I'm ${owner.name}'s assistant. Ask me about services, experience, case studies or the free marketing audit, or ` +
          `how to get in touch.`,
        sources: [],
        results: [],
      };
    }
    const intent = intentOf(question, owner);
    // "Are you based in Arlington?": a town the site names among the areas or the office is a yes.
    const askedTerms = contentTerms(question, owner);
    const places = askedTerms.filter((t) => !AREA_TERMS.has(t));
    const whereabouts = new Set(contentTerms([...owner.areas, owner.location].join(' '), owner));
    if (
      intent.yesNo &&
      !intent.place &&
      places.length > 0 &&
      places.length < askedTerms.length &&
      places.every((t) => whereabouts.has(t))
    ) {
      const areas = byId.get('areas');
      if (areas) {
        const hit: RetrievalResult = { passage: areas, score: STRONG_SCORE, coverage: 1 };
        return reply(`Yes. ${areas.answer} Read more on ${link(areas.page)}.`, [areas.page], [hit], said, contactNudge);
      }
    }
    // Where the owner works, asked and nothing else ("Which areas do you serve?", "Where are
    // you based?"): the areas served.
    if (intent.area && !intent.place && contentTerms(question, owner).every((t) => AREA_TERMS.has(t))) {
      const areas = byId.get('areas');
      if (areas) {
        const hit: RetrievalResult = { passage: areas, score: STRONG_SCORE, coverage: 1 };
        return reply(`${areas.answer} Read more on ${link(areas.page)}.`, [areas.page], [hit], said, contactNudge);
      }
    }
    // A place named: a state the site does not list is a plain no; one it lists answers a
    // question about the place alone ("Do you serve DC?"), and leaves the rest to the passages.
    if (intent.place && (intent.area || intent.yesNo)) {
      const placeStems = new Set(contentTerms(intent.place.name, owner));
      const rest = contentTerms(question, owner).filter((t) => !AREA_TERMS.has(t) && !placeStems.has(t));
      if (!intent.place.served || rest.length === 0) {
        const area = areaReply(intent, said);
        if (area) return area;
      }
    }
    // How long an audit takes: on screen in about 20 s, the e-mail within 24 hours.
    const audit = byId.get('audit');
    if (intent.duration && audit && /\b(?:audit|report)s?\b/i.test(question)) {
      const hit: RetrievalResult = { passage: audit, score: STRONG_SCORE, coverage: 1 };
      return reply(`${auditTiming.sentence} Read more on ${link(audit.page)}.`, [audit.page], [hit], said, null);
    }
    // Who the owner is now: "what's your job title?" (a past role's title is not the answer).
    const about = byId.get('about');
    if (about && OWN_ROLE.test(question)) {
      const hit: RetrievalResult = { passage: about, score: STRONG_SCORE, coverage: 1 };
      return reply(`${sentencesOf(about.answer)[0]} Read more on ${link(about.page)}.`, [about.page], [hit], said, contactNudge);
    }
    const direct = (passage: Passage | undefined, text: (p: Passage) => string | null, offer: string | null = contactNudge) => {
      const body = passage ? text(passage) : null;
      if (!passage || !body) return null;
      const hit: RetrievalResult = { passage, score: STRONG_SCORE, coverage: 1 };
      return reply(`${body} Read more on ${link(passage.page)}.`, [passage.page], [hit], said, offer);
    };
    if (WHO_ARE_YOU.test(question)) {
      const found = direct(byId.get('about'), (p) => `I'm ${owner.name}'s assistant. ${p.answer}`, auditNudge);
      if (found) return found;
    }
    // How long the owner has worked: their figure in years, from the career page when there is one.
    const years = figures.find((f) => /\byears?\b/i.test(f.label));
    if (YEARS.test(question) && years) {
      const found = direct(
        byId.get('experience') ?? byId.get('metrics'),
        () => `${owner.name}: ${years.value} ${years.label.toLowerCase()}.`,
      );
      if (found) return found;
    }
    // What clients say: the testimonials, quoted whole.
    if (SAYING.test(question) && !intent.count) {
      const found = direct(byId.get('testimonials'), (p) => `${intent.yesNo ? 'Yes. ' : ''}${p.answer}`, auditNudge);
      if (found) return found;
    }
    // A licence: the one the profile states, "Yes" when it names the place asked about (or none is).
    const licence = knowledge.profile.licence;
    if (LICENCE.test(question) && licence) {
      const named = !intent.place || new RegExp(`\\b(?:${intent.place.name}|${placeCode(intent.place.name)})\\b`, 'i').test(licence);
      const lead = intent.yesNo ? (named ? 'Yes. ' : `The licence the site states does not name ${intent.place?.name}. `) : '';
      const found = direct(byId.get('certifications'), () => `${lead}${owner.name}: ${sentence(licence)}`);
      if (found) return found;
    }
    // Whom the owner works for, and what they do: the services.
    const overview = byId.get('services');
    if (WHO_FOR.test(question) || WHAT_DO.test(question)) {
      const found = direct(overview, (p) =>
        WHO_FOR.test(question) ? p.facts.filter((f) => / is for /.test(f)).join(' ') || null : sentencesOf(p.answer).slice(0, 2).join(' '),
      );
      if (found) return found;
    }
    // How to reach the owner.
    const contact = byId.get('contact');
    if (intent.contact && contact) {
      const hit: RetrievalResult = { passage: contact, score: STRONG_SCORE, coverage: 1 };
      const network = /\b(?:linkedin|facebook|instagram|youtube|tiktok|zillow)\b/i.exec(question)?.[0].toLowerCase();
      const profileLink = network ? social.find((s) => s.name.toLowerCase() === network) : undefined;
      const lead = network
        ? profileLink
          ? `${owner.name} on ${profileLink.name}: ${profileLink.url}. `
          : `The site links no ${network} profile for ${owner.name}. `
        : '';
      return reply(`${lead}${contact.answer} Read more on ${link(contact.page)}.`, [contact.page], [hit], said, auditNudge);
    }
    const previousQuestion = userTurns.at(-2);
    if (intent.price || (intent.free && intent.yesNo)) {
      const price = priceReply(question, intent, said, previousQuestion);
      if (price) return price;
      if (intent.price) return refusal(question, said);
    }
    // The question asked is answered first; only a follow-up that cannot stand alone ("how
    // long does it take?") leans on the previous question, and then the passage must answer
    // that previous question's topic.
    const previous = previousQuestion;
    // "What were the results?": a short question about "the" something leans on the one before.
    const leansBack = FOLLOW_UP.test(question) || (question.trim().split(/\s+/).length <= 6 && /\bthe\b/i.test(question));
    const onTopic = previous && leansBack ? followUp(previous, question, intent, said) : null;
    if (onTopic) return onTopic;
    // "Your experience with e-mail marketing": the topic is what follows, not the career.
    const topical = question.replace(/\b(?:your )?experience (?:with|in|of)\b/i, ' ');
    let results = search(topical, 4, topical, intent.offer);
    if (previous && FOLLOW_UP.test(question)) {
      const combined = search(`${previous} ${question}`, 4, previous, intentOf(previous, owner).offer);
      // "How many agents went through it?" stands alone but for "it": the previous topic's
      // passage answers when it also covers this question's words.
      const own = PRONOUN.test(question) && confident(combined) ? search(`${previous} ${question}`, 1, question)[0] : undefined;
      const pointsBack = own !== undefined && own.passage === combined[0]?.passage && own.coverage > 0;
      if ((!confident(results) && confident(combined)) || pointsBack) results = combined;
    }
    // "How many reviews…": a passage that counts the thing asked comes first.
    const countTerms = contentTerms(question, owner);
    if (intent.count) {
      // A passage that counts it answers even when another matched better by words, and even
      // when half the words are the visitor's own ("trained" for "onboarded").
      const counting = results.find(
        (r) => r.score >= MIN_SCORE && r.coverage >= OFFER_MIN_COVERAGE && r.passage.facts.some((f) => countsOneOf(f, countTerms)),
      );
      if (counting)
        results = [{ ...counting, coverage: Math.max(counting.coverage, MIN_COVERAGE) }, ...results.filter((r) => r !== counting)];
    }
    const top = results[0];
    // "Can you fix our CRM?": one word of what the visitor asks the owner to do may be the
    // visitor's own (a verb) when a service or an expertise card answers the rest.
    const asked = topicTerms(question, owner.nameWords).length;
    const offeredService =
      top !== undefined &&
      intent.offer &&
      (top.passage.kind === 'service' || top.passage.kind === 'skill') &&
      top.score >= OFFER_MIN_SCORE &&
      Math.round(top.coverage * asked) >= asked - 1;
    if (!top || !(confident(results) || offeredService)) return refusal(question, said);
    // A testimonial is quoted whole, never cut at a sentence inside the quote.
    const chosen =
      top.passage.kind === 'testimonial'
        ? { text: top.passage.answer, covered: 1, terms: 1 }
        : chooseSentences(top.passage, question, intent, owner);
    // "Who is the best agent in Bethesda?": a reply that names neither the statistic nor every word asked is not an answer.
    const statistic = STATISTIC.exec(question)?.[0];
    const partial = chosen.covered < chosen.terms;
    const needsEveryWord = ADVICE.test(question) || EVERY_WORD.test(question);
    if ((statistic && (partial || !new RegExp(`\\b${statistic}\\b`, 'i').test(chosen.text))) || (needsEveryWord && partial)) {
      return refusal(question, said);
    }
    // "Can you help me set up…?" answered by a service or an expertise the owner offers: most of
    // the words asked, not every one ("set up" against "setup"), settle it.
    const offered = intent.offer && (top.passage.kind === 'service' || top.passage.kind === 'skill');
    const yes =
      intent.yesNo &&
      chosen.terms > 0 &&
      (chosen.covered === chosen.terms || (offered && chosen.covered / chosen.terms >= OFFER_MIN_COVERAGE));
    // A sentence read out of its passage names what "it" was.
    const named = /^It\b/.test(chosen.text) ? `${top.passage.title}${chosen.text.slice(2)}` : chosen.text;
    const parts = [`${yes ? 'Yes. ' : ''}${named}`, `Read more on ${link(top.passage.page)}.`];
    const sources: ChatSource[] = [top.passage.page];
    const second = results[1];
    if (second && second.score >= top.score * 0.6 && second.passage.page.path !== top.passage.page.path) {
      parts.push(`See also ${link(second.passage.page)}.`);
      sources.push(second.passage.page);
    }
    return reply(parts.join(' '), sources, results, said, nudgeFor(top.passage, contactNudge));
  }

  return { search, answer, passage: (id) => byId.get(id) };
}
