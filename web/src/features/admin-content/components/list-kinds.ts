import type { ContentListKind } from '@curb/contracts/owner-content';

/** How one field of a list item is edited: a line, a paragraph, one entry a line, or a picture. */
export type ItemFieldKind = 'line' | 'paragraph' | 'lines' | 'image';

export interface ItemField {
  key: string;
  label: string;
  kind: ItemFieldKind;
  hint?: string;
}

export interface ListKindSpec {
  kind: ContentListKind;
  title: string;
  /** What one entry is called ("Add service"). */
  noun: string;
  description: string;
  fields: readonly ItemField[];
  /** The field that names an entry in its heading. */
  nameField: string;
}

/** The ordered lists of the site, in the order the Content page shows them. */
export const LIST_KINDS: readonly ListKindSpec[] = [
  {
    kind: 'services',
    title: 'Services',
    noun: 'service',
    description: 'What you offer, on the services page, the home page and the footer, in this order.',
    nameField: 'title',
    fields: [
      { key: 'title', label: 'Title', kind: 'line' },
      {
        key: 'id',
        label: 'Address name',
        kind: 'line',
        hint: 'Lower-case words joined by hyphens; taken from the title when empty.',
      },
      { key: 'subtitle', label: 'Subtitle', kind: 'line' },
      { key: 'icon', label: 'Icon name', kind: 'line' },
      { key: 'description', label: 'Description', kind: 'paragraph' },
      { key: 'features', label: 'What is included', kind: 'lines', hint: 'One a line.' },
      { key: 'tools', label: 'Tools', kind: 'lines', hint: 'One a line.' },
      { key: 'targetClients', label: 'For whom', kind: 'lines', hint: 'One a line.' },
    ],
  },
  {
    kind: 'testimonials',
    title: 'Testimonials',
    noun: 'testimonial',
    description: 'What clients say about you, in this order.',
    nameField: 'author',
    fields: [
      { key: 'quote', label: 'Quote', kind: 'paragraph' },
      { key: 'author', label: 'Who said it', kind: 'line' },
      { key: 'role', label: 'Their role or company', kind: 'line' },
      { key: 'photo', label: 'Their photo', kind: 'image' },
    ],
  },
  {
    kind: 'figures',
    title: 'Headline figures',
    noun: 'figure',
    description: 'The numbers in the hero, the about section and the footer, e.g. "15+" Years Experience.',
    nameField: 'label',
    fields: [
      { key: 'value', label: 'Figure', kind: 'line', hint: 'e.g. 15+ or $250M' },
      { key: 'label', label: 'What it counts', kind: 'line' },
    ],
  },
  {
    kind: 'expertise',
    title: 'Expertise cards',
    noun: 'expertise card',
    description: 'The cards of the home page that say what you are good at.',
    nameField: 'title',
    fields: [
      { key: 'title', label: 'Title', kind: 'line' },
      { key: 'icon', label: 'Icon name', kind: 'line' },
      { key: 'description', label: 'Description', kind: 'paragraph' },
      { key: 'tools', label: 'Tools', kind: 'lines', hint: 'One a line.' },
      { key: 'achievements', label: 'Achievements', kind: 'lines', hint: 'One a line.' },
      { key: 'experience', label: 'Experience', kind: 'paragraph' },
    ],
  },
  {
    kind: 'career',
    title: 'Career',
    noun: 'role',
    description: 'Your roles on the Experience page, most recent first; the home page shows the first three.',
    nameField: 'role',
    fields: [
      { key: 'role', label: 'Role', kind: 'line' },
      { key: 'company', label: 'Company', kind: 'line' },
      { key: 'years', label: 'Years', kind: 'line', hint: 'As you want it shown, e.g. 2019 – Present' },
      { key: 'location', label: 'Location', kind: 'line' },
      { key: 'description', label: 'Description', kind: 'paragraph' },
      { key: 'achievements', label: 'Achievements', kind: 'lines', hint: 'One a line.' },
      { key: 'skills', label: 'Skills and tools', kind: 'lines', hint: 'One a line.' },
    ],
  },
];
