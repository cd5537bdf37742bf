import { useVoiceCapabilities } from '@/features/chat/api/chat-api';
import { ChatExperience } from '@/features/chat/components/chat-experience';
import { MetapersonAvatar } from '@/features/chat/components/metaperson-avatar';

/** Recording failures on this page have their own words. */
const MICROPHONE_ERROR = { title: 'Microphone Error', description: 'Unable to access microphone' };

export function MetapersonChatRoute() {
  const capabilities = useVoiceCapabilities();
  return (
    <ChatExperience
      title="Avatar Assistant"
      intro="Talk with the assistant through a 3D avatar, by voice or by text."
      microphoneError={MICROPHONE_ERROR}
      avatar={(c) => <MetapersonAvatar enabled={capabilities.data?.metaperson.enabled ?? false} speaking={c.speaking} />}
    />
  );
}
