// The assistant's knowledge: one passage per thing a visitor may ask about, built from the
// site's own content so answers never drift from the pages. Each passage knows the page
// it came from and carries a short, speakable answer.
import {
  achievements,
  auditTiming,
  caseStudies,
  certifications,
  company,
  currentPosition,
  experience,
  inlineAuditForm,
  magazineFeature,
  marketingAuditPage,
  metrics,
  personal,
  reportLandingPage,
  serviceItems,
  servicesIntro,
  skills,
} from '@curb/content';

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
  | 'press';

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

export const AUDIT_PAGE = { title: 'Free Marketing Audit', path: '/marketing-audit' } as const;
export const CONTACT_PAGE = { title: 'Contact', path: '/#contact' } as const;

function servicePassages(): Passage[] {
  const overview: Passage = {
    id: 'services',
    kind: 'service',
    title: 'Services offered',
    page: { title: 'Services', path: '/services' },
    answer: `${personal.name} offers ${list(serviceItems.map((s) => s.title))}. ${sentence(servicesIntro.lead)}`,
    text: [servicesIntro.lead, servicesIntro.ctaText, ...serviceItems.map((s) => `${s.title}: ${s.subtitle}`)].join(' '),
    keywords: 'services offer offering help hire work with consulting pricing what do you do',
    facts: prose([servicesIntro.lead, servicesIntro.ctaText]),
  };
  return [
    overview,
    ...serviceItems.map(
      (s): Passage => ({
        id: `service-${s.id}`,
        kind: 'service',
        title: s.title,
        page: { title: 'Services', path: '/services' },
        answer: `${s.title}: ${sentence(s.description)} It includes ${lowerFirst(list(s.features.slice(0, 3)))}.`,
        text: [s.subtitle, s.description, ...s.features, ...s.tools, ...s.targetClients].join(' '),
        keywords: `service ${s.id.replace(/-/g, ' ')}`,
        facts: [
          `${s.title}: ${sentence(s.description)}`,
          `The ${s.title} service includes ${lowerFirst(list(s.features))}.`,
          `${s.title} is for ${lowerFirst(list(s.targetClients))}.`,
          `Tools: ${list(s.tools)}.`,
        ],
      }),
    ),
  ];
}

function caseStudyPassages(): Passage[] {
  return caseStudies.map((study) => ({
    id: `case-study-${study.id}`,
    kind: 'case-study',
    title: study.title,
    page: { title: `${study.title} case study`, path: `/blog/${study.id}` },
    answer: `${sentence(study.excerpt)} ${sentence(study.outcome)}`,
    text: [
      study.excerpt,
      study.challenge,
      study.solution,
      study.outcome,
      study.category,
      ...study.tags,
      ...study.content.flatMap((block) =>
        block.type === 'section'
          ? [block.title, block.content]
          : [block.title, ...block.metrics.map((m) => `${m.label} ${m.value} ${m.description}`)],
      ),
    ].join(' '),
    keywords: 'case study project example result story',
    facts: prose([
      study.excerpt,
      study.challenge,
      study.solution,
      study.outcome,
      ...study.content.flatMap((block) => (block.type === 'section' ? [block.content] : [])),
    ]),
  }));
}

function experiencePassages(): Passage[] {
  const page = { title: 'Experience', path: '/experience' };
  const career: Passage = {
    id: 'experience',
    kind: 'experience',
    title: 'Career and experience',
    page,
    answer:
      `${personal.name} has ${metrics.yearsExperience} years of real estate operations and marketing experience and is now ` +
      `${currentPosition.fullTitle}. Earlier roles include ` +
      `${list(experience.slice(1, 4).map((job) => `${job.title} at ${job.company}`))}.`,
    text: experience.map((job) => `${job.title} ${job.company} ${job.period} ${job.snippet}`).join(' '),
    keywords: 'experience career background resume cv history jobs roles worked years',
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

function auditPassages(): Passage[] {
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
      keywords: 'free audit review website analysis report check seo score cost price results get started leads',
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
      text: [
        reportLandingPage.heroLead,
        ...reportLandingPage.areas.map((a) => `${a.title} ${a.text}`),
        reportLandingPage.testimonial.quote,
      ].join(' '),
      keywords: 'report sample competitors benchmark compare zillow',
      facts: prose([reportLandingPage.heroLead, ...reportLandingPage.areas.map((a) => `${a.title}: ${a.text}`)]),
    },
  ];
}

function aboutPassages(): Passage[] {
  const about = { title: 'About', path: '/#about' };
  return [
    {
      id: 'contact',
      kind: 'contact',
      title: 'Contact details',
      page: CONTACT_PAGE,
      answer:
        `You can reach ${personal.name} by e-mail at ${personal.email} or by phone at ${personal.formattedPhone}. ${personal.name} ` +
        `is based in ${personal.location} and works across ${list(personal.serviceArea)}.`,
      text: [personal.email, personal.formattedPhone, personal.location, personal.linkedinUrl, ...personal.serviceArea].join(' '),
      keywords:
        'contact email e-mail phone call number reach talk touch linkedin address located location where meeting book schedule ' + 'quote',
      facts: [`E-mail: ${personal.email}.`, `Phone: ${personal.formattedPhone}.`, `${personal.name} is based in ${personal.location}.`],
    },
    {
      id: 'areas',
      kind: 'area',
      title: 'Areas served',
      page: CONTACT_PAGE,
      answer: `${personal.name} works across ${list(personal.serviceArea)}, from ${personal.location}.`,
      text: [servicesIntro.lead, company.description, personal.location, ...personal.serviceArea].join(' '),
      keywords:
        'area areas serve serves served serving service cover covers covering region regions where based located location ' +
        'market markets city cities state states county counties neighborhood travel',
      facts: prose([servicesIntro.lead, company.description]),
    },
    {
      id: 'about',
      kind: 'about',
      title: `About ${personal.name}`,
      page: about,
      answer:
        `${personal.name} is a ${personal.title.toLowerCase()}, ${currentPosition.fullTitle}, with ${metrics.yearsExperience} years ` +
        `of experience and ${metrics.transactionVolume} in transaction volume. ${company.name} offers ` +
        `${lowerFirst(company.description)}`,
      text: [personal.tagline, ...personal.biography, company.description, company.industry].join(' '),
      keywords: `who are you about bio biography ${personal.name.toLowerCase()} realtor licensed company`,
      facts: prose([...personal.biography, company.description]),
    },
    {
      id: 'certifications',
      kind: 'certifications',
      title: 'Certifications and licenses',
      page: about,
      answer: `${personal.name}'s certifications: ${list(certifications.map((c) => c.text))}.`,
      text: certifications.map((c) => c.text).join(' '),
      keywords: 'certification certifications certified license licensed qualifications credentials google ads realtor',
      facts: [],
    },
    {
      id: 'metrics',
      kind: 'metrics',
      title: 'Key metrics',
      page: { title: 'Key Metrics', path: '/#achievements' },
      answer: `Some numbers: ${list(achievements.map((a) => `${a.value} ${lowerFirst(a.title)}`))}.`,
      text: achievements.map((a) => `${a.title} ${a.value} ${a.description}`).join(' '),
      keywords: 'numbers results metrics achievements rating reviews volume',
      facts: achievements.map((a) => `${a.title}: ${a.value}. ${sentence(a.description)}`),
    },
    {
      id: 'press',
      kind: 'press',
      title: `${magazineFeature.publication} feature`,
      page: { title: 'Media Recognition', path: '/#achievements' },
      answer:
        `${personal.name} was featured in ${magazineFeature.publication} (${magazineFeature.date}) in "${magazineFeature.title}": ` +
        `${sentence(lowerFirst(magazineFeature.description))}`,
      text: [magazineFeature.title, magazineFeature.description, ...magazineFeature.highlights].join(' '),
      keywords: 'magazine press media featured interview article',
      facts: prose([magazineFeature.description, ...magazineFeature.highlights]),
    },
    ...skills.map(
      (skill): Passage => ({
        id: `skill-${skill.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        kind: 'skill',
        title: skill.title,
        page: { title: 'Expertise', path: '/#skills' },
        answer: `${skill.title}: ${sentence(skill.description)} For example: ${lowerFirst(skill.details.achievements[0] ?? '')}.`,
        text: [skill.description, skill.details.experience, ...skill.details.tools, ...skill.details.achievements].join(' '),
        keywords: 'expertise skill skills good at strengths tools',
        facts: prose([skill.description, skill.details.experience, ...skill.details.achievements]),
      }),
    ),
  ];
}

/** Every passage; a section whose content is missing is left out rather than failing. */
export function buildCorpus(): Passage[] {
  const sections = [servicePassages, caseStudyPassages, experiencePassages, auditPassages, aboutPassages];
  return sections.flatMap((build) => {
    try {
      return build();
    } catch {
      return [];
    }
  });
}
