import { listActivities } from '@client/api/activities';
import { type LeiaListItem, listLeias } from '@client/api/leias';
import { type Command, defineCommand, type PaletteItem, type SearchArgument } from '@client/palette';
import { type ActivityChoice, ADD_TO_ACTIVITY_TEXTS, type LeiaRef } from '@machines/addToActivity';
import { matchScore, rankByMatch } from '@machines/paletteMatch';
import { canManageActivities } from '@shared/permissions';

/**
 * The palette's 'Add LEIA to activity...' (admins, on Search and My Activities): which LEIA, then
 * which unpublished activity, or a new one by the typed name ('Create activity: "…"', listed after
 * the matches, and not offered when an activity has that name already).
 */

/** LEIAs per palette search: more than fit on screen, few enough to stay quick. */
const LEIA_LIMIT = 50;

const leiaItem = (leia: LeiaListItem): PaletteItem<LeiaRef> => ({
  id: leia.id,
  title: leia.metadata.name,
  subtitle: `v${leia.metadata.version} · ${leia.user?.email ?? ''}`,
  value: { id: leia.id, name: leia.metadata.name },
});

/**
 * Which LEIA: every LEIA the admin may see, searched as the user types; latest versions, or those
 * of the screen's Version filter when the screen has one (Search: '' = all versions).
 */
export const leiaToAddArgument = (
  version: () => 'latest' | '' = () => 'latest',
): SearchArgument<LeiaRef> => ({
  placeholder: 'Add which LEIA? Type a name or description',
  empty: 'No LEIAs found',
  search: async (text, signal) => {
    const { items, nextCursor } = await listLeias({ text, version: version(), limit: LEIA_LIMIT, signal });
    const ranked = rankByMatch(items, text, (leia) => [leia.metadata.name, leia.description]);
    return { items: ranked.map(leiaItem), more: nextCursor !== undefined };
  },
});

/** Which activity: the unpublished ones matching the text, then the offer to create one. */
export const activityChoiceArgument = (leia: LeiaRef): SearchArgument<ActivityChoice> => ({
  placeholder: `Add ${leia.name} to which activity? Type a name, or a new one`,
  empty: ADD_TO_ACTIVITY_TEXTS.empty,
  search: async (text, signal) => {
    const activities = await listActivities({ visibility: 'private' }, { signal });
    const wanted = text.trim();
    const matching = rankByMatch(
      activities.filter((activity) => matchScore(wanted, [activity.name]) > 0),
      wanted,
      (activity) => [activity.name],
    );
    const items: PaletteItem<ActivityChoice>[] = matching.map((activity) => ({
      id: activity.id,
      title: activity.name,
      subtitle: activity.leias.length === 1 ? '1 LEIA' : `${activity.leias.length} LEIAs`,
      value: { id: activity.id, name: activity.name },
    }));
    const exists = activities.some((activity) => activity.name.toLowerCase() === wanted.toLowerCase());
    if (wanted !== '' && !exists) {
      items.push({
        id: 'create',
        title: ADD_TO_ACTIVITY_TEXTS.createOption(wanted),
        value: { create: wanted },
      });
    }
    return items;
  },
});

export const addLeiaToActivityCommand = ({
  disabled,
  version,
  run,
}: {
  disabled?: string;
  /** The screen's Version filter, read when the LEIAs are listed. */
  version?: () => 'latest' | '';
  run: (leia: LeiaRef, activity: ActivityChoice) => void;
}): Command =>
  defineCommand({
    id: 'activities.addLeia',
    title: 'Add LEIA to activity...',
    group: 'Activities',
    keywords: ['activity', 'experiment', 'add', 'new activity'],
    allowed: canManageActivities,
    disabled,
    args: [leiaToAddArgument(version), activityChoiceArgument],
    run,
  });
