// What the assistant knows of the owner's site: their profile, figures, services, expertise,
// testimonials, career and published posts (with their bodies as plain text), as the site shows them now. A new
// install knows the sample; the api rebuilds it whenever the owner's content changes.
import {
  sampleCareer,
  sampleExpertise,
  sampleFigures,
  samplePosts,
  sampleProfile,
  sampleServices,
  sampleTestimonials,
} from '@curb/content';
import type { CareerEntry, ExpertiseCard, Figure, OwnedService, OwnerProfile, PostEdit, Testimonial } from '@curb/contracts/owner-content';

export interface KnownPost {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  tags: string[];
  /** The body's paragraphs as plain text, headings included as their own lines. */
  paragraphs: string[];
}

export interface AssistantKnowledge {
  /** Identifies the content it was built from (the bundle's version). */
  version: string;
  /** Whether the profile is still the sample: the sample's career, press and credentials apply only then. */
  isSample: boolean;
  profile: OwnerProfile;
  figures: Figure[];
  services: OwnedService[];
  expertise: ExpertiseCard[];
  testimonials: Testimonial[];
  career: CareerEntry[];
  posts: KnownPost[];
}

/** Markdown as plain paragraphs: no markup, images by their description, links by their text. */
export function markdownParagraphs(markdown: string): string[] {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) =>
      block
        .split('\n')
        .filter((line) => !/^\s*\|?\s*:?-{3,}/.test(line))
        .map((line) =>
          line
            .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/, '')
            .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/[*_`~]+/g, '')
            .replace(/\s*\|\s*/g, ' ')
            .trim(),
        )
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

export function knownPost(post: PostEdit): KnownPost {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt || post.seoDescription,
    category: post.category,
    tags: post.tags,
    paragraphs: markdownParagraphs(post.markdown),
  };
}

export function sampleKnowledge(): AssistantKnowledge {
  return {
    version: 'sample',
    isSample: true,
    profile: sampleProfile(),
    figures: sampleFigures(),
    services: sampleServices(),
    expertise: sampleExpertise(),
    testimonials: sampleTestimonials(),
    career: sampleCareer(),
    posts: samplePosts().map(knownPost),
  };
}
