// POST /api/chat: the assistant's answer to the conversation so far. Its knowledge is built
// from the owner's content and built again when the content's version changes, so a publish
// reaches the answers as soon as the site shows it.
import { rateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import { ChatRequestSchema, ChatResponseSchema } from '@curb/contracts/assistant';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { answerChat } from '../../lib/assistant/chat.ts';
import { knownPost, sampleKnowledge, type AssistantKnowledge } from '../../lib/assistant/knowledge.ts';
import type { Provider } from '../../lib/assistant/provider.ts';
import { createRetriever, type Retriever } from '../../lib/assistant/retrieval.ts';

export default async function chatRoutes(app: RouteApp, opts: { provider: Provider | null }): Promise<void> {
  const sample = sampleKnowledge();
  let built: { version: string; knowledge: AssistantKnowledge; retriever: Promise<Retriever> } = {
    version: sample.version,
    knowledge: sample,
    retriever: Promise.resolve(createRetriever(sample)),
  };

  /** The retriever for the content as the site shows it now (the last one built while it cannot be read). */
  const current = async (): Promise<{ knowledge: AssistantKnowledge; retriever: Retriever }> => {
    if (app.hasDecorator('siteContent')) {
      const content = await app.siteContent.get();
      if (content.version !== built.version) {
        const previous = built;
        const knowledge = app.siteContent.publishedPosts().then(
          (posts): AssistantKnowledge => ({ ...content, posts: posts.map(knownPost) }),
          () => null,
        );
        built = {
          version: content.version,
          knowledge: previous.knowledge,
          retriever: knowledge.then((k) => {
            if (!k) {
              built = previous;
              return previous.retriever;
            }
            built.knowledge = k;
            return createRetriever(k);
          }),
        };
      }
    }
    const retriever = await built.retriever;
    return { knowledge: built.knowledge, retriever };
  };

  app.post(
    '/api/chat',
    {
      schema: { body: ChatRequestSchema, response: { 200: ChatResponseSchema, 400: ErrorResponseSchema } },
      config: { rateLimit: rateLimit('chat') },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { knowledge, retriever } = await current();
      return answerChat(request.body.messages, { retriever, owner: knowledge.profile, provider: opts.provider, log: request.log });
    },
  );
}
