import { describe, expect, it } from 'vitest';
import {
  caseStudies,
  experience,
  fieldProblem,
  findCaseStudy,
  FORM_IDS,
  formDefinitions,
  isAuditVariant,
  normalizeWebsite,
  parseWebsite,
  projectSlug,
  projects,
  relatedItemsFor,
  skills,
  validateFormValues,
  validationMessages,
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

  it('sends every form that requests an audit, the popups included, to its report', () => {
    for (const id of FORM_IDS) expect(isAuditVariant(id), id).toBe(formDefinitions[id].requestsAudit);
    expect(isAuditVariant('popup-image')).toBe(true);
    expect(isAuditVariant('contact-form')).toBe(false);
  });

  it('refuses numbers and shorthand IPv4 the URL parser would turn into an address, keeps a dotted quad as written', () => {
    // WHATWG URLs read these as 1.0.0.5 and 127.0.0.1: the visitor typed a number, not a site.
    for (const value of ['1.5', 'https://1.5', '127.1', '0x7f.1', '2130706433.', '0177.0.0.1', '01.2.3.4', 'x@1.5/path', '%31.5']) {
      expect(parseWebsite(value), value).toBeNull();
    }
    const inline = formDefinitions['inline-audit'];
    const website = inline.fields.find((f) => f.type === 'url')!;
    expect(fieldProblem(website, '1.5')).toBe(validationMessages.url);
    expect(parseWebsite('203.0.113.7')?.hostname).toBe('203.0.113.7');
    expect(parseWebsite('http://user@203.0.113.7:8080/x')?.host).toBe('203.0.113.7:8080');
    expect(parseWebsite('1password.com')?.hostname).toBe('1password.com');
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
