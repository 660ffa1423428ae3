/**
 * The delete texts of spec section 8, emitted by the server and shown by the delete dialogs. The
 * shape matches machines/deleteDialog.ts's DeleteErrorTexts, so a dialog can pass these directly.
 */
export const RESOURCE_DELETE_TEXTS = {
  forbidden: "You don't have permission to delete this resource",
  notFound: 'Resource not found',
  inUse: (count: number) => `Cannot delete resource: it is being used in ${count} LEIA(s).`,
  fallback: 'An error occurred while deleting the resource',
} as const;

export const LEIA_DELETE_TEXTS = {
  success: 'LEIA deleted successfully',
  forbidden: 'You do not have permission to delete this LEIA',
  notFound: 'LEIA not found',
  inUse: (count: number) => `Cannot delete LEIA: it is being used in ${count} activity/activities.`,
  fallback: 'An error occurred while deleting the resource',
} as const;
