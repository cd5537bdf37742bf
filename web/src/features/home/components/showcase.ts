import { keyMetrics, projects, ratingCard, type AchievementCard } from '@curb/content';
import type { SiteContent } from '@curb/contracts/owner-content';

/** A 'Major Projects' card: a sample case study, or one of the owner's posts. */
export interface ShowcaseProject {
  slug: string;
  title: string;
  description: string;
  image: string;
  metrics: readonly { value: string; label: string }[];
  /** Chips that open the keyword dialog; the dialog knows the sample's work only. */
  tags: readonly string[];
}

/** How many of the owner's posts the section shows, as many as the sample's projects. */
const OWNER_PROJECTS = 6;

/**
 * What the Achievements & Projects section shows. The sample's metrics and projects are the
 * sample person's claims, so they show only while the site is the sample; an owner's site shows
 * the rating they gave and their own newest posts.
 */
export function showcaseOf(content: SiteContent): { metrics: AchievementCard[]; projects: ShowcaseProject[] } {
  if (content.isSample) return { metrics: keyMetrics(content.profile), projects: [...projects] };
  const rating = ratingCard(content.profile);
  return {
    metrics: rating ? [rating] : [],
    projects: content.posts.slice(0, OWNER_PROJECTS).map((post) => ({
      slug: post.slug,
      title: post.title,
      description: post.excerpt,
      image: post.coverImage,
      metrics: [],
      tags: [],
    })),
  };
}

/** Whether the section has anything to show (the hero's "View Projects" leads to it). */
export const hasShowcase = (content: SiteContent): boolean => {
  const { metrics, projects: shown } = showcaseOf(content);
  return metrics.length > 0 || shown.length > 0;
};
