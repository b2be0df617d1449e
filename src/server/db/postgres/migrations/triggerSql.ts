/**
 * SQLite's `CREATE TRIGGER … BEGIN … END` as PostgreSQL writes it: a PL/pgSQL function of the same name and a row
 * trigger that runs it. Replacing a trigger's body later is `triggerBody` (CREATE OR REPLACE FUNCTION) alone.
 */
export type TriggerTiming = 'BEFORE' | 'AFTER';

/** The function behind a trigger; an AFTER trigger's result is ignored, a BEFORE trigger answers the row to write. */
export function triggerBody(name: string, body: string, timing: TriggerTiming = 'AFTER'): string {
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
${body.trim()}
  RETURN ${timing === 'BEFORE' ? 'NEW' : 'NULL'};
END
$fn$;`;
}

/** A row trigger `name` on `table` that runs `body` (PL/pgSQL statements using NEW and OLD, as SQLite's new and old). */
export function rowTrigger(name: string, event: string, table: string, body: string, timing: TriggerTiming = 'AFTER'): string {
  return `${triggerBody(name, body, timing)}
CREATE TRIGGER ${name} ${timing} ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();`;
}
