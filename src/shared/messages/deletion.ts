/**
 * Every delete text, in one place. The server sends the LEIA and resource ones as its error
 * messages (an in-use refusal names the dependents, `usedIn`, with their ids and names in its
 * data); the delete dialogs map the same statuses to the same texts (deleteErrorDescriber in
 * machines/deleteDialog.ts), so a dialog reads the same whichever layer answered, a 403 without a
 * body included. The shape matches machines/deleteDialog.ts's DeleteErrorTexts.
 */

/** Names shown in a refusal before the rest are only counted. */
const NAMED_DEPENDENTS = 10;

/** '2 activities: Week 1, Week 2' (the first ten named, then 'and 3 more'); '0 activities' for none. */
const countAndNames = (names: readonly string[], one: string, many: string): string => {
  const counted = `${names.length} ${names.length === 1 ? one : many}`;
  if (names.length === 0) return counted;
  const named = names.slice(0, NAMED_DEPENDENTS).join(', ');
  const rest = names.length - NAMED_DEPENDENTS;
  return `${counted}: ${named}${rest > 0 ? ` and ${rest} more` : ''}`;
};

/** The dialogs' default when no specific text applies and the server sent no message. */
export const DELETE_FALLBACK_MESSAGE = 'An error occurred while deleting the resource';

export const RESOURCE_DELETE_TEXTS = {
  forbidden: "You don't have permission to delete this resource",
  notFound: 'Resource not found',
  /** An in-use refusal, the server's and the dialog's: the LEIAs named, the number in words that agree. */
  usedIn: (names: readonly string[]) =>
    `Cannot delete resource: it is being used in ${countAndNames(names, 'LEIA', 'LEIAs')}.`,
  fallback: DELETE_FALLBACK_MESSAGE,
} as const;

export const LEIA_DELETE_TEXTS = {
  success: 'LEIA deleted successfully',
  forbidden: 'You do not have permission to delete this LEIA',
  notFound: 'LEIA not found',
  /**
   * An in-use refusal, the server's and the dialog's: the activities named (another's private one
   * as 'Private activity'), the number in words that agree; the spec's 'N activity/activities'
   * read as '2 activity/activities' with raw ids beside it (issue 23).
   */
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
