import { Select } from '@client/components';
import { RESOURCE_LISTS_TEXTS } from '@machines/resourceLists';
import { selectPart } from '@machines/wizard/actions';
import type { WizardPart } from '@machines/wizard/parts';
import { useId } from 'react';
import { ResourceListsActor, WizardActor } from '../actors';
import { PART_LABEL, processText } from '../labels';
import { ColumnHeading } from './ResourceColumn';

/** 'Client interviewee v1.0.0 · Client · Req. Elicitation': all an instructor sees of a behaviour. */
export const behaviourSummary = (part: WizardPart): string =>
  [
    `${part.metadata.name} v${part.metadata.version}`,
    typeof part.spec.role === 'string' ? part.spec.role : '',
    processText(part.spec.process),
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The instructors' compact behaviour picker: a behaviour is chosen by name only, so it shows
 * name, version, role and process (never a description, a YAML preview or Edit).
 */
export function BehaviourPicker() {
  const wizard = WizardActor.useActorRef();
  const items = ResourceListsActor.useSelector((s) => s.context.lists.behaviour.items);
  const chosen = WizardActor.useSelector((s) => s.context.parts.behaviour ?? null);
  const headingId = useId();
  const choose = (id: string) => {
    const part = items.find((item) => item.id === id);
    if (part) wizard.send(selectPart.behaviour.event(part));
  };
  return (
    <section className="behaviour-picker" aria-labelledby={headingId}>
      <ColumnHeading id={headingId} title={PART_LABEL.behaviour} chosen={chosen !== null} />
      {items.length === 0 ? (
        <p className="resource-column__empty">{RESOURCE_LISTS_TEXTS.noItems}</p>
      ) : (
        <Select
          label="Choose a behaviour"
          placeholder="Select..."
          options={items.map((part) => ({ value: part.id, label: behaviourSummary(part) }))}
          value={chosen?.id ?? ''}
          onChange={(event) => choose(event.target.value)}
        />
      )}
    </section>
  );
}
