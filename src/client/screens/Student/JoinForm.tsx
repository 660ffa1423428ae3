import { Button, TextInput, useFocusRequest } from '@client/components';
import { type JoinField, STUDENT_FLOW_TEXTS } from '@machines/classStudent/contract';
import { isJoinBusy, joinStep } from '@machines/classStudent/selectors';
import { CLASS_TEXTS, JOIN_CODE_LENGTH } from '@shared/class-sessions';
import { type FormEvent, type RefObject, useRef } from 'react';
import { StudentActor } from './actors';

type Refs = Record<JoinField, RefObject<HTMLInputElement | null>>;

/**
 * Joining: the code first (filled in from a join link), then the name or email the session asks
 * for. Every refusal is said beside its field, or above the form when it is about the session.
 */
export function JoinForm() {
  const actor = StudentActor.useActorRef();
  const step = StudentActor.useSelector(joinStep);
  const busy = StudentActor.useSelector(isJoinBusy);
  const formError = StudentActor.useSelector((s) => s.context.formError);
  const focus = StudentActor.useSelector((s) =>
    s.context.focus?.field === 'composer' ? null : (s.context.focus as { field: JoinField } | null),
  );
  const refs: Refs = {
    code: useRef<HTMLInputElement>(null),
    displayName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };
  useFocusRequest(focus, refs);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: step === 'code' ? 'join.submitCode' : 'join.submit' });
  };
  return (
    <form className="student-card join-form" onSubmit={submit} noValidate aria-labelledby="join-title">
      <h1 id="join-title" className="student-card__title">
        {CLASS_TEXTS.joinTitle}
      </h1>
      {formError && (
        <p className="join-form__error" role="alert">
          {formError}
        </p>
      )}
      {step === 'code' ? <CodeStep refs={refs} /> : <DetailsStep refs={refs} />}
      <Button type="submit" variant="primary" loading={busy} className="join-form__submit">
        {step === 'code' ? STUDENT_FLOW_TEXTS.continue : CLASS_TEXTS.join}
      </Button>
    </form>
  );
}

const useChange = () => {
  const actor = StudentActor.useActorRef();
  return (field: JoinField) => (value: string) => actor.send({ type: 'join.change', field, value });
};

function CodeStep({ refs }: { refs: Refs }) {
  const change = useChange();
  const busy = StudentActor.useSelector(isJoinBusy);
  const code = StudentActor.useSelector((s) => s.context.code);
  const error = StudentActor.useSelector((s) => s.context.fieldErrors.code);
  return (
    <TextInput
      ref={refs.code}
      label={CLASS_TEXTS.code}
      error={error}
      value={code}
      onChange={(event) => change('code')(event.target.value)}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={JOIN_CODE_LENGTH + 4}
      className="join-form__code"
      disabled={busy}
      autoFocus
    />
  );
}

/** The session's code, and the name or the email it asks for. */
function DetailsStep({ refs }: { refs: Refs }) {
  const actor = StudentActor.useActorRef();
  const change = useChange();
  const busy = StudentActor.useSelector(isJoinBusy);
  const { code, displayName, email, info, fieldErrors } = StudentActor.useSelector((s) => s.context);
  return (
    <>
      <p className="join-form__session">
        {CLASS_TEXTS.code}: <strong className="join-form__code-value">{code}</strong>{' '}
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'join.back' })} disabled={busy}>
          {STUDENT_FLOW_TEXTS.changeCode}
        </Button>
      </p>
      {info?.identity === 'email' ? (
        <TextInput
          ref={refs.email}
          label={CLASS_TEXTS.email}
          error={fieldErrors.email}
          type="email"
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={(event) => change('email')(event.target.value)}
        />
      ) : (
        <TextInput
          ref={refs.displayName}
          label={CLASS_TEXTS.displayName}
          error={fieldErrors.displayName}
          autoComplete="nickname"
          value={displayName}
          disabled={busy}
          onChange={(event) => change('displayName')(event.target.value)}
        />
      )}
    </>
  );
}
