import type { ItemOwner } from '@shared/schemas/visibility';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type Notice, notice } from './notice';
import { notProvided } from './notProvided';
import type { WizardPreset } from './wizard/draft';
import type { DesignSource } from './wizard/versions';

/**
 * 'Design from this' (Search rows and the View modal): loads the LEIA's three parts, then opens
 * the design wizard at step 2 with them as its preset.
 *
 *   Idle --preset.load--> Loading --the three parts--> Idle (openDesign)
 *   Loading --error--> Idle (notify 'Could not load preset data')
 *   Loading --preset.load (another one)--> Loading (the latest click wins; the one loading is refused)
 *
 * `loading.key` says which LEIA is loading, so only its button is busy. The app provides
 * `loadPreset` (GET /api/v1/personas/{id}, /problems/{id}, /behaviours/{id}, together),
 * `openDesign` (navigate) and `notify` (a toast).
 */
export const DESIGN_PRESET_TEXTS = { failed: 'Could not load preset data' } as const;

export interface PresetIds {
  persona: string;
  problem: string;
  behaviour: string;
}

export interface PresetRequest {
  /** Which LEIA (its id). */
  key: string;
  ids: PresetIds;
  /** The LEIA itself, which the new design records as the one it came from. */
  source?: DesignSource;
}

export type DesignPresetEvent = { type: 'preset.load'; request: PresetRequest };

/** A LEIA 'Design from this' starts from: its id, part ids, and (to record where it came from) its name. */
export interface DesignFromLeia {
  id: string;
  parts: PresetIds;
  metadata?: { name: string; version: string };
  user?: ItemOwner;
}

/** 'Design from this' of a LEIA: its parts, and the LEIA itself as the design's source when named. */
export const designFromEvent = ({ id, parts, metadata, user }: DesignFromLeia): DesignPresetEvent => ({
  type: 'preset.load',
  request: { key: id, ids: parts, ...(metadata && { source: { id, ...metadata, ...(user && { user }) } }) },
});

export const designPresetMachine = setup({
  types: {
    context: {} as { loading: PresetRequest | null },
    events: {} as DesignPresetEvent,
  },
  actors: {
    loadPreset: fromPromise<WizardPreset, PresetIds>(async () => notProvided('designPreset', 'loadPreset')),
  },
  actions: {
    openDesign: (_, _preset: WizardPreset) => notProvided('designPreset', 'openDesign'),
    notify: (_, _notice: Notice) => notProvided('designPreset', 'notify'),
  },
  guards: {
    /** A LEIA whose parts are loading is not asked for again (its button is busy). */
    notLoadingIt: ({ context, event }) => context.loading?.key !== event.request.key,
  },
}).createMachine({
  id: 'designPreset',
  context: { loading: null },
  initial: 'Idle',
  on: {
    'preset.load': {
      guard: 'notLoadingIt',
      target: '.Loading',
      reenter: true,
      actions: assign({ loading: ({ event }) => event.request }),
    },
  },
  states: {
    Idle: { entry: assign({ loading: null }) },
    Loading: {
      tags: 'loading',
      invoke: {
        src: 'loadPreset',
        input: ({ context }) => context.loading!.ids,
        onDone: { target: 'Idle', actions: { type: 'openDesign', params: ({ event }) => event.output } },
        onError: { target: 'Idle', actions: notice('error', DESIGN_PRESET_TEXTS.failed) },
      },
    },
  },
});

export type DesignPresetSnapshot = SnapshotFrom<typeof designPresetMachine>;

/** The LEIA whose parts are loading, or null. */
export const presetLoadingKey = (s: DesignPresetSnapshot): string | null => s.context.loading?.key ?? null;
