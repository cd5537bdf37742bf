// What makes the site the owner's own: their profile (who they are and how to reach them) and
// the content they publish (services, posts, testimonials, headline figures, expertise cards).
// The owner edits all of it in the admin; a new install starts with the sample content of
// @curb/content, and the site says it is the sample until the owner saves a profile.
// Stored in PostgreSQL with a version per save (restore like the funnels); the public site
// reads it as one `SiteContent` bundle, the admin through the routes named below.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { requestProblem, type FieldHint, type RequestProblem } from './request-check.ts';
import { DESCRIBED_PAGES, DESCRIPTION_LENGTH, type DescribedPage } from './owner-content-paths.ts';

/** One line of plain text: no control characters, no markup brackets. */
const Line = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: `^[^\\u0000-\\u001f\\u007f<>]${minLength > 0 ? '+' : '*'}$` });
/** Text that may span lines (a biography paragraph, a description); no markup brackets. */
const Paragraph = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: '^[^\\u0000-\\u0009\\u000b-\\u001f\\u007f<>]*$' });
/** An absolute https (or http) address, or empty. */
const WebAddress = Type.String({ maxLength: 500, pattern: '^(https?://[^\\s<>"]+)?$' });
/** A picture: an uploaded image's id (`media:<uuid>`), a path on this site (`/media/…`), or empty. */
export const ImageRef = Type.String({ maxLength: 300, pattern: '^(media:[0-9a-f-]{36}|/[^\\s<>"]*)?$' });

export const SOCIAL_NETWORKS = ['linkedin', 'facebook', 'instagram', 'x', 'youtube', 'tiktok', 'zillow'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** How each network the owner links to is named on the page and by the assistant. */
export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  zillow: 'Zillow',
};

/** What a field of the profile looks like when it is wrong, said at the field. */
export const PROFILE_FIELD_HINTS = {
  name: 'your name as clients know it, 1 to 80 characters',
  email: 'an e-mail address such as you@yourdomain.com',
  phone: 'a phone number with 7 to 15 digits, written as you like: +1 555 010 0199, (555) 010-0199…',
  brandColour: 'a colour as #rrggbb, e.g. #dc2626',
  bookingUrl: 'an address starting with https://',
  ratingValue: 'your average review rating from 1.0 to 5.0, e.g. 4.8',
  reviewCount: 'the number of reviews, a whole number of 1 or more',
} as const;

export const OwnerProfileSchema = Type.Object(
  {
    name: Line(80, 1),
    /** Initials shown where there is no photo; derived from the name when empty. */
    initials: Line(3),
    title: Line(120),
    tagline: Line(200),
    company: Line(120),
    /** Current position, e.g. "Director of Operations & Marketing". */
    position: Line(120),
    photo: ImageRef,
    logo: ImageRef,
    /** Where lead notices go and the reply-to of every mail. */
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@<>"]+@[^\\s@<>"]+\\.[^\\s@<>"]+$' }),
    /** As typed by the owner; the site shows it as typed and dials its digits. */
    phone: Type.String({ maxLength: 30, pattern: '^(\\+?[0-9 ().-]{7,25})?$' }),
    officeAddress: Type.Object(
      { street: Line(120), city: Line(80), region: Line(80), postalCode: Line(20), country: Line(2) },
      { additionalProperties: false },
    ),
    /** Regions served, in the order the site names them. */
    serviceArea: Type.Array(Line(80, 1), { maxItems: 12 }),
    licence: Line(200),
    biography: Type.Array(Paragraph(2000), { maxItems: 8 }),
    social: Type.Partial(Type.Record(Type.Union(SOCIAL_NETWORKS.map((n) => Type.Literal(n))), WebAddress)),
    bookingUrl: WebAddress,
    brandColour: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    /** The address of the owner's own site (vCard, structured data), when not this one. */
    website: WebAddress,
    /**
     * The owner's average review rating and how many reviews it is from, as their review site
     * states them. Claimed in the pages' structured data and the Client Rating card only when
     * both are set: a rating a search engine cannot verify is a penalty risk.
     */
    ratingValue: Type.Optional(Type.Number({ minimum: 1, maximum: 5 })),
    reviewCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000_000 })),
    /** How the structured data states the owner's prices ("Free consultation; listings from 2.5%"); none when absent. */
    priceRange: Type.Optional(Line(100)),
  },
  { additionalProperties: false },
);
export type OwnerProfile = Static<typeof OwnerProfileSchema>;

/** A headline figure (hero, footer, about): "15+" / "Years Experience". */
export const FigureSchema = Type.Object({ value: Line(20, 1), label: Line(60, 1) }, { additionalProperties: false });
export type Figure = Static<typeof FigureSchema>;

/** An expertise card of the home page. */
export const ExpertiseCardSchema = Type.Object(
  {
    title: Line(80, 1),
    icon: Line(30),
    description: Paragraph(500),
    tools: Type.Array(Line(60, 1), { maxItems: 12 }),
    achievements: Type.Array(Line(300, 1), { maxItems: 8 }),
    experience: Paragraph(1000),
  },
  { additionalProperties: false },
);
export type ExpertiseCard = Static<typeof ExpertiseCardSchema>;

/** A service the owner offers (services page, home, footer). */
export const OwnedServiceSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', minLength: 1, maxLength: 80 }),
    title: Line(80, 1),
    subtitle: Line(160),
    icon: Line(30),
    description: Paragraph(1000),
    features: Type.Array(Line(200, 1), { maxItems: 12 }),
    tools: Type.Array(Line(60, 1), { maxItems: 12 }),
    targetClients: Type.Array(Line(60, 1), { maxItems: 8 }),
  },
  { additionalProperties: false },
);
export type OwnedService = Static<typeof OwnedServiceSchema>;

export const TestimonialSchema = Type.Object(
  // A testimonial without words would draw an empty quote on the site.
  { quote: Paragraph(1000, 1), author: Line(80, 1), role: Line(120), photo: ImageRef },
  { additionalProperties: false },
);
export type Testimonial = Static<typeof TestimonialSchema>;

/** One role of the owner's career (the Experience page, the home page's Recent Experience). */
export const CareerEntrySchema = Type.Object(
  {
    role: Line(120, 1),
    company: Line(120, 1),
    /** As the owner writes them: "2019 – Present", "Mar 2014 – Mar 2016". */
    years: Line(60),
    location: Line(80),
    description: Paragraph(1000),
    achievements: Type.Array(Line(300, 1), { maxItems: 12 }),
    skills: Type.Array(Line(60, 1), { maxItems: 12 }),
  },
  { additionalProperties: false },
);
export type CareerEntry = Static<typeof CareerEntrySchema>;

/** The pages' search descriptions the owner wrote; a page without one gets a default built from their content. */
export const PageTextsSchema = Type.Object(
  {
    descriptions: Type.Object(
      Object.fromEntries(Object.keys(DESCRIBED_PAGES).map((page) => [page, Type.Optional(Line(DESCRIPTION_LENGTH.maxLength))])),
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export interface PageTexts {
  descriptions: Partial<Record<DescribedPage, string>>;
}

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A slug: lower-case words joined by hyphens, as it appears in /blog/<slug>. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';

/** A post or case study as the owner writes it (Markdown body; images as ![alt](media:<id>)). */
export const PostEditSchema = Type.Object(
  {
    slug: Type.String({ pattern: SLUG_PATTERN, minLength: 1, maxLength: 100 }),
    title: Line(160, 1),
    /** The search result's title; the title when empty. */
    seoTitle: Line(70),
    /** The search result's description; the excerpt when empty. */
    seoDescription: Line(300),
    excerpt: Line(400),
    category: Line(60),
    tags: Type.Array(Line(40, 1), { maxItems: 12 }),
    coverImage: ImageRef,
    markdown: Type.String({ maxLength: 100_000 }),
    status: Type.Union(POST_STATUSES.map((s) => Type.Literal(s))),
    /** ISO date (YYYY-MM-DD) shown on the post; set to today on first publish when empty. */
    publishedAt: Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' }),
  },
  { additionalProperties: false },
);
export type PostEdit = Static<typeof PostEditSchema>;

/** A published post as the site lists it (no body). */
export interface PostSummary {
  slug: string;
  title: string;
  seoTitle: string;
  seoDescription: string;
  excerpt: string;
  category: string;
  tags: string[];
  /** A path the page can load (already resolved from `media:` ids). */
  coverImage: string;
  publishedAt: string;
  readMinutes: number;
}

/** A published post with its body, rendered from Markdown and sanitised on the server. */
export interface PublishedPost extends PostSummary {
  html: string;
}

/** Everything the public pages show that the owner edits, as one bundle with a version. */
export interface SiteContent {
  /** Changes whenever anything in the bundle changes (pages are re-rendered per version). */
  version: string;
  /** True until the owner saves a profile: the admin then says the site shows the sample. */
  isSample: boolean;
  profile: OwnerProfile;
  figures: Figure[];
  expertise: ExpertiseCard[];
  services: OwnedService[];
  testimonials: Testimonial[];
  /** The owner's career, most recent first. */
  career: CareerEntry[];
  /** The search descriptions the owner wrote (none until they write one). */
  pageTexts: PageTexts;
  /** The current year where the owner is (their time zone): the footer's copyright. */
  year: number;
  /** Published posts, newest first. */
  posts: PostSummary[];
}

/** The content collections the owner edits as ordered lists (each save is a version). */
export const CONTENT_LISTS = {
  figures: Type.Array(FigureSchema, { maxItems: 8 }),
  expertise: Type.Array(ExpertiseCardSchema, { maxItems: 12 }),
  services: Type.Array(OwnedServiceSchema, { maxItems: 12 }),
  testimonials: Type.Array(TestimonialSchema, { maxItems: 30 }),
  career: Type.Array(CareerEntrySchema, { maxItems: 30 }),
} as const;
export type ContentListKind = keyof typeof CONTENT_LISTS;

export interface MediaItem {
  id: string;
  /** `media:<id>`, the reference stored in content. */
  ref: string;
  width: number;
  height: number;
  /** Widths written, each served at /media/u/<id>/<width>.webp. */
  widths: number[];
  alt: string;
  createdAt: string;
}

// The routes, upload limits and image paths, in a module without the schema library (the public pages import them).
export {
  DESCRIBED_PAGES,
  DESCRIPTION_LENGTH,
  describedPageAt,
  MEDIA_LIMITS,
  mediaFilePath,
  mediaIdOf,
  OWNER_CONTENT_ROUTES,
  pickWidth,
  type DescribedPage,
} from './owner-content-paths.ts';

const FIELD_HINTS: Record<string, string> = {
  ...PROFILE_FIELD_HINTS,
  slug: 'lower-case words joined by hyphens, e.g. spring-open-house',
  publishedAt: 'a date as YYYY-MM-DD',
  photo: 'an uploaded image or a path on this site',
  logo: 'an uploaded image or a path on this site',
  coverImage: 'an uploaded image or a path on this site',
  website: 'an address starting with https://',
};

/** What a field of the owner's content should look like, when it breaks its rule. */
const ownerFieldHint: FieldHint = (field, type) => {
  const key = field.split('.').filter((p) => !/^\d+$/.test(p))[0] ?? field;
  const hint = FIELD_HINTS[key];
  if (hint) return `should be ${hint}`;
  return type === ValueErrorType.StringPattern ? 'cannot hold line breaks, control characters or < >' : undefined;
};

/**
 * The first problem of an edit against its schema, named by the field as the admin's form
 * names it (`officeAddress.city`, `2.title` in a list), with what the field should look like;
 * null when it conforms.
 */
export function ownerContentProblem(schema: TSchema, value: unknown): RequestProblem | null {
  const problem = requestProblem(schema, value, ownerFieldHint);
  return problem && !problem.field && Array.isArray(value) ? { message: 'This list is too long or not valid.' } : problem;
}

/** A post as the admin lists and edits it. */
export interface AdminPost extends PostEdit {
  id: string;
  version: number;
  updatedAt: string;
}

/** One saved version of the profile, a list or a post. */
export interface ContentVersion {
  version: number;
  changedAt: string;
  changedBy: string;
  /** The version this one restored, when it was a restore. */
  revertedTo: number | null;
}

/** Initials from a name: the first letters of its first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('');
}

/** The parameters of the routes above (checked further by the routes, which answer 404). */
export const OwnerContentParams = {
  kind: Type.Object({ kind: Type.String({ maxLength: 40 }) }),
  id: Type.Object({ id: Type.String({ maxLength: 40 }) }),
  slug: Type.Object({ slug: Type.String({ pattern: SLUG_PATTERN, maxLength: 100 }) }),
  subject: Type.Object({ subject: Type.String({ maxLength: 50 }) }),
  restore: Type.Object({ subject: Type.String({ maxLength: 50 }), version: Type.Integer({ minimum: 1 }) }),
  mediaFile: Type.Object({ id: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 20 }) }),
} as const;
