// k6 version of `pnpm bench:ingest` for people who have k6 (it is not installable on the
// project's build machines, where autocannon measures the same scenarios):
//   k6 run -e BASE_URL=http://localhost:3000 infra/k6/ingest.js
// Scenarios run one after another: one event per request at full speed, batches of 20,
// and a constant 2,000 requests/s whose p99 must stay under 50 ms. The pauses between them
// let the spool drain into ClickHouse, as `pnpm bench:ingest` waits for it.
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const HEADERS = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' };

const event = (i) => ({
  name: 'page_view',
  sessionId: `k6-${i}`,
  path: '/marketing-audit',
  referrer: 'https://www.google.com/',
  utm: { source: 'newsletter', medium: 'email', campaign: 'november' },
});
const ONE = JSON.stringify(event(1));
const BATCH = JSON.stringify({ events: Array.from({ length: 20 }, (_, i) => event(i)) });

export const options = {
  scenarios: {
    single: { executor: 'constant-vus', vus: 50, duration: '10s', exec: 'single', tags: { scenario: 'single' } },
    batch: { executor: 'constant-vus', vus: 50, duration: '10s', startTime: '15s', exec: 'batch', tags: { scenario: 'batch' } },
    paced: {
      executor: 'constant-arrival-rate',
      rate: 2000,
      timeUnit: '1s',
      duration: '10s',
      startTime: '40s',
      preAllocatedVUs: 100,
      maxVUs: 400,
      exec: 'single',
      tags: { scenario: 'paced' },
    },
  },
  thresholds: {
    http_req_failed: ['rate==0'],
    'http_req_duration{scenario:paced}': ['p(99)<50'],
    // 20 events a request: 1,000 requests/s is 20,000 events/s.
    'http_reqs{scenario:batch}': ['rate>=1000'],
  },
};

export function single() {
  check(http.post(`${BASE_URL}/api/events`, ONE, { headers: HEADERS }), { accepted: (r) => r.status === 202 });
}

export function batch() {
  check(http.post(`${BASE_URL}/api/events`, BATCH, { headers: HEADERS }), { accepted: (r) => r.status === 202 });
}

// After the run: every accepted event must have reached ClickHouse (compare
// GET /api/events/metrics `accepted` with the events table once `spooled` is 0).
export function teardown() {
  const metrics = http.get(`${BASE_URL}/api/events/metrics`).json();
  console.log(`accepted ${metrics.accepted}, spooled ${metrics.spooled}, flushed ${metrics.flushed}, rejected ${metrics.rejected}`);
}
