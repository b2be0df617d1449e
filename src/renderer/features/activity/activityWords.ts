import type { ActivityEntry, ActivityVerb } from '../../../shared/http/activity.schemas';

/** What was done, as the entry says it before the thing's title ("Published", then the video). */
const VERB_WORDS: Readonly<Record<ActivityVerb, string>> = {
  added: 'Added', edited: 'Edited', deleted: 'Deleted', removed: 'Removed', restored: 'Restored', flagged: 'Flagged', unflagged: 'Unflagged',
  trashed: 'Moved to the trash', favorited: 'Favorited', unfavorited: 'Unfavorited', published: 'Published', unpublished: 'Unpublished',
  ended: 'Ended', video_added: 'Added a video to', video_removed: 'Removed a video from', requested: 'Requested a license for',
  accepted: 'Accepted the license for', declined: 'Declined the license for', paid: 'Paid the license for', expired: 'License ended for',
  completed: 'Analysed', failed: 'Failed', invited: 'Invited', revoked: 'Withdrew the invitation of', joined: 'Joined the team',
  left: 'Left the team', changed: 'Changed',
};

/** Where the kind changes the words: a team member's entries, and what failed. */
const KIND_WORDS: Readonly<Partial<Record<ActivityEntry['kind'], Partial<Record<ActivityVerb, string>>>>> = {
  team: { removed: 'Removed from the team' },
  analysis: { failed: 'Analysis failed for' },
  publish: { failed: 'Publishing failed for' },
};

/** Entries whose person is the thing itself: the name is already in the "who" column. */
const ABOUT_THEMSELVES: ReadonlySet<ActivityVerb> = new Set(['joined', 'left']);

/** The verb phrase of an entry and whether its title follows it. */
export function activityWords(entry: ActivityEntry): { verb: string; showTitle: boolean } {
  return {
    verb: KIND_WORDS[entry.kind]?.[entry.verb] ?? VERB_WORDS[entry.verb],
    showTitle: !(entry.kind === 'team' && ABOUT_THEMSELVES.has(entry.verb)),
  };
}
