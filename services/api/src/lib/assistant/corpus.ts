// The assistant's knowledge: one passage per thing a visitor may ask about, built from the
// owner's content as the site shows it (profile, services, expertise, figures, posts) so
// answers never drift from the pages. Each passage knows the page it came from and carries a
// short, speakable answer. The sample's career, press feature and credentials are the sample
// owner's: they are known only while the site shows the sample profile.
import {
  auditTiming,
  certifications,
  company,
  experience,
  inlineAuditForm,
  keyMetrics,
  magazineFeature,
  marketingAuditPage,
  reportLandingPage,
  ratingCard,
  servicesIntro,
} from '@curb/content';
import { SOCIAL_NETWORK_NAMES, type SocialNetwork } from '@curb/contracts/owner-content';
import { sampleKnowledge, type AssistantKnowledge } from './knowledge.ts';

export type PassageKind =
  | 'area'
  | 'service'
  | 'case-study'
  | 'experience'
  | 'contact'
  | 'audit'
  | 'report'
  | 'about'
  | 'certifications'
  | 'skill'
  | 'metrics'
  | 'press'
  | 'testimonial';

export interface Passage {
  id: string;
  kind: PassageKind;
  /** What the passage is about, searched with the most weight. */
  title: string;
  /** The page that shows it: the answer names and links it. */
  page: { title: string; path: string };
  /** Two or three sentences that answer a question about it. */
  answer: string;
  /** Everything searchable about it. */
  text: string;
  /** Words a visitor may use that the text does not (synonyms, question words). */
  keywords: string;
  /** Whole sentences of the page an answer may quote when one of them answers better than `answer`. */
  facts: string[];
}

/** Items of content as sentences: prose as it is, a phrase of five words or more closed with a period. */
function prose(items: readonly string[]): string[] {
  return items
    .map((item) => item.trim())
    .filter((item) => /[.!?]$/.test(item) || item.split(/\s+/).length >= 5)
    .map((item) => (/[.!?]$/.test(item) ? item : `${item}.`));
}

const list = (items: readonly string[]): string => {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
};
const sentence = (text: string): string => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);
const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);
/**
 * An item of a list inside a sentence: "Recorded training library" → "recorded training library";
 * a name ("Growth Opportunities Report…", "CRM clean-up") is kept as written.
 */
const inSentence = (item: string): string => (/^\p{Lu}\p{Ll}/u.test(item) && !/\s\p{Lu}/u.test(item) ? lowerFirst(item) : item);

/** Where the owner's office is, as "City, Region". */
export const ownerLocation = (profile: AssistantKnowledge['profile']): string =>
  [profile.officeAddress.city, profile.officeAddress.region].filter(Boolean).join(', ');

/** The owner's social profiles the site links, by the network's name. */
export const socialLinks = (profile: AssistantKnowledge['profile']): Array<{ name: string; url: string }> =>
  Object.entries(profile.social)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([network, url]) => ({ name: SOCIAL_NETWORK_NAMES[network as SocialNetwork] ?? network, url }));

/** The owner's booking page as a sentence (a link the chat opens), or '' without one. */
export const bookingSentence = (profile: AssistantKnowledge['profile']): string =>
  profile.bookingUrl ? `Book a time with ${profile.name}: [${profile.bookingUrl}](${profile.bookingUrl}).` : '';

export const AUDIT_PAGE = { title: 'Free Marketing Audit', path: '/marketing-audit' } as const;
export const CONTACT_PAGE = { title: 'Contact', path: '/#contact' } as const;

function servicePassages({ profile, services: serviceItems }: AssistantKnowledge): Passage[] {
  const overview: Passage = {
    id: 'services',
    kind: 'service',
    title: 'Services offered',
    page: { title: 'Services', path: '/services' },
    answer: `${profile.name} offers ${list(serviceItems.map((s) => s.title))}. ${sentence(servicesIntro.lead)}`,
    text: [servicesIntro.lead, servicesIntro.ctaText, ...serviceItems.map((s) => `${s.title}: ${s.subtitle}`)].join(' '),
    keywords: 'services offer offering help hire work with consulting pricing what do you do',
    facts: [
      ...prose([servicesIntro.lead, servicesIntro.ctaText]),
      ...serviceItems.filter((s) => s.features.length).map((s) => `${s.title} includes ${list(s.features.map(inSentence))}.`),
      ...serviceItems.filter((s) => s.targetClients.length).map((s) => `${s.title} is for ${list(s.targetClients.map(inSentence))}.`),
    ],
  };
  return [
    overview,
    ...serviceItems.map(
      (s): Passage => ({
        id: `service-${s.id}`,
        kind: 'service',
        title: s.title,
        page: { title: 'Services', path: '/services' },
        answer: [
          `${s.title}: ${sentence(s.description || s.subtitle)}`,
          ...(s.features.length ? [`It includes ${list(s.features.slice(0, 3).map(inSentence))}.`] : []),
        ].join(' '),
        text: [s.subtitle, s.description, ...s.features, ...s.tools, ...s.targetClients].join(' '),
        keywords: `service ${s.id.replace(/-/g, ' ')}`,
        facts: [
          `${s.title}: ${sentence(s.description || s.subtitle)}`,
          ...(s.features.length ? [`The ${s.title} service includes ${list(s.features.map(inSentence))}.`] : []),
          ...(s.targetClients.length ? [`${s.title} is for ${list(s.targetClients.map(inSentence))}.`] : []),
          ...(s.tools.length ? [`Tools: ${list(s.tools)}.`] : []),
        ],
      }),
    ),
  ];
}

function caseStudyPassages({ posts }: AssistantKnowledge): Passage[] {
  return posts.map((post) => {
    // Headings are read as titles of what follows, not as sentences.
    const body = post.paragraphs.filter((p) => /[.!?]$/.test(p));
    return {
      id: `case-study-${post.slug}`,
      kind: 'case-study',
      title: post.title,
      page: { title: `${post.title} case study`, path: `/blog/${post.slug}` },
      answer: [post.excerpt, body.at(2) ?? body[0] ?? ''].filter(Boolean).map(sentence).join(' '),
      text: [post.excerpt, ...post.paragraphs, post.category, ...post.tags].join(' '),
      keywords: 'case study project example result story',
      facts: prose([post.excerpt, ...body].filter(Boolean)),
    };
  });
}

const EXPERIENCE_PAGE = { title: 'Experience', path: '/experience' };
const CAREER_KEYWORDS = 'experience career background resume cv history jobs roles worked years company companies employers';

/** The sample's career in the detail the sample keeps; an owner's from the roles they saved. */
function experiencePassages(knowledge: AssistantKnowledge): Passage[] {
  return knowledge.isSample ? sampleExperiencePassages(knowledge) : careerPassages(knowledge);
}

function careerPassages({ profile, career }: AssistantKnowledge): Passage[] {
  const [latest, ...earlier] = career;
  if (!latest) return [];
  const where = (role: (typeof career)[number]) => [role.years, role.location].filter(Boolean).join(', ');
  const summary: Passage = {
    id: 'experience',
    kind: 'experience',
    title: 'Career and experience',
    page: EXPERIENCE_PAGE,
    answer: [
      `${profile.name}'s most recent role is ${latest.role} at ${latest.company}${where(latest) ? ` (${where(latest)})` : ''}.`,
      earlier.length ? `Earlier roles include ${list(earlier.slice(0, 3).map((r) => `${r.role} at ${r.company}`))}.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    text: career.map((r) => `${r.role} ${r.company} ${r.years} ${r.description}`).join(' '),
    keywords: CAREER_KEYWORDS,
    facts: [],
  };
  return [
    summary,
    ...career.map(
      (r, index): Passage => ({
        id: `experience-${index + 1}`,
        kind: 'experience',
        title: `${r.role}, ${r.company}`,
        page: EXPERIENCE_PAGE,
        answer: [
          `${r.role} at ${r.company}${where(r) ? ` (${where(r)})` : ''}${r.description ? `: ${sentence(lowerFirst(r.description))}` : '.'}`,
          r.achievements.length ? `Highlights: ${lowerFirst(list(r.achievements.slice(0, 2)))}.` : '',
        ]
          .filter(Boolean)
          .join(' '),
        text: [r.description, r.location, ...r.achievements, ...r.skills].join(' '),
        keywords: 'role job position worked',
        facts: prose([r.description, ...r.achievements]),
      }),
    ),
  ];
}

function sampleExperiencePassages({ profile, figures }: AssistantKnowledge): Passage[] {
  const page = EXPERIENCE_PAGE;
  const years = figures[0]?.value ?? '';
  const career: Passage = {
    id: 'experience',
    kind: 'experience',
    title: 'Career and experience',
    page,
    answer:
      `${profile.name} has ${years} years of real estate operations and marketing experience and is now ` +
      `${profile.position} at ${profile.company}. Earlier roles include ` +
      `${list(experience.slice(1, 4).map((job) => `${job.title} at ${job.company}`))}.`,
    text: experience.map((job) => `${job.title} ${job.company} ${job.period} ${job.snippet}`).join(' '),
    keywords: CAREER_KEYWORDS,
    facts: [],
  };
  return [
    career,
    ...experience.map(
      (job): Passage => ({
        id: `experience-${job.id}`,
        kind: 'experience',
        title: `${job.title}, ${job.company}`,
        page,
        answer:
          `${job.title} at ${job.company} (${job.period}, ${job.location}): ${sentence(lowerFirst(job.snippet))} Highlights: ` +
          `${lowerFirst(list(job.achievements.slice(0, 2)))}.`,
        text: [
          job.snippet,
          job.location,
          job.industry,
          ...job.achievements,
          ...job.technologies,
          ...job.keyMetrics.map((m) => `${m.label} ${m.value}`),
        ].join(' '),
        keywords: 'role job position worked',
        facts: prose([job.snippet, ...job.achievements]),
      }),
    ),
  ];
}

function auditPassages(_knowledge: AssistantKnowledge): Passage[] {
  return [
    {
      id: 'audit',
      kind: 'audit',
      title: marketingAuditPage.heroTitle,
      page: AUDIT_PAGE,
      answer:
        `${sentence(marketingAuditPage.heroLead)} The marketing audit is free: enter your website and e-mail address. ` +
        `${auditTiming.sentence}`,
      text: [
        marketingAuditPage.heroLead,
        ...marketingAuditPage.benefits.map((b) => `${b.title} ${b.text}`),
        marketingAuditPage.thankYou.text,
        ...marketingAuditPage.thankYou.items,
        inlineAuditForm.text,
        inlineAuditForm.successText,
      ].join(' '),
      keywords: 'free audit review website analysis report check seo score cost price results get started leads email emailed inbox',
      facts: [
        ...prose([marketingAuditPage.heroLead, ...marketingAuditPage.benefits.map((b) => b.text), inlineAuditForm.text]),
        `The report includes ${lowerFirst(list(marketingAuditPage.thankYou.items))}.`,
        auditTiming.sentence,
      ],
    },
    {
      id: 'report',
      kind: 'report',
      title: reportLandingPage.heroTitle,
      page: { title: 'Marketing Report', path: '/real-estate-marketing-report' },
      answer: `${sentence(reportLandingPage.heroLead)} It covers ${lowerFirst(list(reportLandingPage.areas.map((a) => a.title)))}.`,
      text: [reportLandingPage.heroLead, ...reportLandingPage.areas.map((a) => `${a.title} ${a.text}`)].join(' '),
      keywords: 'report sample competitors benchmark compare zillow',
      facts: prose([reportLandingPage.heroLead, ...reportLandingPage.areas.map((a) => `${a.title}: ${a.text}`)]),
    },
  ];
}

function aboutPassages(k: AssistantKnowledge): Passage[] {
  const { profile, figures, expertise, isSample } = k;
  const about = { title: 'About', path: '/#about' };
  const location = ownerLocation(profile);
  const from = location ? `, from ${location}` : '';
  const figureText = list(figures.map((f) => `${f.value} ${lowerFirst(f.label)}`));
  const position = [profile.position, profile.company].filter(Boolean).join(' at ');
  const achievements = keyMetrics(profile);
  const rating = ratingCard(profile);
  const ownerNumbers = [
    ...figures.map((f) => `${f.value} ${lowerFirst(f.label)}`),
    ...(rating ? [`${rating.value} ${lowerFirst(rating.description.replace(/\.$/, ''))}`] : []),
  ];
  const samplePassages: Passage[] = isSample
    ? [
        {
          id: 'certifications',
          kind: 'certifications',
          title: 'Certifications and licenses',
          page: about,
          answer: `${profile.name}'s certifications: ${list(certifications.map((c) => c.text))}.`,
          text: certifications.map((c) => c.text).join(' '),
          keywords: 'certification certifications certified license licensed qualifications credentials google ads realtor',
          facts: [],
        },
        {
          id: 'metrics',
          kind: 'metrics',
          title: 'Key metrics',
          page: { title: 'Key Metrics', path: '/#achievements' },
          answer: `Some numbers: ${[figureText, list(achievements.map((a) => `${a.value} ${lowerFirst(a.title)}`))]
            .filter(Boolean)
            .join(', ')}.`,
          text: [...figures.map((f) => `${f.label} ${f.value}`), ...achievements.map((a) => `${a.title} ${a.value} ${a.description}`)].join(
            ' ',
          ),
          keywords: 'numbers results metrics achievements rating reviews volume figures',
          facts: [
            ...figures.map((f) => `${f.label}: ${f.value}.`),
            ...achievements.map((a) => `${a.title}: ${a.value}. ${sentence(a.description)}`),
          ],
        },
        {
          id: 'press',
          kind: 'press',
          title: `${magazineFeature.publication} magazine feature`,
          page: { title: 'Media Recognition', path: '/#achievements' },
          answer:
            `${profile.name} was featured in ${magazineFeature.publication} (${magazineFeature.date}) in "${magazineFeature.title}": ` +
            `${sentence(lowerFirst(magazineFeature.description))}`,
          text: [magazineFeature.title, magazineFeature.description, ...magazineFeature.highlights].join(' '),
          keywords: 'magazine press media featured interview article wrote written',
          facts: prose([magazineFeature.description, ...magazineFeature.highlights]),
        },
      ]
    : [
        {
          id: 'certifications',
          kind: 'certifications',
          title: 'Licence',
          page: about,
          answer: profile.licence ? sentence(`${profile.name}: ${profile.licence}`) : `The site lists no licence for ${profile.name}.`,
          text: profile.licence,
          keywords: 'certification certifications certified license licensed licence qualifications credentials realtor',
          facts: [],
        },
        {
          id: 'metrics',
          kind: 'metrics',
          title: 'Key figures',
          page: about,
          answer: ownerNumbers.length ? `Some numbers: ${list(ownerNumbers)}.` : 'The site lists no figures.',
          text: [
            ...figures.map((f) => `${f.label} ${f.value}`),
            ...(rating ? [`${rating.title} ${rating.value} ${rating.description}`] : []),
          ].join(' '),
          keywords: `numbers results metrics achievements volume years experience${rating ? ' rating reviews' : ''}`,
          facts: [
            ...figures.map((f) => `${f.label}: ${f.value}.`),
            ...(rating ? [`${rating.title}: ${rating.value}. ${rating.description}`] : []),
          ],
        },
      ];
  return [
    {
      id: 'contact',
      kind: 'contact',
      title: 'Contact details',
      page: CONTACT_PAGE,
      answer: [
        `You can reach ${profile.name} by e-mail at ${profile.email}${profile.phone ? ` or by phone at ${profile.phone}` : ''}.`,
        ...(profile.bookingUrl ? [bookingSentence(profile)] : []),
        ...(location || profile.serviceArea.length
          ? [
              `${profile.name}${location ? ` is based in ${location}` : ''}` +
                `${location && profile.serviceArea.length ? ' and' : ''}` +
                `${profile.serviceArea.length ? ` works across ${list(profile.serviceArea)}` : ''}.`,
            ]
          : []),
      ].join(' '),
      text: [profile.email, profile.phone, location, ...socialLinks(profile).map((s) => s.name), ...profile.serviceArea].join(' '),
      keywords:
        'contact email e-mail phone call number reach talk touch address located location where meeting book booking schedule ' +
        'appointment calendar consultation quote social',
      facts: [
        `E-mail: ${profile.email}.`,
        ...(profile.phone ? [`Phone: ${profile.phone}.`] : []),
        ...(profile.bookingUrl ? [bookingSentence(profile)] : []),
        ...socialLinks(profile).map((s) => `${profile.name} on ${s.name}: ${s.url}`),
        ...(location ? [`${profile.name} is based in ${location}.`] : []),
      ],
    },
    {
      id: 'areas',
      kind: 'area',
      title: 'Areas served',
      page: CONTACT_PAGE,
      answer: profile.serviceArea.length
        ? `${profile.name} works across ${list(profile.serviceArea)}${from}.`
        : `${profile.name} works${location ? ` from ${location}` : ' where clients are'}.`,
      text: [servicesIntro.lead, isSample ? company.description : '', location, ...profile.serviceArea].join(' '),
      keywords:
        'area areas serve serves served serving service cover covers covering region regions where based located location ' +
        'market markets city cities state states county counties neighborhood travel',
      facts: prose([servicesIntro.lead, ...(isSample ? [company.description] : [])]),
    },
    {
      id: 'about',
      kind: 'about',
      title: `About ${profile.name}`,
      page: about,
      answer: isSample
        ? `${profile.name} is a ${profile.title.toLowerCase()}, ${position}, with ${figures[0]?.value ?? ''} years ` +
          `of experience and ${figures[1]?.value ?? ''} in transaction volume. ${company.name} offers ` +
          `${lowerFirst(company.description)}`
        : [
            `${profile.name}${profile.title ? ` is a ${lowerFirst(profile.title)}` : ''}${position ? `, ${position}` : ''}.`,
            ...(figureText ? [`Some numbers: ${figureText}.`] : []),
            ...(profile.tagline ? [sentence(profile.tagline)] : []),
          ].join(' '),
      text: [profile.tagline, ...profile.biography, ...(isSample ? [company.description, company.industry] : [profile.company])].join(' '),
      keywords: `who are you about bio biography ${profile.name.toLowerCase()} realtor licensed company job title position current role`,
      facts: prose([...profile.biography, ...(isSample ? [company.description] : [])]),
    },
    ...samplePassages,
    ...expertise.map(
      (skill): Passage => ({
        id: `skill-${skill.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        kind: 'skill',
        title: skill.title,
        page: { title: 'Expertise', path: '/#skills' },
        answer: [
          `${skill.title}: ${sentence(skill.description || skill.experience)}`,
          ...(skill.achievements[0] ? [`For example: ${lowerFirst(skill.achievements[0])}.`] : []),
        ].join(' '),
        text: [skill.description, skill.experience, ...skill.tools, ...skill.achievements].join(' '),
        keywords: 'expertise skill skills good at strengths tools',
        facts: prose([skill.description, skill.experience, ...skill.achievements].filter(Boolean)),
      }),
    ),
  ];
}

/** What clients say, as the site quotes them (the report page shows the first). */
function testimonialPassages({ testimonials, profile }: AssistantKnowledge): Passage[] {
  if (!testimonials.length) return [];
  const quoted = testimonials.map((t) => `“${t.quote.trim()}” (${[t.author, t.role].filter(Boolean).join(', ')})`);
  return [
    {
      id: 'testimonials',
      kind: 'testimonial',
      title: 'Testimonials: what clients say',
      page: { title: 'Marketing Report', path: '/real-estate-marketing-report' },
      answer: `What clients say about ${profile.name}: ${quoted.slice(0, 2).join(' ')}`,
      // Who said it is quoted, not searched: a client's town is not what the passage is about.
      text: testimonials.map((t) => t.quote).join(' '),
      keywords: 'testimonial testimonials review reviews client clients customer customers say said feedback references quote',
      facts: quoted,
    },
  ];
}

/** Every passage; a section whose content is missing is left out rather than failing. */
export function buildCorpus(knowledge: AssistantKnowledge = sampleKnowledge()): Passage[] {
  const sections = [servicePassages, caseStudyPassages, experiencePassages, auditPassages, aboutPassages, testimonialPassages];
  return sections.flatMap((build) => {
    try {
      return build(knowledge);
    } catch {
      return [];
    }
  });
}
