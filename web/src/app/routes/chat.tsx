import { ChatExperience } from '@/features/chat/components/chat-experience';
import { ProceduralHead } from '@/features/chat/components/procedural-head';

export function ChatRoute() {
  return (
    <ChatExperience
      title="Voice Assistant"
      intro="Talk with the assistant about marketing audits, services and experience, by voice or by text."
      avatar={(c) => <ProceduralHead getLevel={c.getLevel} speaking={c.speaking} />}
    />
  );
}
