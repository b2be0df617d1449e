import type { Person } from '../../../shared/http/team.schemas';

/** The first and last name of the users row under `alias` as one text (null when the account is gone). */
export const PERSON_NAME = (alias: string): string => `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE ${alias}.first_name || ' ' || ${alias}.last_name END`;

/** Who did something, as the API answers it: null when no one is recorded or the account is gone. */
export function personOf(id: string | null | undefined, name: string | null | undefined): Person | null {
  return id && name ? { _id: id, name } : null;
}
