import type { SqlClient } from '../db/sqlClient';

const OPEN = "state IN ('queued', 'processing')";

/**
 * The publish payload files the gateway keeps on disk while their jobs wait (several jobs of one request share one
 * file). A file is kept while any job naming it is open, and forgotten (its name cleared) once all of them ended.
 * The same texts on both engines.
 */
export function createPublishPayloadsRepository(sql: SqlClient) {
  return {
    /** Bytes of the payloads the brand's unfinished jobs keep on disk. */
    waitingBytes: async (brandId: string): Promise<number> => Number((await sql.get<{ bytes: number }>(`SELECT COALESCE(SUM(bytes), 0) AS bytes FROM (
        SELECT MAX(payload_bytes) AS bytes FROM publish_jobs WHERE brand_id = ? AND ${OPEN} AND payload_file IS NOT NULL GROUP BY payload_file) AS kept`, [brandId]))?.bytes ?? 0),
    /** Of these files, the ones no open job names any more; their jobs forget them (the caller deletes the files). */
    released: (files: readonly string[]): Promise<string[]> => sql.transaction(async (tx) => {
      const released: string[] = [];
      for (const file of new Set(files)) {
        if (await tx.get(`SELECT 1 AS open FROM publish_jobs WHERE payload_file = ? AND ${OPEN} LIMIT 1`, [file])) continue;
        await tx.run('UPDATE publish_jobs SET payload_file = NULL WHERE payload_file = ?', [file]);
        released.push(file);
      }
      return released;
    }),
    /** The files open jobs still need (every other file in the payload folder is left over). */
    openFiles: async (): Promise<Set<string>> => new Set((await sql.all<{ payload_file: string }>(
      `SELECT DISTINCT payload_file FROM publish_jobs WHERE ${OPEN} AND payload_file IS NOT NULL`)).map((row) => row.payload_file)),
    /** Ended jobs forget files no open job shares (run at start-up, after the folder was swept). */
    async forgetEnded(): Promise<void> {
      await sql.run(`UPDATE publish_jobs SET payload_file = NULL WHERE payload_file IS NOT NULL AND NOT ${OPEN}
        AND payload_file NOT IN (SELECT payload_file FROM publish_jobs WHERE ${OPEN} AND payload_file IS NOT NULL)`);
    },
  };
}
export type PublishPayloadsRepository = ReturnType<typeof createPublishPayloadsRepository>;
