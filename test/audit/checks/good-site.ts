// A well-built real-estate agent site that passes every check: the "does not fire" fixture
// of each check, and the base its "fires" fixture breaks in one place.
export const GOOD_URL = 'https://janesmithrealty.com/';

const social = [
  'https://www.facebook.com/janesmithrealty',
  'https://www.instagram.com/janesmithrealty',
  'https://www.linkedin.com/in/janesmith',
  'https://www.youtube.com/@janesmithrealty',
  'https://www.zillow.com/profile/JaneSmithRealty',
  'https://www.realtor.com/realestateagents/5a1b2c3d4e',
  'https://www.homes.com/real-estate-agents/jane-smith/abc123',
  'https://g.page/janesmithrealty',
];
const socialNames = [
  'Facebook',
  'Instagram',
  'LinkedIn',
  'YouTube',
  'Zillow reviews',
  'Realtor.com profile',
  'Homes.com profile',
  'Google reviews',
];

const business = {
  '@context': 'https://schema.org',
  '@type': 'RealEstateAgent',
  name: 'Jane Smith Realty',
  url: GOOD_URL,
  logo: 'https://janesmithrealty.com/logo.png',
  image: 'https://janesmithrealty.com/jane.jpg',
  telephone: '+1-703-555-0142',
  email: 'jane@janesmithrealty.com',
  address: {
    '@type': 'PostalAddress',
    streetAddress: '1200 Wilson Blvd',
    addressLocality: 'Arlington',
    addressRegion: 'VA',
    postalCode: '22209',
    addressCountry: 'US',
  },
  geo: { '@type': 'GeoCoordinates', latitude: 38.8951, longitude: -77.0728 },
  sameAs: social,
};

const organization = {
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'Jane Smith Realty',
  url: GOOD_URL,
  logo: 'https://janesmithrealty.com/logo.png',
};

const NOUNS = ['buyers', 'sellers', 'neighborhoods', 'schools', 'commutes', 'condos', 'townhomes', 'offers', 'inspections', 'closings'];
const SENTENCES = [
  (topic: string, noun: string) => `I know the ${noun} of ${topic} well.`,
  (topic: string, noun: string) => `Ask me about ${noun} in ${topic} at any time.`,
  (topic: string, noun: string) => `We talk through ${noun} in ${topic} before you move.`,
];

/** Plain sentences about the topic, at least 2n words: real copy reads easily, so must the fixture. */
const words = (n: number, topic: string) => {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < 2 * n; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!(topic, NOUNS[i % NOUNS.length]!);
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
};

export const GOOD_HTML =
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arlington VA Homes for Sale | Jane Smith Realty</title>
<meta name="description" ` +
  `content="Jane Smith helps buyers and sellers in Arlington and Northern Virginia with local market expertise, free home ` +
  `valuations and full MLS search.">
<meta name="author" content="Jane Smith">
<meta name="google-site-verification" content="a1b2c3">
<link rel="canonical" href="https://janesmithrealty.com/">
<link rel="alternate" hreflang="en-US" href="https://janesmithrealty.com/">
<link rel="alternate" hreflang="x-default" href="https://janesmithrealty.com/">
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/styles.css">
<meta property="og:title" content="Arlington VA Homes for Sale | Jane Smith Realty">
<meta property="og:description" content="Local market expertise, free home valuations and full MLS search in Arlington.">
<meta property="og:image" content="https://janesmithrealty.com/og.jpg">
<meta property="og:url" content="https://janesmithrealty.com/">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Jane Smith Realty">
<meta name="twitter:card" content="summary_large_image">
<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC1234567"></script>
<script>window.dataLayer = window.dataLayer || []; function gtag(){dataLayer.push(arguments);} gtag('js', new Date()); ` +
  `gtag('config', 'G-ABC1234567');</script>
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var ` +
  `f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;` +
  `f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-ABC123');</script>
<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>
<script async src="https://cdn-cookieyes.com/client_data/abc/script.js"></script>
<script defer src="https://jane.idxbroker.com/idx/widgets/12345"></script>
<script type="application/ld+json">${JSON.stringify(business)}</script>
<script type="application/ld+json">${JSON.stringify(organization)}</script>
</head>
<body>
<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC123" height="0" width="0" title="Tag manager"></iframe></noscript>
<header>
<img src="/logo.png" alt="Jane Smith Realty logo" width="180" height="60">
<nav><a href="/">Home</a> <a href="/about">About Jane</a> <a href="/listings">Search Homes</a> ` +
  `<a href="/home-value">Home Valuation</a> <a href="/blog">Market Blog</a> <a href="/contact">Contact</a></nav>
</header>
<main>
<h1>Arlington Real Estate with Jane Smith</h1>
<p>For fifteen years I have helped families buy and sell homes across Arlington, Alexandria and Falls Church. ${words(160, 'Arlington')}</p>
<h2>Search Homes for Sale</h2>
<form action="/listings" method="get"><label for="city">City</label><input id="city" name="city"><label for="beds">Beds</label>` +
  `<input id="beds" name="beds" type="number"><button type="submit">Search</button></form>
<h2>What's My Home Worth?</h2>
<p>Request a free home valuation based on recent sales near you. <a href="/home-value">Get your valuation</a></p>
<h2>Mortgage Calculator</h2>
<p>Estimate your monthly payment before you tour. <a href="/mortgage-calculator">Open the mortgage calculator</a></p>
<h2>Featured Listings</h2>
<picture><source type="image/webp" srcset="/img/oak-street.webp"><img src="/img/oak-street.jpg" ` +
  `alt="Brick colonial at 12 Oak Street with a front porch" width="800" height="533" loading="lazy" ` +
  `srcset="/img/oak-street-400.jpg 400w, /img/oak-street.jpg 800w"></picture>
<iframe src="https://my.matterport.com/show/?m=abc123" title="3D virtual tour of 12 Oak Street" loading="lazy"></iframe>
<h2>What My Clients Say</h2>
<p>Testimonials: "Jane sold our townhome in nine days." — The Parkers</p>
<h2>Frequently Asked Questions</h2>
<h3>How long does it take to sell a home in Arlington?</h3>
<p>Homes in Arlington sold in a median of 12 days in 2026, according to <a href="https://www.brightmls.com/research">Bright MLS ` +
  `market research</a>.</p>
<p>Updated <time datetime="2026-10-01">October 1, 2026</time> by Jane Smith.</p>
<h2>Contact Jane</h2>
<form action="/contact" method="post"><label for="name">Name</label><input id="name" name="name"><label for="email">Email</label>` +
  `<input id="email" type="email" name="email"><label for="phone">Phone</label><input id="phone" type="tel" name="phone">` +
  `<label for="message">Message</label><textarea id="message" name="message"></textarea>` +
  `<button type="submit">Schedule a consultation</button></form>
</main>
<footer>
<p>Jane Smith, REALTOR®, licensed in Virginia, License # 0225123456. Brokerage: Smith Partners Realty. Equal Housing Opportunity.</p>
<p>1200 Wilson Blvd, Arlington, VA 22209 · <a href="tel:+17035550142">(703) 555-0142</a> · ` +
  `<a href="mailto:jane@janesmithrealty.com">jane@janesmithrealty.com</a></p>
<p>${social.map((u, i) => `<a href="${u}" rel="noopener" target="_blank">${socialNames[i]}</a>`).join(' ')}</p>
<p><a href="/privacy">Privacy Policy</a> © 2026 Jane Smith Realty</p>
</footer>
</body>
</html>`;

export const GOOD_ROBOTS = `User-agent: *
Allow: /
Disallow: /admin/

User-agent: GPTBot
Allow: /

Sitemap: https://janesmithrealty.com/sitemap.xml
`;

export const GOOD_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://janesmithrealty.com/</loc></url>
<url><loc>https://janesmithrealty.com/about</loc></url>
<url><loc>https://janesmithrealty.com/listings</loc></url>
</urlset>`;

export const GOOD_LLMS = `# Jane Smith Realty

> Arlington, Virginia real estate agent helping buyers and sellers across Northern Virginia.

## Pages

- [Search homes](https://janesmithrealty.com/listings): current listings from the MLS
- [Home valuation](https://janesmithrealty.com/home-value): free estimate of your home's value
`;

export const GOOD_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-encoding': 'gzip',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'content-security-policy': "default-src 'self' https:; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cache-control': 'no-cache',
  server: 'nginx',
};

/** An inner page of the good site (the advanced audit crawls it). */
export function goodInnerPage(path: string, title: string, extraBody = ''): { url: string; html: string } {
  const url = new URL(path, GOOD_URL).href;
  const html = GOOD_HTML.replace(
    '<title>Arlington VA Homes for Sale | Jane Smith Realty</title>',
    `<title>${title} | Jane Smith Realty</title>`,
  )
    .replace(
      /<meta name="description" content="[^"]*">/,
      `<meta name="description" content="${title}: how Jane Smith helps buyers and sellers in Arlington and Northern Virginia with ` +
        `expert local advice.">`,
    )
    .replace('<link rel="canonical" href="https://janesmithrealty.com/">', `<link rel="canonical" href="${url}">`)
    .replace(/hreflang="(en-US|x-default)" href="https:\/\/janesmithrealty\.com\/"/g, `hreflang="$1" href="${url}"`)
    .replace('<h1>Arlington Real Estate with Jane Smith</h1>', `<h1>${title}</h1>`)
    .replace('For fifteen years', `${title}. ${extraBody} For fifteen years`)
    .replace(
      '</script>\n<script type="application/ld+json">',
      `</script>\n<script type="application/ld+json">${JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 1, name: title, item: url }],
      })}</script>\n<script type="application/ld+json">`,
    );
  return { url, html };
}
