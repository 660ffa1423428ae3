/**
 * Every delete text, in one place. The server sends the LEIA and resource ones as its error
 * messages (an in-use refusal as the product words it, with the dependents' ids and names in its
 * data; the dialogs say it with the names, `usedIn`); the delete dialogs map the same statuses to the same texts (deleteErrorDescriber in
 * machines/deleteDialog.ts), so a dialog reads the same whichever layer answered, a 403 without a
 * body included. The shape matches machines/deleteDialog.ts's DeleteErrorTexts.
 */

/** Names shown in a refusal before the rest are only counted. */
const NAMED_DEPENDENTS = 10;

/** '2 activities: Week 1, Week 2' (the first ten named, then 'and 3 more'). */
const countAndNames = (names: readonly string[], one: string, many: string): string => {
  const named = names.slice(0, NAMED_DEPENDENTS).join(', ');
  const rest = names.length - NAMED_DEPENDENTS;
  return `${names.length} ${names.length === 1 ? one : many}: ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
};

/** The dialogs' default when no specific text applies and the server sent no message. */
export const DELETE_FALLBACK_MESSAGE = 'An error occurred while deleting the resource';

export const RESOURCE_DELETE_TEXTS = {
  forbidden: "You don't have permission to delete this resource",
  notFound: 'Resource not found',
  inUse: (count: number) => `Cannot delete resource: it is being used in ${count} LEIA(s).`,
  /** What the dialog says of the same refusal: the LEIAs named, the number in words that agree. */
  usedIn: (names: readonly string[]) =>
    `Cannot delete resource: it is being used in ${countAndNames(names, 'LEIA', 'LEIAs')}.`,
  fallback: DELETE_FALLBACK_MESSAGE,
} as const;

export const LEIA_DELETE_TEXTS = {
  success: 'LEIA deleted successfully',
  forbidden: 'You do not have permission to delete this LEIA',
  notFound: 'LEIA not found',
  inUse: (count: number) => `Cannot delete LEIA: it is being used in ${count} activity/activities.`,
  /** What the dialog says of the same refusal: the activities named, the number in words that agree. */
  usedIn: (names: readonly string[]) =>
    `Cannot delete LEIA: it is being used in ${countAndNames(names, 'activity', 'activities')}.`,
  fallback: DELETE_FALLBACK_MESSAGE,
} as const;

/**
 * The admin's Delete User dialog. The server's refusals (one's own account, the last administrator)
 * arrive as its message and are shown as they are.
 */
export const USER_DELETE_TEXTS = {
  fallback: 'An error occurred while deleting the user',
  success: 'User deleted successfully!',
  /** What the user owns passes to the admin who deletes the account (docs/architecture.md "Data model"). */
  transferNotice: (count: number) =>
    `${count} ${count === 1 ? 'item' : 'items'} owned by this user (resources, LEIAs, activities) will be transferred to you.`,
} as const;
