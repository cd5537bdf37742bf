// Retrieval-mode chat: its precision and recall on the table of in- and out-of-scope
// questions (test/assistant-evaluation.ts), the tuning half and the held-out half apart, then
// latency: builds the index once, answers a mix of on-topic,
// follow-up and off-topic questions in process and through POST /api/chat (in-process
// server), printing p50/p95/p99. Run: pnpm bench:assistant
import { createServer } from '@curb/runtime';
import { parseConfig } from '@curb/contracts/config';
import assistant from '../services/api/src/routes/assistant/index.ts';
import { evaluateRetrieval, HELD_OUT_CASES, TUNING_CASES } from '../test/assistant-evaluation.ts';
import { createRetriever } from '../services/api/src/lib/assistant/retrieval.ts';
import { NO_VOICE_TOOLS } from '../services/api/src/lib/voice/tools.ts';

const QUESTIONS = [
  'What services do you offer?',
  'Tell me about team leadership',
  'Can you help with operations consulting?',
  'How did the transaction management system save time?',
  'What open rate did the email marketing campaigns get?',
  'How can I contact you?',
  'Is the marketing audit really free?',
  'Which certifications do you have?',
  "What's the weather in Paris tomorrow?",
  'markting audt', // misspelt: fuzzy matching
];
const ROUNDS = 2000;

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!.toFixed(3);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1)!.toFixed(3) };
}

const buildStart = performance.now();
const retriever = createRetriever();
const buildMs = performance.now() - buildStart;

const direct: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  retriever.answer([QUESTIONS[i % QUESTIONS.length]!]);
  direct.push(performance.now() - start);
}

const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const app = await createServer(config);
await app.register(assistant, { config, tools: async () => NO_VOICE_TOOLS });
const http: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const start = performance.now();
  // A fresh address per request keeps the rate limit out of the measurement.
  const res = await app.inject({
    method: 'POST',
    url: '/api/chat',
    payload: { messages: [{ role: 'user', content: QUESTIONS[i % QUESTIONS.length]! }] },
    remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  });
  if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode}: ${res.body}`);
  http.push(performance.now() - start);
}
await app.close();

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const halves = { tuning: TUNING_CASES, 'held-out': HELD_OUT_CASES };
const quality = Object.fromEntries(Object.entries(halves).map(([name, cases]) => [name, evaluateRetrieval(retriever, cases)]));
console.log('answer quality (an answer counts when it cites the expected page and says what it must, yes or no first):');
console.table(
  Object.fromEntries(
    Object.entries(quality).map(([name, q]) => [
      name,
      {
        questions: q.cases,
        'not covered': halves[name as keyof typeof halves].filter((c) => c.source === null).length,
        precision: pct(q.precision),
        recall: pct(q.recall),
        'refusals of uncovered': pct(q.refusals),
      },
    ]),
  ),
);
for (const [name, q] of Object.entries(quality)) {
  if (!q.misses.length) continue;
  console.log(`misses (${name}):`);
  console.table(q.misses);
}
console.log(`index build: ${buildMs.toFixed(1)} ms`);
console.table({ 'retriever.answer (ms)': percentiles(direct), 'POST /api/chat inject (ms)': percentiles(http) });
