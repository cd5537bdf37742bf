// Reading a visitor's question and composing the reply from the passage that answers it:
// the sentence(s) that answer rather than the whole passage, Yes or No first for
// a yes/no question, the areas served for "do you cover …", the one price the site states
// (the free audit) and, for every other price, plainly that the site gives none.
import { sampleProfile } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';
import type { Passage } from './corpus.ts';

export interface Intent {
  /** "Do you…", "Is it…", "Can I…": the reply opens with Yes or No when the site settles it. */
  yesNo: boolean;
  /** How much, cost, price, fee, rates, charge. */
  price: boolean;
  /** Asks whether something is free (Yes for the audit), as opposed to what it costs. */
  free: boolean;
  /** How long, how soon, how quickly. */
  duration: boolean;
  /** How many. */
  count: boolean;
  /** A US state (or DC) the question names, as the site would list it. */
  place: Place | null;
  /** The question is about where the owner works ("which areas", "do you cover …"). */
  area: boolean;
  /** How to reach the owner: "how can I contact you", "best way to reach you", "can I book a call?". */
  contact: boolean;
  /** Asks what the owner would do for the visitor ("how would you…", "can you…"), not what they did. */
  offer: boolean;
}

export interface Place {
  /** As the visitor wrote it. */
  name: string;
  /** Whether the site names it among the areas served. */
  served: boolean;
}

const YES_NO = new RegExp(
  String.raw`^(?:(?:and|so|but|ok|okay|hi|hello|hey|also)[,\s]+)*` +
    String.raw`(?:do|does|did|is|are|was|were|can|could|will|would|have|has|had|should|may|might)\b`,
  'i',
);
const PRICE = new RegExp(
  String.raw`\bhow much\b(?!\s+(?:time|experience|traffic|work|of))|` +
    String.raw`\b(?:cost|costs|costing|price|prices|priced|pricing|fee|fees|charge|charges|charged|expensive|cheap|affordable|rates?)\b`,
  'i',
);
/** "Rate" is a price only as someone's rate, not an open rate or a mortgage rate. */
const RATE_NOT_PRICE = /\b(?:open|click|conversion|interest|mortgage|success|response|bounce|growth)\s+rates?\b/i;
const FREE = /\bfree\b|\bno (?:cost|charge)\b/i;
const DURATION = /\bhow (?:long|soon|quickly|fast)\b|\bturnaround\b|\bhow many (?:minutes|hours|days|weeks)\b|\bwhen will (?:i|we)\b/i;
const COUNT = /\bhow many\b/i;
const CONTACT = new RegExp(
  String.raw`\b(?:reach|contact|get in touch|talk to|phone number|e-?mail address|call you)\b|` +
    String.raw`\byour (?:e-?mail|phone|number|office)\b|\bwhere(?:'s| is) your office\b`,
  'i',
);
/** Booking a time, or a social profile: contact questions even without "you". */
const BOOKING = new RegExp(
  String.raw`\b(?:book|schedule|set up|arrange)\b.{0,20}\b(?:call|meeting|consultation|time|appointment|chat)\b|\bappointment\b|` +
    String.raw`\b(?:booking|calendar) (?:link|page)\b|\b(?:linkedin|facebook|instagram|youtube|tiktok|zillow)\b`,
  'i',
);
const OFFER =
  /\b(?:would|could|can|will) you\b|\bhow (?:do|would|will) you\b|\bdo you (?:offer|help|do|provide|handle)\b|\bwhat do you know about\b/i;
const AREA = new RegExp(
  String.raw`\b(?:areas?|regions?|cities|counties|states)\b.*\b(?:serve|serving|cover|covering|work)\b|` +
    String.raw`\bwhere\b.*\b(?:work|serve|based|located)\b|^\s*where are you\s*\??\s*$`,
  'i',
);
/** Verbs that ask whether the owner works somewhere: "do you cover Texas", "work in DC". */
const AREA_VERB = /\b(?:serve|serves|serving|cover|covers|covering|work|works|operate|travel|available|based|located|help)\b/i;

const STATES: ReadonlyArray<[string, string]> = [
  ['Alabama', 'AL'],
  ['Alaska', 'AK'],
  ['Arizona', 'AZ'],
  ['Arkansas', 'AR'],
  ['California', 'CA'],
  ['Colorado', 'CO'],
  ['Connecticut', 'CT'],
  ['Delaware', 'DE'],
  ['Florida', 'FL'],
  ['Georgia', 'GA'],
  ['Hawaii', 'HI'],
  ['Idaho', 'ID'],
  ['Illinois', 'IL'],
  ['Indiana', 'IN'],
  ['Iowa', 'IA'],
  ['Kansas', 'KS'],
  ['Kentucky', 'KY'],
  ['Louisiana', 'LA'],
  ['Maine', 'ME'],
  ['Maryland', 'MD'],
  ['Massachusetts', 'MA'],
  ['Michigan', 'MI'],
  ['Minnesota', 'MN'],
  ['Mississippi', 'MS'],
  ['Missouri', 'MO'],
  ['Montana', 'MT'],
  ['Nebraska', 'NE'],
  ['Nevada', 'NV'],
  ['New Hampshire', 'NH'],
  ['New Jersey', 'NJ'],
  ['New Mexico', 'NM'],
  ['New York', 'NY'],
  ['North Carolina', 'NC'],
  ['North Dakota', 'ND'],
  ['Ohio', 'OH'],
  ['Oklahoma', 'OK'],
  ['Oregon', 'OR'],
  ['Pennsylvania', 'PA'],
  ['Rhode Island', 'RI'],
  ['South Carolina', 'SC'],
  ['South Dakota', 'SD'],
  ['Tennessee', 'TN'],
  ['Texas', 'TX'],
  ['Utah', 'UT'],
  ['Vermont', 'VT'],
  ['Virginia', 'VA'],
  ['Washington', 'WA'],
  ['West Virginia', 'WV'],
  ['Wisconsin', 'WI'],
  ['Wyoming', 'WY'],
  ['Washington DC', 'DC'],
  ['Washington, DC', 'DC'],
  ['District of Columbia', 'DC'],
  ['D.C.', 'DC'],
];
/** Two-letter codes that are also English words: counted only in capitals and not at the start. */
const WORDLIKE = new Set(['IN', 'OR', 'ME', 'OK', 'HI', 'OH', 'ID', 'LA', 'MA', 'DE', 'PA', 'CO', 'AL', 'MS', 'MO', 'ND']);

/** What the replies need to know of the owner: who they are and where they work. */
export interface OwnerFacts {
  name: string;
  email: string;
  phone: string;
  /** The words of the owner's name, lower case: they say nothing about which page answers. */
  nameWords: ReadonlySet<string>;
  /** The states (and DC) the site names among the areas served and the office, by code. */
  served: ReadonlySet<string>;
  /** The areas served and the office's city, as the site names them. */
  areas: readonly string[];
  /** Where the office is ("Arlington, VA"), or ''. */
  location: string;
}

export function ownerFacts(profile: OwnerProfile): OwnerFacts {
  const { city, region } = profile.officeAddress;
  const location = [city, region].filter(Boolean).join(', ');
  const areas = [...profile.serviceArea, ...(location ? [location] : [])];
  return {
    name: profile.name,
    email: profile.email,
    phone: profile.phone,
    nameWords: new Set(profile.name.toLowerCase().split(/\s+/)),
    served: new Set(
      areas.flatMap((area) =>
        STATES.filter(([name, code]) => new RegExp(`\\b${name.replace(/[.,]/g, '\\$&')}\\b|\\b${code}\\b`).test(area)).map(([, code]) =>
          // "Washington, DC" names the District, not the state of Washington.
          /\bDC\b/.test(area) ? 'DC' : code,
        ),
      ),
    ),
    areas: profile.serviceArea,
    location,
  };
}

/** The sample owner, whom the tuning and evaluation questions are about. */
export const SAMPLE_OWNER: OwnerFacts = ownerFacts(sampleProfile());

/** The two-letter code of a state as `placeIn` names it ("Virginia" → "VA"), or the name itself. */
export function placeCode(name: string): string {
  return STATES.find(([n, c]) => n.toLowerCase() === name.toLowerCase() || c === name)?.[1] ?? name;
}

/** The US state or DC a question names, longest name first ("West Virginia" before "Virginia"). */
export function placeIn(question: string, owner: OwnerFacts = SAMPLE_OWNER): Place | null {
  const byLength = [...STATES].sort((a, b) => b[0].length - a[0].length);
  for (const [name, code] of byLength) {
    if (new RegExp(`\\b${name.replace(/[.,]/g, '\\$&')}(?![\\w])`, 'i').test(question)) {
      // "Washington" alone, beside DC words, is the capital.
      const dc = code === 'DC' || (code === 'WA' && /\bDC\b|\bD\.C\./i.test(question));
      return { name, served: owner.served.has(dc ? 'DC' : code) };
    }
  }
  for (const match of question.matchAll(/\b([A-Z]{2})\b/g)) {
    const code = match[1]!;
    if (WORDLIKE.has(code) && match.index === 0) continue;
    const state = STATES.find(([, c]) => c === code);
    if (state && !(WORDLIKE.has(code) && !/\b(?:in|to|of|from|across)\s+$/i.test(question.slice(0, match.index)))) {
      return { name: code, served: owner.served.has(code) };
    }
  }
  return null;
}

export function intentOf(question: string, owner: OwnerFacts = SAMPLE_OWNER): Intent {
  const place = placeIn(question, owner);
  return {
    // "I want to grow my team. Can you help?": the last sentence asks.
    yesNo:
      YES_NO.test(question.trim()) ||
      YES_NO.test(
        question
          .trim()
          .split(/(?<=[.!])\s+/)
          .at(-1) ?? '',
      ),
    price: PRICE.test(question) && !RATE_NOT_PRICE.test(question),
    free: FREE.test(question),
    duration: DURATION.test(question),
    count: COUNT.test(question) && !DURATION.test(question),
    place,
    area: AREA.test(question) || (place !== null && AREA_VERB.test(question)),
    contact:
      BOOKING.test(question) ||
      (CONTACT.test(question) && (/\b(?:you|your)\b/i.test(question) || words(question).some((w) => owner.nameWords.has(w)))),
    offer: OFFER.test(question),
  };
}

/** The question without its price words: what the price is asked of. */
export function withoutPriceWords(question: string): string {
  return question.replace(new RegExp(PRICE.source, 'gi'), ' ').replace(/\b(?:for|of|is|the)\b\s*$/i, ' ');
}

// --- Sentences --------------------------------------------------------------------------

/** Words that carry no topic of their own in a question ("do you work with…", "can I hire…"). */
const GENERIC = new Set(
  `a about after all also am an and any are as at be been but by can could did do does doing for from get give got had has have
  help hire how i i'd i'm if in into is it its just know like me more much my need of on or our please s say should so some
  tell than that the their them then there these they this to us use want was way we were what when where which who why will
  with work would you your yours best really still ever any anyone offer offers provide provides make take many whats`.split(/\s+/),
);

/** A crude stem: "onboarded", "onboarding" and "onboard" meet; "teams" and "team" too. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}+$%]+/u)
    .filter(Boolean);

/** The question's content words, stemmed: no question words, fillers or the owner's name. */
export function contentTerms(question: string, owner: OwnerFacts = SAMPLE_OWNER): string[] {
  return [
    ...new Set(
      words(question)
        .filter((w) => !GENERIC.has(w) && !owner.nameWords.has(w) && w.length > 1)
        .map(stem),
    ),
  ];
}

const stemsOf = (text: string) => new Set(words(text).map(stem));

/** Whether `term` is among `stems`: the same stem, or one a prefix of the other from five letters. */
function has(stems: ReadonlySet<string>, term: string): boolean {
  if (stems.has(term)) return true;
  if (term.length < 5) return false;
  for (const s of stems) if (s.length >= 5 && (s.startsWith(term) || term.startsWith(s))) return true;
  return false;
}

/** Splits prose into sentences (a sentence ends with . ! or ? before a capital, a digit or a quote). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“$])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const TIME = /\b\d+[\s-]*(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|\bwithin\b/i;

interface Candidate {
  text: string;
  covered: Set<string>;
  bonus: number;
  order: number;
}

export interface Chosen {
  text: string;
  /** Content terms of the question the chosen sentences (with the passage's title) contain. */
  covered: number;
  /** Content terms of the question. */
  terms: number;
}

const OPEN_QUESTION =
  /^\s*(?:tell me (?:about|more)|what is|what are|who is|who are|describe|explain|what do you (?:offer|do)|what services)\b/i;

/**
 * The sentence(s) of `passage` that answer `question`: the one that contains most of its
 * content words (the passage's title counts for each, as the sentence is read under it),
 * a second when it adds words the first lacks; the passage's own short answer for an open
 * question ("tell me about…") that it covers as well.
 */
export function chooseSentences(passage: Passage, question: string, intent: Intent, owner: OwnerFacts = SAMPLE_OWNER): Chosen {
  const terms = contentTerms(question, owner);
  const title = stemsOf(passage.title);
  const coverOf = (text: string) => {
    const stems = stemsOf(text);
    return new Set(terms.filter((t) => has(stems, t) || has(title, t)));
  };
  // "How many agents…": a number followed, within three words, by what is counted.
  const counts = (text: string) => {
    const tokens = words(text);
    return tokens.some((w, i) => /^\d/.test(w) && tokens.slice(i + 1, i + 4).some((next) => terms.includes(stem(next))));
  };
  const bonusOf = (text: string) => (intent.duration && TIME.test(text) ? 1 : 0) + (intent.count && counts(text) ? 2 : 0);
  const pool = [...sentencesOf(passage.answer), ...passage.facts.flatMap(sentencesOf)];
  const candidates: Candidate[] = [...new Set(pool)].map((text, order) => ({ text, covered: coverOf(text), bonus: bonusOf(text), order }));
  const rank = (c: Candidate) => c.covered.size + c.bonus;
  const best = [...candidates].sort((a, b) => rank(b) - rank(a) || a.order - b.order)[0];
  const whole = coverOf(passage.answer);
  if (!best || (OPEN_QUESTION.test(question) && whole.size >= best.covered.size && best.bonus === 0)) {
    return { text: passage.answer, covered: whole.size, terms: terms.length };
  }
  const chosen = [best];
  const covered = new Set(best.covered);
  const missing = (c: Candidate) => [...c.covered].filter((t) => !covered.has(t)).length;
  const second = candidates.filter((c) => c !== best && missing(c) > 0).sort((a, b) => missing(b) - missing(a) || a.order - b.order)[0];
  if (second) {
    chosen.push(second);
    for (const t of second.covered) covered.add(t);
  }
  // "How long does that take?" of a list (services, steps): each item's time, up to three.
  if (intent.duration && best.bonus > 0) {
    for (const c of candidates) if (chosen.length < 3 && c.bonus > 0 && !chosen.includes(c)) chosen.push(c);
  }
  chosen.sort((a, b) => a.order - b.order);
  return { text: chosen.map((c) => c.text).join(' '), covered: covered.size, terms: terms.length };
}
