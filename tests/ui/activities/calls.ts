/** The functions of '@client/api/activities' the UI tests replace (taken with vi.hoisted). */
export const ACTIVITY_CALLS = [
  'listActivities',
  'createActivity',
  'addLeiaToActivity',
  'updateLeiaConfig',
  'setLeiaMode',
  'saveTranscription',
  'publishActivity',
  'deleteActivity',
  'removeLeiaFromActivity',
  'importActivity',
] as const;
