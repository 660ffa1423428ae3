import type { Role } from './roles';

/**
 * Every access rule (docs/architecture.md "Roles"), in one place.
 * Server routes enforce them; views call the same predicates to decide what to show.
 */
export interface Actor {
  id: string;
  role: Role;
}

/** Anything with an owner: resources, LEIAs, activities. */
export interface Owned {
  ownerId?: string | null;
  user?: { id: string } | null;
}

const ownerOf = (item: Owned): string | undefined => item.ownerId ?? item.user?.id ?? undefined;

export const isAdmin = (actor: Actor | null | undefined): boolean => actor?.role === 'admin';

/** Admin routes, users, activities, 'Add to Activity', publishing. */
export const canAdminister = isAdmin;
export const canPublish = isAdmin;
export const canManageUsers = isAdmin;
export const canManageActivities = isAdmin;
/** The server's settings (which language model answers): only admins are told how to change them. */
export const canConfigureModel = isAdmin;

export const isOwner = (actor: Actor | null | undefined, item: Owned): boolean =>
  Boolean(actor) && ownerOf(item) === actor?.id;

/** Delete a LEIA or resource: any for admins, else only the owner's own. */
export const canDelete = (actor: Actor | null | undefined, item: Owned): boolean =>
  isAdmin(actor) || isOwner(actor, item);

/** Delete a user account: admins, never their own (the server refuses it; the UI never offers it). */
export const canDeleteUser = (actor: Actor | null | undefined, user: { id: string }): boolean =>
  isAdmin(actor) && actor?.id !== user.id;

/** Behaviour content (View tab, YAML preview, step 2/3 column): hidden from instructors. */
export const canSeeBehaviour = (actor: Actor | null | undefined): boolean =>
  actor?.role === 'admin' || actor?.role === 'advanced';

export const canCreateBehaviour = canSeeBehaviour;

/** Visibility: owner, admins, and everyone once published. */
export const canRead = (actor: Actor | null | undefined, item: Owned & { isPublished: boolean }): boolean =>
  item.isPublished || isAdmin(actor) || isOwner(actor, item);

/** A new version of an existing name may only be added by that name's owner or an admin. */
export const canAddVersion = (actor: Actor | null | undefined, existing: Owned): boolean =>
  isAdmin(actor) || isOwner(actor, existing);

/**
 * Add a version of an item of `kind` (the wizard's 'New version of {name}', 'Restore this version'):
 * its owner or an admin, as for any new version; never a behaviour for those who may not create one.
 * `existing` is the name's latest version (its owner decides).
 */
export const canVersion = (
  actor: Actor | null | undefined,
  kind: 'persona' | 'problem' | 'behaviour' | 'leia',
  existing: Owned,
): boolean => (kind !== 'behaviour' || canCreateBehaviour(actor)) && canAddVersion(actor, existing);

/** See the content of an item's versions (and a diff of them): all but a behaviour's for instructors. */
export const canSeeVersionContent = (
  actor: Actor | null | undefined,
  kind: 'persona' | 'problem' | 'behaviour' | 'leia',
): boolean => kind !== 'behaviour' || canSeeBehaviour(actor);

/**
 * Start, watch, extend and close a class session of an activity, and see its students' names and
 * emails: whoever may manage the activity (its owner, an admin today).
 */
export const canRunClassSessions = (actor: Actor | null | undefined, activity: Owned): boolean =>
  canManageActivities(actor) && isOwner(actor, activity);
