import { ACTING_USER_SETTING } from '../../actingUser';
import type { Migration } from '../../migrations/index';
import { attributedChanges, triggerName, type TriggerDialect } from '../../migrations/036_attributed_changes';
import { rowTrigger } from './triggerSql';

const POSTGRES: TriggerDialect = {
  row: (event) => (event === 'DELETE' ? 'OLD' : 'NEW'),
  // Unset, or set by an earlier transaction of the connection and so back to '' now: no one acts.
  actor: `NULLIF(current_setting('${ACTING_USER_SETTING}', true), '')`,
  changed: (column) => `(NEW.${column} IS DISTINCT FROM OLD.${column})`,
  rewrite: (expression) => expression.replace(/\bnew\./g, 'NEW.').replace(/\bold\./g, 'OLD.'),
};

/** PostgreSQL twin of migration 036 (who did what): the same writes logged, each trigger replaced with its author and verb. */
export const pgMigration036AttributedChanges: Migration = {
  version: 36,
  name: 'attributed_changes',
  up: attributedChanges(POSTGRES, (write, statement) => {
    const condition = write.when && POSTGRES.rewrite(write.when).replace(/<>/g, 'IS DISTINCT FROM');
    return `DROP TRIGGER IF EXISTS ${triggerName(write)} ON ${write.table};
${rowTrigger(triggerName(write), write.event, write.table, condition ? `IF ${condition} THEN ${statement} END IF;` : statement)}`;
  }),
};
