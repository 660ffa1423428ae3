import { Button, Modal, TextInput } from '@client/components';
import { LIVE_TEXTS } from '@machines/classLive/contract';
import { isCloseOpen, isExtendOpen, isSaving } from '@machines/classLive/selectors';
import { CLASS_TEXTS, MAX_EXTENSION_MINUTES } from '@shared/class-sessions';
import { type FormEvent, useId } from 'react';
import { ClassLiveActor } from './actors';

/** 'Extend time': the minutes to add. */
export function ExtendDialog() {
  const actor = ClassLiveActor.useActorRef();
  const open = ClassLiveActor.useSelector(isExtendOpen);
  const saving = ClassLiveActor.useSelector(isSaving);
  const minutes = ClassLiveActor.useSelector((s) => s.context.minutes);
  const error = ClassLiveActor.useSelector((s) => s.context.actionError);
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'extend.submit' });
  };
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'extend.cancel' })}
      dismissible={!saving}
      title={LIVE_TEXTS.extendTitle}
      size="sm"
      footer={
        <>
          <Button onClick={() => actor.send({ type: 'extend.cancel' })} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving}>
            {CLASS_TEXTS.extend}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextInput
          label={LIVE_TEXTS.minutes}
          type="number"
          min={1}
          max={MAX_EXTENSION_MINUTES}
          inputMode="numeric"
          value={minutes}
          error={error ?? undefined}
          onChange={(event) => actor.send({ type: 'extend.change', value: event.target.value })}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

/** 'Close session now', confirmed. */
export function CloseDialog() {
  const actor = ClassLiveActor.useActorRef();
  const open = ClassLiveActor.useSelector(isCloseOpen);
  const saving = ClassLiveActor.useSelector(isSaving);
  const error = ClassLiveActor.useSelector((s) => s.context.actionError);
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'close.cancel' })}
      dismissible={!saving}
      title={LIVE_TEXTS.closeTitle}
      description={LIVE_TEXTS.closeDescription}
      size="sm"
      footer={
        <>
          <Button onClick={() => actor.send({ type: 'close.cancel' })} disabled={saving} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={saving} onClick={() => actor.send({ type: 'close.confirm' })}>
            {CLASS_TEXTS.close}
          </Button>
        </>
      }
    >
      {error && <p role="alert">{error}</p>}
    </Modal>
  );
}
