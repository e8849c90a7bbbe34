import type { z } from 'zod';
import type { contractDocumentSchema } from '../../../shared/schemas/loans';

/**
 * The LOAN CONTRACT AGREEMENT as the server rendered it from the product version, the member's data
 * and the offer: shown before signing and, once signed, in Settings.
 */
export function ContractText({ contract, headingId }: { readonly contract: z.infer<typeof contractDocumentSchema>; readonly headingId?: string }) {
  return (
    <article className="flex flex-col gap-3 text-sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-bold text-brand">
        {contract.title}
      </h3>
      {contract.sections.map((section) => (
        <section key={section.heading}>
          <h4 className="font-semibold">{section.heading}</h4>
          {section.paragraphs.map((p, i) => (
            <p key={i} className="mt-1">
              {p}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
