import { ActionButton, useAvailability } from '@client/actions/ActionButton';
import {
  Button,
  EditIcon,
  EyeIcon,
  focusOn,
  MessageIcon,
  PlusIcon,
  SparklesIcon,
  TextInput,
  useFocusRequest,
} from '@client/components';
import { formatDateTime } from '@client/format';
import {
  addLink as addLinkAction,
  autoGenerate,
  editJson,
  record,
  viewTranscription,
} from '@machines/transcription/actions';
import {
  TRANSCRIPTION_TEXTS,
  type TranscriptionTarget,
  transcriptionTarget,
} from '@machines/transcription/contract';
import {
  isLinkSaving,
  isStartingSession,
  linkTargetId,
  type TranscriptionSnapshot,
} from '@machines/transcription/selectors';
import { openableLink, transcriptionKind } from '@shared/activity-config';
import {
  ACTIVITY_TEXTS,
  type Activity,
  type LeiaConfig,
  transcriptionLinkSchema,
} from '@shared/schemas/activities';
import { type FormEvent, type RefObject, useEffect, useRef } from 'react';
import { TranscriptionActor } from './actors';

export interface TranscriptionSectionProps {
  activity: Activity;
  config: LeiaConfig;
  name: string;
}

/** View of a link transcription: only an http(s) link reaches an href (an older row may hold another scheme). */
function ViewLink({
  link,
  name,
  linkRef,
}: {
  link: string | undefined;
  name: string;
  linkRef: RefObject<HTMLAnchorElement | null>;
}) {
  if (!link) return <span className="transcription__unopened">{ACTIVITY_TEXTS.linkNotOpened}</span>;
  return (
    <a
      ref={linkRef}
      className="btn btn--secondary btn--sm"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      referrerPolicy="no-referrer"
      aria-label={`View the transcription link of ${name}`}
    >
      <EyeIcon /> View
    </a>
  );
}

const messageCount = (count: number) => (count === 1 ? '1 message' : `${count} messages`);

/**
 * A transcription-mode LEIA's transcription: its type with a view button, when and how it was last
 * set, and while the activity is unpublished the overwrite notice and the four ways to set it
 * (all disabled while a chat session is being initialised), with Add Link's inline URL input.
 */
export function TranscriptionSection({ activity, config, name }: TranscriptionSectionProps) {
  const actor = TranscriptionActor.useActorRef();
  const linkOpen = TranscriptionActor.useSelector((s) => linkTargetId(s) === config.id);
  const kind = transcriptionKind(config);
  const data = config.configuration.data;
  const target = transcriptionTarget(activity, config);
  const settable = useAvailability(actor, addLinkAction, target).applies;
  const source = config.transcription;
  const viewLink = useRef<HTMLAnchorElement>(null);
  const addLink = useRef<HTMLButtonElement>(null);
  // The link input closed: on the new link's View once saved, back on Add Link when cancelled.
  const focus = TranscriptionActor.useSelector((s) =>
    s.context.focus?.configId === config.id ? s.context.focus : null,
  );
  useFocusRequest(focus, { viewLink, addLink });

  return (
    <div className="transcription">
      <p className="transcription__type">
        <span className="transcription__label">Transcription Type</span>
        {kind === 'link' && (
          <>
            <span>{TRANSCRIPTION_TEXTS.typeLink}</span>
            <ViewLink link={openableLink(config)} name={name} linkRef={viewLink} />
          </>
        )}
        {kind === 'messages' && (
          <>
            <span>
              {TRANSCRIPTION_TEXTS.typeMessages} ({messageCount(data?.messages?.length ?? 0)})
            </span>
            <ActionButton
              flow={actor}
              action={viewTranscription}
              target={target}
              size="sm"
              icon={<EyeIcon />}
              aria-label={`View the transcription of ${name}`}
            />
          </>
        )}
        {kind === 'none' && <span>{TRANSCRIPTION_TEXTS.none}</span>}
      </p>
      {source && kind !== 'none' && (
        <p className="transcription__source">
          Last changed <time dateTime={source.updatedAt}>{formatDateTime(source.updatedAt)}</time>:{' '}
          {TRANSCRIPTION_TEXTS.sources[source.source]}
        </p>
      )}
      {settable && (
        <>
          <p className="transcription__notice">{TRANSCRIPTION_TEXTS.notice}</p>
          <TranscriptionActions target={target} addLinkRef={addLink} />
          {linkOpen && <LinkForm />}
        </>
      )}
    </div>
  );
}

/**
 * The four ways to set a transcription, under the product's names, each saying what it does (all
 * disabled while a chat session is being initialised).
 */
function TranscriptionActions({
  target,
  addLinkRef,
}: {
  target: TranscriptionTarget;
  addLinkRef: RefObject<HTMLButtonElement | null>;
}) {
  const actor = TranscriptionActor.useActorRef();
  const startingHere = TranscriptionActor.useSelector(
    (s) => isStartingSession(s) && s.context.target?.config.id === target.config.id,
  );
  const described = (text: string) => ({ 'aria-description': text, title: text });
  return (
    <>
      <div className="transcription__actions">
        <ActionButton
          flow={actor}
          action={addLinkAction}
          target={target}
          ref={addLinkRef}
          size="sm"
          icon={<PlusIcon />}
          {...described(TRANSCRIPTION_TEXTS.actions.link)}
        />
        <ActionButton
          flow={actor}
          action={record}
          target={target}
          size="sm"
          icon={<MessageIcon />}
          loading={startingHere}
          {...described(TRANSCRIPTION_TEXTS.actions.manual)}
        />
        <ActionButton
          flow={actor}
          action={autoGenerate}
          target={target}
          size="sm"
          icon={<SparklesIcon />}
          {...described(TRANSCRIPTION_TEXTS.actions.auto)}
        />
        <ActionButton
          flow={actor}
          action={editJson}
          target={target}
          size="sm"
          icon={<EditIcon />}
          {...described(TRANSCRIPTION_TEXTS.actions.json)}
        />
      </div>
      {/* Generate and Auto Generate sit side by side: what each does, said where both are seen. */}
      <p className="transcription__hint">
        {TRANSCRIPTION_TEXTS.actions.manual} {TRANSCRIPTION_TEXTS.actions.auto}
      </p>
    </>
  );
}

const selectLink = (s: TranscriptionSnapshot) => s.context.link;

/** Add Link's input: trimmed, an http(s) URL ('Please enter a valid URL'); Add is disabled until then. */
function LinkForm() {
  const actor = TranscriptionActor.useActorRef();
  const value = TranscriptionActor.useSelector(selectLink);
  const saving = TranscriptionActor.useSelector(isLinkSaving);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => focusOn(input.current), []);
  const parsed = transcriptionLinkSchema.safeParse(value);
  const error = value.trim() !== '' && !parsed.success ? parsed.error.issues[0]?.message : undefined;
  const cancel = () => actor.send({ type: 'link.cancel' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'link.submit' });
  };
  return (
    <form
      className="transcription__link"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) cancel();
      }}
      noValidate
    >
      <TextInput
        ref={input}
        label="Transcription link"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={value}
        error={error}
        disabled={saving}
        onChange={(event) => actor.send({ type: 'link.change', value: event.target.value })}
      />
      <div className="transcription__link-actions">
        <Button type="submit" size="sm" variant="primary" loading={saving} disabled={!parsed.success}>
          Add
        </Button>
        <Button size="sm" onClick={cancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
