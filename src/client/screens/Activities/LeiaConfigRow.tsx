import { ActionButton, useAvailability } from '@client/actions/ActionButton';
import { Badge, EyeIcon, IconButton, Select, TrashIcon, useFocusRequest } from '@client/components';
import { LeiaViewActor } from '@client/screens/Search/actors';
import { otherMode, removeLeia, setMode } from '@machines/activityList/actions';
import { ACTIVITY_LIST_TEXTS } from '@machines/activityList/contract';
import { changeInFlight, modeFocus } from '@machines/activityList/selectors';
import { configLeiaId, configLeiaName } from '@shared/activity-config';
import {
  ACTIVITY_MODES,
  type Activity,
  type ActivityMode,
  type LeiaConfig,
} from '@shared/schemas/activities';
import { useId, useMemo, useRef } from 'react';
import { ActivityListActor } from './actors';
import { TranscriptionSection } from './TranscriptionSection';

const MODE_OPTIONS = ACTIVITY_MODES.map((mode) => ({ value: mode, label: mode }));

export interface LeiaConfigRowProps {
  activity: Activity;
  config: LeiaConfig;
  index: number;
}

/**
 * One LEIA of an activity: its name ('LEIA {n}' without one), the eye button (the View modal), the
 * Mode (a dropdown while the activity is unpublished, a badge once published), 'Delete LEIA' while
 * unpublished, and in transcription mode its transcription.
 */
export function LeiaConfigRow({ activity, config, index }: LeiaConfigRowProps) {
  const list = ActivityListActor.useActorRef();
  const view = LeiaViewActor.useActorRef();
  const removing = ActivityListActor.useSelector((s) => {
    const change = changeInFlight(s);
    return change?.kind === 'removeLeia' && change.config.id === config.id;
  });
  const titleId = useId();
  const modeRef = useRef<HTMLSelectElement>(null);
  const focus = ActivityListActor.useSelector(useMemo(() => modeFocus(config.id), [config.id]));
  useFocusRequest(focus, { mode: modeRef });
  const name = configLeiaName(config, index);
  const { mode } = config.configuration;
  const modeChange = useAvailability(list, setMode, { activity, config, mode: otherMode(mode) });
  const leia = typeof config.leia === 'string' ? null : config.leia;

  return (
    <section className="leia-config" aria-labelledby={titleId}>
      <div className="leia-config__header">
        <h3 className="leia-config__name" id={titleId}>
          {name}
        </h3>
        {leia && <span className="leia-config__version">v{leia.metadata.version}</span>}
        {leia && !leia.isPublished && <Badge tone="grey">{ACTIVITY_LIST_TEXTS.unpublishedLeia}</Badge>}
        <IconButton
          size="sm"
          label={`View ${name}`}
          icon={<EyeIcon />}
          onClick={() =>
            view.send({
              type: 'view.open',
              leia: { id: configLeiaId(config), metadata: leia?.metadata ?? { name, version: '' } },
            })
          }
        />
        <div className="leia-config__mode">
          {!modeChange.applies ? (
            <>
              <span className="leia-config__label">Mode</span>
              <Badge tone={mode === 'transcription' ? 'blue' : 'grey'}>{mode}</Badge>
            </>
          ) : (
            <Select
              ref={modeRef}
              label="Mode"
              aria-label={`Mode of ${name}`}
              className="leia-config__select"
              options={MODE_OPTIONS}
              value={mode}
              disabled={!modeChange.can}
              onChange={(event) =>
                list.send(setMode.event({ activity, config, mode: event.target.value as ActivityMode }))
              }
            />
          )}
        </div>
        <ActionButton
          flow={list}
          action={removeLeia}
          target={{ activity, config }}
          size="sm"
          variant="ghost"
          icon={<TrashIcon />}
          aria-description={ACTIVITY_LIST_TEXTS.removeLeiaHint}
          title={ACTIVITY_LIST_TEXTS.removeLeiaHint}
          loading={removing}
        />
      </div>
      {mode === 'transcription' && <TranscriptionSection activity={activity} config={config} name={name} />}
    </section>
  );
}
