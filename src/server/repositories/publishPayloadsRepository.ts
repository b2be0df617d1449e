import type Database from 'better-sqlite3';

const OPEN = "state IN ('queued', 'processing')";

/**
 * The publish payload files the gateway keeps on disk while their jobs wait (several jobs of one request share one
 * file). A file is kept while any job naming it is open, and forgotten (its name cleared) once all of them ended.
 */
export function createPublishPayloadsRepository(db: Database.Database) {
  const waiting = db.prepare(`SELECT COALESCE(SUM(bytes), 0) FROM (
      SELECT MAX(payload_bytes) AS bytes FROM publish_jobs WHERE brand_id = ? AND ${OPEN} AND payload_file IS NOT NULL GROUP BY payload_file)`).pluck();
  const stillOpen = db.prepare(`SELECT 1 FROM publish_jobs WHERE payload_file = ? AND ${OPEN} LIMIT 1`).pluck();
  const forget = db.prepare('UPDATE publish_jobs SET payload_file = NULL WHERE payload_file = ?');
  const openFiles = db.prepare(`SELECT DISTINCT payload_file FROM publish_jobs WHERE ${OPEN} AND payload_file IS NOT NULL`).pluck();
  const forgetEnded = db.prepare(`UPDATE publish_jobs SET payload_file = NULL WHERE payload_file IS NOT NULL AND NOT ${OPEN}
      AND payload_file NOT IN (SELECT payload_file FROM publish_jobs WHERE ${OPEN} AND payload_file IS NOT NULL)`);

  return {
    /** Bytes of the payloads the brand's unfinished jobs keep on disk. */
    waitingBytes: (brandId: string): number => waiting.get(brandId) as number,
    /** Of these files, the ones no open job names any more; their jobs forget them (the caller deletes the files). */
    released: db.transaction((files: readonly string[]): string[] =>
      [...new Set(files)].filter((file) => {
        if (stillOpen.get(file) !== undefined) return false;
        forget.run(file);
        return true;
      })),
    /** The files open jobs still need (every other file in the payload folder is left over). */
    openFiles: (): Set<string> => new Set(openFiles.all() as string[]),
    /** Ended jobs forget files no open job shares (run at start-up, after the folder was swept). */
    forgetEnded: (): void => void forgetEnded.run(),
  };
}
export type PublishPayloadsRepository = ReturnType<typeof createPublishPayloadsRepository>;
