import { copyText } from '@client/clipboard';
import { Button, ClipboardIcon, cx } from '@client/components';
import { classReportPath } from '@client/routes';
import { closeDisabled, extendDisabled } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { useLocation } from 'wouter';
import { ClassLiveActor } from './actors';
import { CLASS_REPORT_LABEL, CLASS_SHORTCUTS, joinLinkOf } from './useClassSessionCommands';

/**
 * The join code (large for a projector with 'Show code'), the join link, each copied in one
 * keystroke (the buttons, their shortcuts, the palette), and the session's actions.
 */
export function CodePanel() {
  const actor = ClassLiveActor.useActorRef();
  const code = ClassLiveActor.useSelector((s) => s.context.detail?.code ?? '');
  const joinPath = ClassLiveActor.useSelector((s) => s.context.detail?.joinPath ?? '');
  const projector = ClassLiveActor.useSelector((s) => s.context.projector);
  const extendReason = ClassLiveActor.useSelector(extendDisabled);
  const closeReason = ClassLiveActor.useSelector(closeDisabled);
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
        <Button
          icon={<ClipboardIcon />}
          onClick={() => copyText(code, 'Code copied')}
          aria-keyshortcuts={CLASS_SHORTCUTS.copyCode}
        >
          {CLASS_TEXTS.copyCode}
        </Button>
        <Button
          icon={<ClipboardIcon />}
          onClick={() => copyText(link, 'Join link copied')}
          aria-keyshortcuts={CLASS_SHORTCUTS.copyLink}
        >
          {CLASS_TEXTS.copyJoinLink}
        </Button>
        <Button
          aria-pressed={projector}
          onClick={() => actor.send({ type: 'projector.toggle' })}
          aria-keyshortcuts={CLASS_SHORTCUTS.projector}
        >
          {CLASS_TEXTS.showCode}
        </Button>
        <Button
          disabled={extendReason !== undefined}
          title={extendReason}
          onClick={() => actor.send({ type: 'extend.open' })}
        >
          {CLASS_TEXTS.extend}
        </Button>
        <Button onClick={() => navigate(classReportPath(sessionId))}>{CLASS_REPORT_LABEL}</Button>
        <Button
          variant="danger"
          disabled={closeReason !== undefined}
          title={closeReason}
          onClick={() => actor.send({ type: 'close.request' })}
        >
          {CLASS_TEXTS.close}
        </Button>
      </div>
    </section>
  );
}
