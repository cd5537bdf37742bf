// The voice assistant's API: chat, voice and the avatar creator's token, sharing one
// provider client and one detection of the local voice tools.
import type { RouteApp } from '../../lib/route-app.ts';
import type { Config } from '@curb/contracts/config';
import { createProvider } from '../../lib/assistant/provider.ts';
import type { ToolLimits } from '../../lib/voice/run-tool.ts';
import { detectVoiceTools, type VoiceTools } from '../../lib/voice/tools.ts';
import chatRoutes from './chat.ts';
import metapersonRoutes from './metaperson.ts';
import voiceRoutes from './voice.ts';

export interface AssistantOptions {
  config: Config;
  /** Tests replace the machine's tools (for example with none), the provider's fetch and the avatar creator's token endpoint. */
  tools?: () => Promise<VoiceTools>;
  fetch?: typeof fetch;
  metapersonTokenUrl?: string;
  /** Tests tighten the voice tools' limits to see one hit. */
  toolLimits?: ToolLimits;
}

export default async function assistant(app: RouteApp, opts: AssistantOptions): Promise<void> {
  const provider = createProvider(opts.config, opts.fetch);
  const tools = opts.tools ?? detectVoiceTools;
  // Start detecting now so the first visitor does not wait for it.
  void tools();
  await app.register(chatRoutes, { provider });
  await app.register(metapersonRoutes, { config: opts.config, tokenUrl: opts.metapersonTokenUrl, fetch: opts.fetch });
  await app.register(voiceRoutes, { config: opts.config, provider, tools, toolLimits: opts.toolLimits });
}
