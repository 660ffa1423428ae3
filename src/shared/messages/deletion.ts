/**
 * Every delete text, in one place. The server sends the LEIA and resource ones as its error
 * messages; the delete dialogs map the same statuses to the same texts (deleteErrorDescriber in
 * machines/deleteDialog.ts), so a dialog reads the same whichever layer answered, a 403 without a
 * body included. The shape matches machines/deleteDialog.ts's DeleteErrorTexts.
 */

/** The dialogs' default when no specific text applies and the server sent no message. */
export const DELETE_FALLBACK_MESSAGE = 'An error occurred while deleting the resource';

export const RESOURCE_DELETE_TEXTS = {
  forbidden: "You don't have permission to delete this resource",
  notFound: 'Resource not found',
  inUse: (count: number) => `Cannot delete resource: it is being used in ${count} LEIA(s).`,
  fallback: DELETE_FALLBACK_MESSAGE,
} as const;

export const LEIA_DELETE_TEXTS = {
  success: 'LEIA deleted successfully',
  forbidden: 'You do not have permission to delete this LEIA',
  notFound: 'LEIA not found',
  inUse: (count: number) => `Cannot delete LEIA: it is being used in ${count} activity/activities.`,
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
