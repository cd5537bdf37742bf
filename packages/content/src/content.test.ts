import { describe, expect, it } from 'vitest';
import {
  caseStudies,
  experience,
  findCaseStudy,
  formDefinitions,
  normalizeWebsite,
  parseWebsite,
  projectSlug,
  projects,
  relatedItemsFor,
  skills,
  validateFormValues,
  withScheme,
} from './index.ts';

describe('content', () => {
  it('maps project titles to the spec slugs and slugifies others', () => {
    expect(projects.map((p) => p.slug)).toEqual([
      'transaction-management-system',
      'south-arlington-expansion',
      'exp-realty-transition',
      'community-events-strategy',
      'agent-onboarding-system',
      'email-marketing-campaigns',
    ]);
    expect(projectSlug('Luxury  Listing Launch')).toBe('luxury-listing-launch');
    // Every project links to an existing case study.
    for (const p of projects) expect(findCaseStudy(p.slug)?.title).toBe(p.title);
    expect(caseStudies).toHaveLength(6);
  });

  it('has six skills, seven alternating jobs and keyword data for the spec keywords', () => {
    expect(skills.map((s) => s.title)).toEqual([
      'Operations & Leadership',
      'Technology & Digital Tools',
      'Marketing & Growth Strategies',
      'Workflow Automation',
      'Team Leadership & Training',
      'Strategic Planning & Analysis',
    ]);
    expect(experience).toHaveLength(7);
    expect(experience.map((e) => e.side)).toEqual(['left', 'right', 'left', 'right', 'left', 'right', 'left']);
    for (const k of ['Airtable', 'Salesforce', 'Marketing', 'Automation', 'ChatGPT', 'Social Media', 'Event Planning']) {
      expect(relatedItemsFor(k).length, k).toBeGreaterThan(0);
    }
    expect(relatedItemsFor('social media')).toBe(relatedItemsFor('Social Media'));
    expect(relatedItemsFor('Dotloop')).toEqual([]);
  });

  it('validates lead forms by form id with the spec messages', () => {
    const audit = formDefinitions['inline-audit'];
    expect(validateFormValues(audit, {})).toEqual({ field: 'website', message: 'Website URL is required' });
    expect(validateFormValues(audit, { website: 'not a url', businessName: 'A', email: 'a@b.co' })?.message).toBe(
      'Please enter a valid website URL',
    );
    expect(validateFormValues(audit, { website: 'acme.com', businessName: '', email: 'a@b.co' })?.message).toBe(
      'Your Business Name is required',
    );
    expect(validateFormValues(audit, { website: 'acme.com', businessName: 'Acme', email: 'nope' })?.message).toBe(
      'Please enter a valid email address',
    );
    expect(validateFormValues(audit, { website: 'acme.com', businessName: 'Acme', email: 'a@acme.com' })?.message).toBe(
      'Consent is required to submit this form',
    );
    expect(
      validateFormValues(audit, { website: 'acme.com', businessName: 'Acme', email: 'a@acme.com' }, { emailConsent: true }),
    ).toBeNull();
    const contact = formDefinitions['contact-form'];
    expect(validateFormValues(contact, { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S' })?.message).toBe(
      'Message is required',
    );
    expect(validateFormValues(contact, { firstName: 'A', lastName: 'B', email: 'a@b.co', subject: 'S', message: 'Hi' })).toBeNull();
  });

  it('adds https:// to schemeless websites and normalises the enrichment key', () => {
    expect(withScheme('acme.com')).toBe('https://acme.com');
    expect(withScheme('http://acme.com')).toBe('http://acme.com');
    expect(parseWebsite('ftp://acme.com')).toBeNull();
    expect(parseWebsite('localhost')).toBeNull();
    expect(normalizeWebsite('https://www.Acme.com/')).toBe('acme.com');
    expect(normalizeWebsite('acme.com/listings')).toBe('acme.com/listings');
  });
});
