import type { LeiaPartCopy } from '@shared/schemas/leias';
import { Fields, listOf, Prose, Section, Steps, textOf } from './fields';

/** Behaviour Configuration (its description, the system-prompt template), Role, Process Steps. */
export function BehaviourTab({ behaviour }: { behaviour: LeiaPartCopy }) {
  const { spec } = behaviour;
  return (
    <div className="leia-view">
      <Section title="Behaviour Configuration">
        <Prose text={textOf(spec.description)} />
      </Section>
      <Fields rows={[{ label: 'Role', value: textOf(spec.role) }]} />
      <Section title="Process Steps">
        <Steps steps={listOf(spec.process)} label="Process Steps" />
      </Section>
    </div>
  );
}
