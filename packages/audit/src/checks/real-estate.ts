// What an agent's site needs to turn visitors into clients: listings search (IDX),
// valuation and mortgage tools, virtual tours, lead capture and credentials.
import { detectRealEstate } from '../detect/real-estate.ts';
import { memo, type Check, type CheckContext } from './types.ts';

export const realEstate = (ctx: CheckContext) => memo(ctx, 'real-estate', () => detectRealEstate(ctx.pages));

export const realEstateChecks: Check[] = [
  {
    id: 're.idx-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No IDX listings',
    description:
      'Buyers come to agent sites to browse homes. Without IDX (MLS listings on your own site) they go to Zillow, where other ' +
      'agents get the lead.',
    fix: 'Add an IDX feed from your MLS through a provider such as IDX Broker, iHomefinder or Showcase IDX.',
    run: (ctx) => !realEstate(ctx).hasIDX && 'No IDX provider or listings pages were found.',
  },
  {
    id: 're.property-search-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No property search',
    description: 'A search box (city, price, beds) is the most used feature of a real-estate site.',
    fix: 'Put a property search on the home page, linked to your IDX listings.',
    run: (ctx) => !realEstate(ctx).hasPropertySearch && 'No property search form or search link was found.',
  },
  {
    id: 're.valuation-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No home valuation offer',
    description: '"What\'s my home worth?" is the top lead magnet for seller leads.',
    fix: 'Add a home valuation page with a short form (address, e-mail) and link it from the home page.',
    run: (ctx) => !realEstate(ctx).hasValuationTool && 'No home valuation tool or page was found.',
  },
  {
    id: 're.mortgage-calculator-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No mortgage calculator',
    description: 'Buyers return to sites that help them plan payments, and the calculator keeps them on your site.',
    fix: 'Add a mortgage or payment calculator (many IDX providers include one).',
    run: (ctx) => !realEstate(ctx).hasMortgageCalculator && 'No mortgage or payment calculator was found.',
  },
  {
    id: 're.virtual-tours-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No virtual tours',
    description: '3D and video tours keep buyers on listings longer and pre-qualify showings.',
    fix: 'Embed Matterport or video tours on featured listings.',
    run: (ctx) => !realEstate(ctx).hasVirtualTours && 'No virtual tour (Matterport, 3D or video tour) was found.',
  },
  {
    id: 're.lead-capture-missing',
    category: 'real-estate',
    severity: 'Critical',
    free: true,
    title: 'No way to capture leads',
    description: 'Visitors who are ready to talk have no form, booking link or click-to-call to reach you; those leads are lost.',
    fix: 'Add a short contact form (name, e-mail, phone) on every page and a click-to-call phone link.',
    run: (ctx) =>
      realEstate(ctx).leadCaptureElements.length === 0 && 'No contact form, booking link, chat or click-to-call link was found.',
  },
  {
    id: 're.call-to-action-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No clear call to action',
    description: 'Pages that never ask ("Schedule a consultation", "Get your home value") convert far fewer visitors.',
    fix: 'Add a prominent button with one clear next step above the fold.',
    run: (ctx) => !realEstate(ctx).hasCallToAction && 'No call to action such as "Contact me" or "Schedule a consultation" was found.',
  },
  {
    id: 're.credentials-missing',
    category: 'real-estate',
    severity: 'Warning',
    title: 'No licence or credentials shown',
    description: 'Most states require agents to show their licence and brokerage in advertising, and credentials build trust.',
    fix: 'Show your licence number, brokerage and designations (REALTOR®, ABR, CRS...) in the footer or about section.',
    run: (ctx) => realEstate(ctx).professionalCredentials.length === 0 && 'No licence number, REALTOR® mark or designation was found.',
  },
  {
    id: 're.brokerage-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'Brokerage not named',
    description: 'Advertising rules in most states require the brokerage name on agent websites.',
    fix: 'Name your brokerage clearly, e.g. "Brokerage: Example Realty".',
    run: (ctx) => realEstate(ctx).isRealEstate && !realEstate(ctx).brokerage && 'No brokerage name was found.',
  },
  {
    id: 're.fair-housing-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No Equal Housing Opportunity notice',
    description: 'The Equal Housing Opportunity statement or logo is expected on real-estate advertising.',
    fix: 'Add the Equal Housing Opportunity logo or statement to the footer.',
    run: (ctx) => realEstate(ctx).isRealEstate && !realEstate(ctx).hasEqualHousing && 'No Equal Housing Opportunity mention was found.',
  },
  {
    id: 're.testimonials-missing',
    category: 'real-estate',
    severity: 'Notice',
    title: 'No testimonials',
    description: 'Reviews from past clients are the strongest trust signal for a new visitor.',
    fix: 'Show a few client testimonials and link to your reviews on Zillow or Google.',
    run: (ctx) => !realEstate(ctx).hasTestimonials && 'No testimonials or reviews were found.',
  },
];
