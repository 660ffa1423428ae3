import { Button, Modal, Select, TextInput, useFocusRequest } from '@client/components';
import { CLASS_START_TEXTS, type StartField } from '@machines/classSessions/contract';
import { hasStartEdits, isStarting, isStartOpen } from '@machines/classSessions/selectors';
import { CLASS_TEXTS, MAX_DURATION_MINUTES } from '@shared/class-sessions';
import { type FormEvent, useId, useRef } from 'react';
import { ClassStartActor } from './actors';

const CHECKS = [
  ['allowRejoin', CLASS_TEXTS.allowRejoin],
  ['showReport', CLASS_TEXTS.showReport],
  ['showSolution', CLASS_TEXTS.showSolution],
] as const;

/** 'Start class session': its name, an optional duration, what students see after, name or email. */
export function StartClassSessionModal() {
  const actor = ClassStartActor.useActorRef();
  const open = ClassStartActor.useSelector(isStartOpen);
  const starting = ClassStartActor.useSelector(isStarting);
  const edits = ClassStartActor.useSelector(hasStartEdits);
  const { form, errors, formError, focus, target } = ClassStartActor.useSelector((s) => s.context);
  const refs = { name: useRef<HTMLInputElement>(null), duration: useRef<HTMLInputElement>(null) };
  useFocusRequest(focus, refs);
  const formId = useId();
  const change = (field: StartField, value: string | boolean) =>
    actor.send({ type: 'start.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'start.submit' });
  };
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'start.cancel' })}
      dismissible={!starting}
      unsavedEdits={edits}
      title={CLASS_TEXTS.startTitle}
      description={target?.name}
      footer={(requestClose) => (
        <>
          <Button onClick={requestClose} disabled={starting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={starting}>
            {starting ? CLASS_START_TEXTS.starting : CLASS_TEXTS.start}
          </Button>
        </>
      )}
    >
      <form id={formId} onSubmit={submit} noValidate className="class-start">
        {formError && <p role="alert">{formError}</p>}
        <TextInput
          ref={refs.name}
          label="Session name"
          value={form.name}
          error={errors.name}
          onChange={(event) => change('name', event.target.value)}
          data-autofocus
        />
        <TextInput
          ref={refs.duration}
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DURATION_MINUTES}
          hint={CLASS_START_TEXTS.durationHint}
          value={form.duration}
          error={errors.duration}
          onChange={(event) => change('duration', event.target.value)}
        />
        {CHECKS.map(([field, label]) => (
          <label key={field} className="class-start__check">
            <input
              type="checkbox"
              checked={form[field]}
              onChange={(event) => change(field, event.target.checked)}
            />
            {label}
          </label>
        ))}
        <Select
          label={CLASS_TEXTS.identity}
          value={form.identity}
          onChange={(event) => change('identity', event.target.value)}
          options={[
            { value: 'name', label: CLASS_TEXTS.identityName },
            { value: 'email', label: CLASS_TEXTS.identityEmail },
          ]}
        />
      </form>
    </Modal>
  );
}
