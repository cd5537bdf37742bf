import { useState } from 'react';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ExperiencePage } from '@/features/experience/components/experience-page';
import { InlineAuditForm } from '@/features/inline-audit/components/inline-audit-form';
import { KeywordDialog } from '@/features/keyword-dialog/components/keyword-dialog';

export function ExperienceRoute() {
  const [keyword, setKeyword] = useState<string | null>(null);
  return (
    <>
      <ExperiencePage
        onKeyword={setKeyword}
        auditForm={<InlineAuditForm source="Experience Page" />}
        contactForm={<ContactForm title="Get in Touch" />}
      />
      <KeywordDialog keyword={keyword} onClose={() => setKeyword(null)} />
    </>
  );
}
