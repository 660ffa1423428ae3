import { withFailure } from '@client/api/errors';
import { getResource } from '@client/api/resources';
import { ROUTES } from '@client/routes';
import { showNotice } from '@client/toasts';
import {
  type DesignFromLeia,
  designFromEvent,
  designPresetMachine,
  presetLoadingKey,
} from '@machines/designPreset';
import type { WizardPart } from '@machines/wizard/parts';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useCallback, useState } from 'react';
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
        // The request is still in context while its answer is handled.
        openDesign: ({ context }, preset) => {
          const source = context.loading?.source;
          const state: DesignNavigationState = { preset, ...(source && { source }) };
          navigate(ROUTES.design, { state });
        },
        notify: showNotice,
      },
    }),
  );
  return <DesignPresetActor.Provider logic={logic}>{children}</DesignPresetActor.Provider>;
}

/** `designFrom(leia)` opens /create with that LEIA's parts; `loadingKey` is the LEIA loading. */
export function useDesignFrom() {
  const actor = DesignPresetActor.useActorRef();
  const loadingKey = DesignPresetActor.useSelector(presetLoadingKey);
  const designFrom = useCallback((leia: DesignFromLeia) => actor.send(designFromEvent(leia)), [actor]);
  return { designFrom, loadingKey };
}
