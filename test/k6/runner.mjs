// Runs a k6 script (infra/k6) without k6, which the build machines cannot install: its own code,
// on a stand-in for k6's API whose requests go through curl (k6's are synchronous too). setup(),
// one iteration of each scenario with that scenario's env, then teardown(); prints what it sent,
// what came back and how its checks went, as one JSON line after RESULT_MARK.
//   node test/k6/runner.mjs <script> <base url> ['{"NAME":"value"}' (more of k6's -e)]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const RESULT_MARK = 'k6-result ';

const [script, baseUrl, extraEnv = '{}'] = process.argv.slice(2);
const requests = [];
const checks = [];

function request(method, url, body, params = {}) {
  const args = ['-s', '-i', '-X', method, url];
  for (const [name, value] of Object.entries(params.headers ?? {})) args.push('-H', `${name}: ${value}`);
  if (body !== undefined) args.push('--data-binary', body);
  const raw = execFileSync('curl', args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.slice(0, split).split('\r\n');
  const text = raw.slice(split + 4);
  const cookies = {};
  for (const line of headerLines) {
    const cookie = /^set-cookie:\s*([^=]+)=([^;]*)/i.exec(line);
    if (cookie) (cookies[cookie[1]] ??= []).push({ value: cookie[2] });
  }
  const status = Number(statusLine.split(' ')[1]);
  requests.push({ method, url: url.slice(baseUrl.length), body: body ?? null, status });
  return { status, body: text, cookies, json: () => JSON.parse(text) };
}

const http = {
  get: (url, params) => request('GET', url, undefined, params),
  post: (url, body, params) => request('POST', url, body, params),
};
const k6 = {
  check(res, sets) {
    let all = true;
    for (const [name, test] of Object.entries(sets)) {
      const ok = Boolean(test(res));
      checks.push({ name, ok, status: res.status });
      all &&= ok;
    }
    return all;
  },
  sleep() {},
};
const env = { BASE_URL: baseUrl, ...JSON.parse(extraEnv) };
const open = (path) => readFileSync(resolve(dirname(script), path), 'utf8');

const source = readFileSync(script, 'utf8');
const exported = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
const body = source
  .replace(/^import (\w+) from 'k6\/http';$/m, 'const $1 = __http;')
  .replace(/^import \{([^}]+)\} from 'k6';$/m, 'const {$1} = __k6;')
  .replace(/^export (const|function) /gm, '$1 ');
const mod = new Function('__http', '__k6', '__ENV', 'open', `${body}\nreturn { ${exported.join(', ')} };`)(http, k6, env, open);

const data = mod.setup?.();
for (const [name, scenario] of Object.entries(mod.options.scenarios)) {
  const saved = { ...env };
  Object.assign(env, scenario.env ?? {});
  const before = requests.length;
  mod[scenario.exec ?? 'default'](data);
  for (const sent of requests.slice(before)) sent.scenario = name;
  for (const key of Object.keys(env)) delete env[key];
  Object.assign(env, saved);
}
mod.teardown?.(data);
process.stdout.write(`\n${RESULT_MARK}${JSON.stringify({ options: mod.options, requests, checks })}\n`);
