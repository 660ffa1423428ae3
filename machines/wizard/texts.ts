import type { PartKind } from './parts';

/** The design wizard's own texts, verbatim from the product's specification. */
export const WIZARD_TEXTS = {
  unknownGenerationError: 'Unknown error occurred while generating LEIA',
  previewUnavailable:
    'Unable to generate LEIA preview. Please ensure all components are properly selected and configured',
  generationErrorTitle: 'LEIA Generation Error',
  sessionFailed: 'Failed to initialize LEIA session',
  createPartFailed: (kind: PartKind) => `Failed to create ${kind} resource`,
  createLeiaFailed: 'Failed to create LEIA',
  allSelected: 'All elements selected',
  missing: 'Missing elements to select',
  /** Logged when Try is asked for without a generated LEIA (nothing else happens). */
  noGeneratedLeia: 'Cannot start a session: no generated LEIA',
  /** After Finish, on /leias. */
  created: (name: string) => `LEIA "${name}" created`,
} as const;
