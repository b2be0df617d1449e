import type { Person } from '../../../shared/http/team.schemas';
import { timeAgo } from '../../lib/relativeTime';
import './team.css';

/**
 * "Flagged by Maya Levi, 2 h ago" (issue 29): who did something and when, where a person looks for it. An empty verb
 * gives "by Maya Levi, 2 h ago", under a line that says what was done already.
 */
export function Authorship({ verb, person, at, testId }: { verb: string; person: Person | null | undefined; at?: string | null; testId?: string }) {
  if (!person) return null;
  return (
    <span className="authorship" data-testid={testId} title={at ? new Date(at).toLocaleString() : undefined}>
      {verb ? `${verb} by` : 'by'} <bdi>{person.name}</bdi>{at ? `, ${timeAgo(at)}` : ''}
    </span>
  );
}
