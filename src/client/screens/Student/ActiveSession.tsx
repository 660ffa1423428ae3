import { copyText } from '@client/clipboard';
import { Button, ClipboardIcon, Tabs } from '@client/components';
import { isReadingTranscript, timeLeftLabel } from '@machines/classStudent/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { useState } from 'react';
import { StudentActor } from './actors';
import { HandInPanel } from './HandInPanel';
import { StudentConversation, TranscriptView } from './StudentConversation';

const TABS = { conversation: 'Conversation', handIn: CLASS_TEXTS.handIn } as const;

/** The session while it runs: time left, the resume link once, instructions, conversation, hand in. */
export function ActiveSession() {
  const reading = StudentActor.useSelector(isReadingTranscript);
  const [tab, setTab] = useState<keyof typeof TABS>('conversation');
  return (
    <div className="student-session">
      <TimeLeft />
      <ResumeLink />
      <Instructions />
      <Tabs
        label="Your work"
        value={tab}
        onChange={(id) => setTab(id as keyof typeof TABS)}
        className="student-tabs"
        tabs={[
          {
            id: 'conversation',
            label: reading ? 'Transcript' : TABS.conversation,
            content: reading ? <TranscriptView /> : <StudentConversation />,
          },
          { id: 'handIn', label: TABS.handIn, content: <HandInPanel /> },
        ]}
      />
    </div>
  );
}

/**
 * The time left in words (never by colour alone). Screen readers hear it at 5 and 1 minutes from a
 * polite live region that is always rendered; the visible text itself is not live, so it never
 * chatters every second.
 */
function TimeLeft() {
  const label = StudentActor.useSelector(timeLeftLabel);
  const announcement = StudentActor.useSelector((s) => s.context.announcement);
  return (
    <>
      <p className="student-time">
        <span className="student-time__label">{CLASS_TEXTS.timeLeft}:</span>{' '}
        <strong className="student-time__value">{label}</strong>
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/** The personal resume link, shown once after the join, with Copy. */
function ResumeLink() {
  const actor = StudentActor.useActorRef();
  const path = StudentActor.useSelector((s) => s.context.resumePath);
  if (!path) return null;
  const link = `${window.location.origin}${path}`;
  return (
    <section className="student-card resume-link" aria-labelledby="resume-title">
      <h2 id="resume-title" className="student-card__subtitle">
        {CLASS_TEXTS.resumeLinkTitle}
      </h2>
      <p className="resume-link__help">{CLASS_TEXTS.resumeLinkHelp}</p>
      <input
        className="input resume-link__url"
        readOnly
        value={link}
        aria-label={CLASS_TEXTS.resumeLinkTitle}
      />
      <div className="resume-link__actions">
        <Button icon={<ClipboardIcon />} onClick={() => copyText(link, 'Resume link copied')}>
          {CLASS_TEXTS.copyResumeLink}
        </Button>
        <Button variant="ghost" onClick={() => actor.send({ type: 'resume.dismiss' })}>
          Done
        </Button>
      </div>
    </section>
  );
}

function Instructions() {
  const text = StudentActor.useSelector((s) => s.context.view?.instructions ?? '');
  return (
    <details className="student-instructions" open>
      <summary className="student-instructions__title">{CLASS_TEXTS.instructions}</summary>
      <p className="student-instructions__text">{text}</p>
    </details>
  );
}
