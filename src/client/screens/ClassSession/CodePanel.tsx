import { ActionButton } from '@client/actions/ActionButton';
import { Button, ClipboardIcon, cx } from '@client/components';
import { classReportPath } from '@client/routes';
import { closeSession, copyCode, copyJoinLink, extendTime, showCode } from '@machines/classLive/actions';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { useLocation } from 'wouter';
import { ClassLiveActor } from './actors';
import { joinLinkOf } from './joinLink';
import { CLASS_REPORT_LABEL } from './useClassSessionCommands';

/**
 * The join code (large for a projector with 'Show code'), the join link, each copied in one
 * keystroke (the buttons, their shortcuts, the palette), and the session's actions.
 */
export function CodePanel() {
  const actor = ClassLiveActor.useActorRef();
  const code = ClassLiveActor.useSelector((s) => s.context.detail?.code ?? '');
  const joinPath = ClassLiveActor.useSelector((s) => s.context.detail?.joinPath ?? '');
  const projector = ClassLiveActor.useSelector((s) => s.context.projector);
  const link = joinLinkOf(joinPath);
  const sessionId = ClassLiveActor.useSelector((s) => s.context.sessionId);
  const [, navigate] = useLocation();
  return (
    <section className={cx('class-code', projector && 'class-code--projector')} aria-label="Join the session">
      <div className="class-code__main">
        <p className="class-code__label">{CLASS_TEXTS.code}</p>
        <p className="class-code__value" data-testid="join-code">
          {code}
        </p>
        <p className="class-code__link">
          <a href={joinPath}>{link}</a>
        </p>
      </div>
      <div className="class-code__actions">
        <ActionButton
          flow={actor}
          action={copyCode}
          icon={<ClipboardIcon />}
          aria-keyshortcuts={copyCode.shortcut}
        />
        <ActionButton
          flow={actor}
          action={copyJoinLink}
          icon={<ClipboardIcon />}
          aria-keyshortcuts={copyJoinLink.shortcut}
        />
        <ActionButton
          flow={actor}
          action={showCode}
          aria-pressed={projector}
          aria-keyshortcuts={showCode.shortcut}
        />
        <ActionButton flow={actor} action={extendTime} />
        <Button onClick={() => navigate(classReportPath(sessionId))}>{CLASS_REPORT_LABEL}</Button>
        <ActionButton flow={actor} action={closeSession} variant="danger" />
      </div>
    </section>
  );
}
