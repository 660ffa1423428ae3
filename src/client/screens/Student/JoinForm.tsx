import { Button, TextInput, useFocusRequest } from '@client/components';
import { STUDENT_FLOW_TEXTS } from '@machines/classStudent/contract';
import { isJoinBusy, joinStep } from '@machines/classStudent/selectors';
import { CLASS_TEXTS, JOIN_CODE_LENGTH } from '@shared/class-sessions';
import { type FormEvent, useRef } from 'react';
import { StudentActor } from './actors';

/**
 * Joining: the code first (filled in from a join link), then the name or email the session asks
 * for. Every refusal is said beside its field, or above the form when it is about the session.
 */
export function JoinForm() {
  const actor = StudentActor.useActorRef();
  const step = StudentActor.useSelector(joinStep);
  const busy = StudentActor.useSelector(isJoinBusy);
  const { code, displayName, email, info, fieldErrors, formError, focus } = StudentActor.useSelector(
    (s) => s.context,
  );
  const refs = {
    code: useRef<HTMLInputElement>(null),
    displayName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
  };
  useFocusRequest(
    focus?.field === 'composer' ? null : (focus as { field: 'code' | 'displayName' | 'email' } | null),
    refs,
  );
  const change = (field: 'code' | 'displayName' | 'email') => (value: string) =>
    actor.send({ type: 'join.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: step === 'code' ? 'join.submitCode' : 'join.submit' });
  };
  const askEmail = info?.identity === 'email';

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
      {step === 'code' ? (
        <TextInput
          label={CLASS_TEXTS.code}
          error={fieldErrors.code}
          ref={refs.code}
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
      ) : (
        <>
          <p className="join-form__session">
            {CLASS_TEXTS.code}: <strong className="join-form__code-value">{code}</strong>{' '}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => actor.send({ type: 'join.back' })}
              disabled={busy}
            >
              {STUDENT_FLOW_TEXTS.changeCode}
            </Button>
          </p>
          {askEmail ? (
            <TextInput
              label={CLASS_TEXTS.email}
              error={fieldErrors.email}
              ref={refs.email}
              type="email"
              autoComplete="email"
              value={email}
              disabled={busy}
              onChange={(event) => change('email')(event.target.value)}
            />
          ) : (
            <TextInput
              label={CLASS_TEXTS.displayName}
              error={fieldErrors.displayName}
              ref={refs.displayName}
              autoComplete="nickname"
              value={displayName}
              disabled={busy}
              onChange={(event) => change('displayName')(event.target.value)}
            />
          )}
        </>
      )}
      <Button type="submit" variant="primary" loading={busy} className="join-form__submit">
        {step === 'code' ? STUDENT_FLOW_TEXTS.continue : CLASS_TEXTS.join}
      </Button>
    </form>
  );
}
