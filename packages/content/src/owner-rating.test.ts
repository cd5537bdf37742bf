import { describe, expect, it } from 'vitest';
import { achievements, keyMetrics, ownerRating, ratingCard } from './home.ts';
import { sampleProfile } from './sample-site-content.ts';

describe("the owner's review rating", () => {
  it('is claimed only with both figures', () => {
    expect(ownerRating({ ratingValue: 4.8, reviewCount: 40 })).toEqual({ value: 4.8, count: 40 });
    expect(ownerRating({ ratingValue: 4.8 })).toBeNull();
    expect(ownerRating({ reviewCount: 40 })).toBeNull();
    expect(ratingCard({})).toBeNull();
  });

  it('reads as people write ratings and counts', () => {
    expect(ratingCard({ ratingValue: 5, reviewCount: 1 })).toMatchObject({
      value: '5.0',
      description: 'Average rating from 1 client review.',
    });
    expect(ratingCard({ ratingValue: 4.75, reviewCount: 12_500 })).toMatchObject({
      value: '4.75',
      description: 'Average rating from 12,500 client reviews.',
    });
  });

  it("puts the sample's card third among the sample's metrics, and leaves it out without figures", () => {
    const sample = keyMetrics(sampleProfile());
    expect(sample.map((m) => m.title)).toEqual([
      'Annual Transactions',
      'Efficiency Improvement',
      'Client Rating',
      'Agents Onboarded',
      'Brand Awareness Growth',
    ]);
    expect(sample[2]).toMatchObject({ value: '4.9', description: 'Average rating from 127 client reviews.' });
    expect(keyMetrics({})).toEqual(achievements);
  });
});
