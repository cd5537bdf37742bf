// The sample an install starts with, in the shapes the owner edits (@curb/contracts
// owner-content): the profile, lists and posts the site shows until the owner saves their own.
import type { CareerEntry, ExpertiseCard, Figure, OwnedService, OwnerProfile, PostEdit, Testimonial } from '@curb/contracts/owner-content';
import { caseStudies, type CaseStudy } from './case-studies.ts';
import { experience } from './experience.ts';
import { skills } from './home.ts';
import { serviceItems } from './services.ts';
import { configuredServices, currentPosition, metrics, personal, seoDefaults, vcardText } from './site.ts';

export function sampleProfile(): OwnerProfile {
  return {
    name: personal.name,
    initials: personal.initials,
    title: personal.title,
    tagline: personal.tagline,
    company: currentPosition.company,
    position: currentPosition.title,
    photo: personal.headshot,
    logo: '',
    email: personal.email,
    phone: personal.formattedPhone,
    officeAddress: { street: '', city: 'Arlington', region: 'Virginia', postalCode: '', country: 'US' },
    serviceArea: [...personal.serviceArea],
    licence: 'Licensed Realtor (DC & VA)',
    biography: [...personal.biography],
    social: { linkedin: personal.linkedinUrl },
    bookingUrl: '',
    brandColour: seoDefaults.themeColor,
    website: personal.website,
    ratingValue: personal.rating.value,
    reviewCount: personal.rating.reviewCount,
    priceRange: personal.priceRange,
  };
}

export function sampleFigures(): Figure[] {
  return [
    { value: metrics.yearsExperience, label: metrics.experienceLabel },
    { value: metrics.transactionVolume, label: metrics.volumeLabel },
  ];
}

export function sampleExpertise(): ExpertiseCard[] {
  return skills.map((s) => ({
    title: s.title,
    icon: s.icon,
    description: s.description,
    tools: [...s.details.tools],
    achievements: [...s.details.achievements],
    experience: s.details.experience,
  }));
}

export function sampleServices(): OwnedService[] {
  return serviceItems.map((s) => ({
    id: s.id,
    title: s.title,
    subtitle: s.subtitle,
    icon: configuredServices.find((c) => c.name === s.title)?.icon ?? '',
    description: s.description,
    features: [...s.features],
    tools: [...s.tools],
    targetClients: [...s.targetClients],
  }));
}

/** What a client of the sample person said of them: the sample's words, never an owner's. */
export function sampleTestimonials(): Testimonial[] {
  return [
    {
      quote:
        'The report showed us three things we had missed for years. We fixed the first two in a week and our website inquiries ' +
        'nearly doubled that quarter.',
      author: 'Dana K.',
      role: 'Team Leader, Fairfax County',
      photo: '',
    },
  ];
}

/** The sample's seven roles, most recent first. */
export function sampleCareer(): CareerEntry[] {
  return experience.map((job) => ({
    role: job.title,
    company: job.company,
    years: job.period,
    location: job.location,
    description: job.snippet,
    achievements: [...job.achievements],
    skills: [...job.technologies],
  }));
}

/** A case study's body as Markdown: challenge, solution, outcome, then its sections and figures. */
export function caseStudyMarkdown(study: CaseStudy): string {
  const parts = [`## The challenge\n\n${study.challenge}`, `## The solution\n\n${study.solution}`, `## The outcome\n\n${study.outcome}`];
  for (const block of study.content) {
    if (block.type === 'section') parts.push(`## ${block.title}\n\n${block.content}`);
    else {
      const rows = block.metrics.map((m) => `| ${m.label} | ${m.value} | ${m.description} |`);
      parts.push(`## ${block.title}\n\n| Measure | Result | What it means |\n|---|---|---|\n${rows.join('\n')}`);
    }
  }
  return parts.join('\n\n');
}

/** The six case studies as published posts, newest first. */
export function samplePosts(): PostEdit[] {
  return caseStudies.map((s) => ({
    slug: s.id,
    title: s.title,
    seoTitle: '',
    seoDescription: '',
    excerpt: s.excerpt,
    category: s.category,
    tags: [...s.tags],
    coverImage: s.image,
    markdown: caseStudyMarkdown(s),
    status: 'published',
    publishedAt: s.date,
  }));
}

/** The owner's contact card (vCard 3.0), as the site serves it and its QR code carries it. */
export function profileVcardText(profile: OwnerProfile): string {
  return vcardText({
    fn: profile.name,
    org: profile.company,
    title: profile.position || profile.title,
    email: profile.email,
    tel: profile.phone,
    url: profile.website,
  });
}

/**
 * Whether the home page has an About section: a biography, headline figures or a licence. An
 * owner who has written none gets no empty section, and no menu link to it.
 */
export const hasAboutSection = (content: { profile: Pick<OwnerProfile, 'biography' | 'licence'>; figures: readonly Figure[] }): boolean =>
  content.profile.biography.length > 0 || content.figures.length > 0 || content.profile.licence !== '';
