// k6 version of `pnpm bench:dashboards`: each dashboard endpoint, 60 requests one at a time,
// p95 ≤ 150 ms (the bench's target at 10 M events; test/bench-k6.test.ts keeps the bar in
// step). Needs an admin account and a site with data (for instance the bench data directory
// or `pnpm demo`):
//   k6 run -e BASE_URL=http://localhost:3000 -e ADMIN_EMAIL=… -e ADMIN_PASSWORD=… infra/k6/dashboards.js
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://localhost:3000';
// One list with the bench and the backup test (k6's open() reads it when the script loads).
const ENDPOINTS = JSON.parse(open('../../bench/dashboards/endpoints.json'));

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
