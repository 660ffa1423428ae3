import { withFailure } from '@client/api/errors';
import { getResource } from '@client/api/resources';
import { ROUTES } from '@client/routes';
import { LIST_SCREEN_TOAST } from '@client/toasts';
import { designPresetMachine, type PresetRequest, presetLoadingKey } from '@machines/designPreset';
import type { WizardPart } from '@machines/wizard';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useState } from 'react';
import { toast } from 'sonner';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import type { DesignNavigationState } from './navigation';

/** 'Design from this' (machines/designPreset.ts), for the screens that list LEIAs. */
export const DesignPresetActor = createActorContext(designPresetMachine);

/** Wires it once: the three GETs together, the router to /create with the preset, a toast on failure. */
export function DesignPresetActors({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    designPresetMachine.provide({
      actors: {
        loadPreset: fromPromise(async ({ input, signal }) => {
          const load = (kind: 'persona' | 'problem' | 'behaviour') =>
            withFailure(getResource(kind, input[kind], { signal })) as Promise<WizardPart>;
          const [persona, problem, behaviour] = await Promise.all([
            load('persona'),
            load('problem'),
            load('behaviour'),
          ]);
          return { persona, problem, behaviour };
        }),
      },
      actions: {
        openDesign: (_, preset) => {
          const state: DesignNavigationState = { preset };
          navigate(ROUTES.design, { state });
        },
        notify: (_, message) => {
          toast.error(message, LIST_SCREEN_TOAST);
        },
      },
    }),
  );
  return <DesignPresetActor.Provider logic={logic}>{children}</DesignPresetActor.Provider>;
}

/** `designFrom({id, parts})` opens /create with that LEIA's parts; `loadingKey` is the LEIA loading. */
export function useDesignFrom() {
  const actor = DesignPresetActor.useActorRef();
  const loadingKey = DesignPresetActor.useSelector(presetLoadingKey);
  const designFrom = useCallback(
    (leia: { id: string; parts: PresetRequest['ids'] }) =>
      actor.send({ type: 'preset.load', request: { key: leia.id, ids: leia.parts } }),
    [actor],
  );
  return { designFrom, loadingKey };
}
