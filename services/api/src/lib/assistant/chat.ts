// One chat turn: validate the conversation, retrieve passages for the latest question,
// then let the provider phrase a grounded answer when one is configured, falling back to
// the retrieval answer when it is not or when it fails.
import type { ChatResponse, ChatSource, ChatTurn } from '@curb/contracts/assistant';
import { auditTiming } from '@curb/content';
import type { OwnerProfile } from '@curb/contracts/owner-content';
import { HttpError } from '@curb/runtime';
import type { Provider, ProviderMessage } from './provider.ts';
import type { Retriever } from './retrieval.ts';
import { AUDIT_PAGE } from './corpus.ts';

/** Turns of history the provider sees besides the passages: enough for follow-ups. */
const PROVIDER_HISTORY = 8;

export interface ChatDeps {
  retriever: Retriever;
  /** Whom the assistant speaks for. */
  owner: OwnerProfile;
  provider: Provider | null;
  log: { warn(obj: object, msg: string): void };
}

/** Refuses blank turns and a conversation that does not end with the visitor's question. */
export function validateConversation(messages: readonly ChatTurn[]): void {
  if (messages.some((m) => !m.content.trim())) throw new HttpError(400, 'Messages must not be empty.');
  if (messages.at(-1)?.role !== 'user') throw new HttpError(400, 'The last message must be from the user.');
}

function systemPrompt(owner: OwnerProfile, passages: readonly { title: string; page: ChatSource; answer: string; text: string }[]): string {
  const reach = [owner.email, owner.phone].filter(Boolean).join(' or ');
  const context = passages
    .map((p, i) => `[${i + 1}] ${p.title} — page "${p.page.title}" at ${p.page.path}\n${p.answer}\n${p.text.slice(0, 1200)}`)
    .join('\n\n');
  return [
    `You are the website assistant of ${owner.name}${owner.title ? `, ${owner.title}` : ''}. Your replies are read ` +
      `aloud, so answer in at most three short sentences of plain text.`,
    'Answer only from the passages below, with the sentence that answers the question, not a summary of the passage. Name ' +
      'the page the answer comes from and link it in Markdown, for example [Services](/services). Never invent facts, prices, ' +
      'dates or people.',
    'Start the answer to a yes/no question with "Yes." or "No.". The marketing audit is free; quote any other price only as a ' +
      `passage states it, and otherwise say plainly that the site does not list it and give ${reach}. ` +
      `For how long an audit takes, say both: ${auditTiming.sentence}`,
    `If the passages do not answer the question, say so briefly and offer ${owner.name} instead: ${reach}` +
      `${owner.bookingUrl ? `, or book a time at [${owner.bookingUrl}](${owner.bookingUrl})` : ''}; or the ` +
      `[${AUDIT_PAGE.title}](${AUDIT_PAGE.path}). Do not repeat an offer already made in the conversation.`,
    `Passages:\n\n${context}`,
  ].join('\n');
}

/** The pages a reply links to, in the order it names them. */
function linkedSources(message: string, candidates: readonly ChatSource[]): ChatSource[] {
  const found: ChatSource[] = [];
  for (const match of message.matchAll(/\]\(([^)\s]+)\)/g)) {
    const page = candidates.find((c) => c.path === match[1]);
    if (page && !found.includes(page)) found.push(page);
  }
  return found;
}

export async function answerChat(messages: readonly ChatTurn[], deps: ChatDeps): Promise<ChatResponse> {
  validateConversation(messages);
  const userTurns = messages.filter((m) => m.role === 'user').map((m) => m.content.trim());
  const replies = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const retrieval = deps.retriever.answer(userTurns, replies);

  const { provider } = deps;
  if (provider?.offers('chat')) {
    const passages = [...retrieval.results.map((r) => r.passage)];
    for (const id of ['audit', 'contact', 'areas', 'testimonials']) {
      const extra = deps.retriever.passage(id);
      if (extra && !passages.includes(extra)) passages.push(extra);
    }
    const history: ProviderMessage[] = messages.slice(-PROVIDER_HISTORY).map((m) => ({ role: m.role, content: m.content.trim() }));
    try {
      const message = await provider.chat([{ role: 'system', content: systemPrompt(deps.owner, passages) }, ...history]);
      const sources = linkedSources(
        message,
        passages.map((p) => p.page),
      );
      return { message, sources: sources.length > 0 ? sources : retrieval.sources, mode: 'provider' };
    } catch (err) {
      deps.log.warn({ err }, 'provider chat failed; answering from the site content');
    }
  }
  return { message: retrieval.message, sources: retrieval.sources, mode: 'retrieval' };
}
