import type Database from 'better-sqlite3';

/** Prepares each distinct SQL text once (lists build their SQL from the filters used; the shapes are few). */
export function createStatementCache(db: Database.Database, limit = 500): (sql: string) => Database.Statement {
  const statements = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= limit) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}
