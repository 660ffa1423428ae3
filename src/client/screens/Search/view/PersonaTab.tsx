import type { LeiaPartCopy } from '@shared/schemas/leias';
import { Fields, Section, textOf } from './fields';

/** Full Name, First Name, Description, Personality and the four pronouns; 'N/A' where missing. */
export function PersonaTab({ persona }: { persona: LeiaPartCopy }) {
  const { spec } = persona;
  return (
    <div className="leia-view">
      <Fields
        rows={[
          { label: 'Full Name', value: textOf(spec.fullName) },
          { label: 'First Name', value: textOf(spec.firstName) },
          { label: 'Description', value: textOf(spec.description) },
          { label: 'Personality', value: textOf(spec.personality) },
        ]}
      />
      <Section title="Pronouns">
        {/* Field names as the persona's spec spells them (src/shared/schemas/resources.ts). */}
        <Fields
          label="Pronouns"
          rows={[
            { label: 'Subject', value: textOf(spec.subjectPronoum) },
            { label: 'Object', value: textOf(spec.objectPronoum) },
            { label: 'Possessive', value: textOf(spec.possesivePronoum) },
            { label: 'Possessive Adj', value: textOf(spec.possesiveAdjective) },
          ]}
        />
      </Section>
    </div>
  );
}
