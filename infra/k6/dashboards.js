// k6 version of `pnpm bench:dashboards`: each dashboard endpoint, 60 requests one at a time,
// p95 ≤ 150 ms (the bench's target at 10 M events; test/bench-k6.test.ts keeps the lists in
// step). Needs an admin account and a site with data (for instance the bench data directory
// or `pnpm demo`):
//   k6 run -e BASE_URL=http://localhost:3000 -e ADMIN_EMAIL=… -e ADMIN_PASSWORD=… infra/k6/dashboards.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
const ENDPOINTS = [
  '/api/analytics/ab-testing?days=7',
  '/api/analytics/ab-testing?days=30',
  '/api/analytics/ab-testing?days=90',
  '/api/analytics/retargeting?days=7',
  '/api/analytics/retargeting?days=30',
  '/api/analytics/retargeting?days=90',
  '/api/admin/funnels',
  '/api/admin/funnel-stats',
  '/api/admin/funnels/marketing-audit/analytics',
  '/api/seo/dashboard',
  '/api/admin/data-connections/overview',
  '/api/admin/feature-status?category=funnel',
];

export const options = {
  scenarios: Object.fromEntries(
    ENDPOINTS.map((path, i) => [
      `e${i}`,
      {
        executor: 'per-vu-iterations',
        vus: 1,
        iterations: 60,
        startTime: `${i * 15}s`,
        maxDuration: '15s',
        exec: 'hit',
        env: { ENDPOINT: path },
        tags: { endpoint: path },
      },
    ]),
  ),
  thresholds: Object.fromEntries(ENDPOINTS.map((path) => [`http_req_duration{endpoint:${path}}`, ['p(95)<=150']])),
};

export function setup() {
  const res = http.post(`${BASE_URL}/api/login`, JSON.stringify({ email: __ENV.ADMIN_EMAIL, password: __ENV.ADMIN_PASSWORD }), {
    headers: { 'content-type': 'application/json', origin: BASE_URL },
  });
  check(res, { 'signed in': (r) => r.status === 200 });
  return { cookie: `curb_admin=${res.cookies.curb_admin[0].value}` };
}

export function hit(data) {
  const res = http.get(`${BASE_URL}${__ENV.ENDPOINT}`, { headers: { cookie: data.cookie } });
  check(res, { ok: (r) => r.status === 200 });
}
