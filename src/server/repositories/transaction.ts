import type Database from 'better-sqlite3';

/** Runs `work` as one transaction: all of its repository writes are kept, or none (a throw rolls every one back). */
export type RunInTransaction = <T>(work: () => T) => T;

/** The transaction runner of one database, for a route whose one change spans several repositories. */
export function createTransactionRunner(db: Database.Database): RunInTransaction {
  return (work) => db.transaction(work)();
}
