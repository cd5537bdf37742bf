// POST /api/chat: the assistant's answer to the conversation so far.
import { rateLimit } from '@curb/contracts/limits';
import type { RouteApp } from '../../lib/route-app.ts';
import { ChatRequestSchema, ChatResponseSchema } from '@curb/contracts/assistant';
import { ErrorResponseSchema } from '@curb/contracts/errors';
import { answerChat } from '../../lib/assistant/chat.ts';
import type { Provider } from '../../lib/assistant/provider.ts';
import { createRetriever } from '../../lib/assistant/retrieval.ts';

export default async function chatRoutes(app: RouteApp, opts: { provider: Provider | null }): Promise<void> {
  const retriever = createRetriever();
  app.post(
    '/api/chat',
    {
      schema: { body: ChatRequestSchema, response: { 200: ChatResponseSchema, 400: ErrorResponseSchema } },
      config: { rateLimit: rateLimit('chat') },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answerChat(request.body.messages, { retriever, provider: opts.provider, log: request.log });
    },
  );
}
