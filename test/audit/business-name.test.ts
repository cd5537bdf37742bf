// Business names from real-world title shapes: brand first or last, any separator, with or
// without a domain that spells the name.
import { describe, expect, it } from 'vitest';
import { businessNameFromTitle } from '@curb/audit/detect/business';

describe('the business name in a page title', () => {
  it.each([
    ['Jane Porter Realty | Arlington VA Homes for Sale', 'https://janeporterrealty.com/', 'Jane Porter Realty'],
    ['Jane Porter Realty | Arlington VA Homes for Sale', undefined, 'Jane Porter Realty'],
    ['Homes for Sale in Arlington – Jane Porter Realty', undefined, 'Jane Porter Realty'],
    ['Arlington VA Real Estate & Homes for Sale - The Porter Team', undefined, 'The Porter Team'],
    ['Home | Ridge Realty', 'https://ridgerealty.com/', 'Ridge Realty'],
    ['Ridge Realty', 'https://ridgerealty.com/', 'Ridge Realty'],
    ['Ridge Realty: Homes in Boise, Idaho', undefined, 'Ridge Realty'],
    ['Jane Smith — Keller Williams Realty', 'https://janesmithhomes.com/', 'Jane Smith'],
    ['Jane Smith · Your Arlington Realtor', 'https://janesmith.com/', 'Jane Smith'],
    ['Search MLS Listings | Find Homes for Sale Near Me', 'https://search-homes.example/', null],
    ['Homes for Sale in Arlington', undefined, null],
    ['Oakwood Properties LLC | Property Management', undefined, 'Oakwood Properties LLC'],
    ['Welcome to Blue Door Homes Group | Denver Real Estate', undefined, 'Blue Door Homes Group'],
  ] as const)('%s (%s) → %s', (title, url, name) => {
    expect(businessNameFromTitle(title, url)).toBe(name);
  });

  it('has no name without a title', () => {
    expect(businessNameFromTitle(null)).toBeNull();
  });
});
