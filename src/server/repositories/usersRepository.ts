import type { SqlClient } from '../db/sqlClient';

/** A users row as the back end uses it. */
export interface UserRecord {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  roles: string[];
  registrationCompleted: boolean;
  picture: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  roles: string;
  registration_completed: number;
  picture: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

function parseRoles(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
}

function toRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: parseRoles(row.roles),
    registrationCompleted: row.registration_completed === 1,
    picture: row.picture,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

export type NewUser = Omit<UserRecord, 'lastSignInAt' | 'picture'> & { picture?: string | null };

const COLUMNS = 'id, email, password_hash, first_name, last_name, roles, registration_completed, picture, created_at, last_sign_in_at';

/** A users row read by another repository (the bearer check joins it to the memberships): its columns and mapping. */
export const USER_COLUMNS = COLUMNS;
export const userFromRow = toRecord;

/** Users table access; the same texts on both engines. */
export function createUsersRepository(sql: SqlClient) {
  const one = async (where: string, value: string): Promise<UserRecord | null> => {
    const row = await sql.get<UserRow>(`SELECT ${COLUMNS} FROM users WHERE ${where} = ?`, [value]);
    return row ? toRecord(row) : null;
  };
  return {
    /** Case-insensitive in ASCII letters on both engines: SQLite's column is COLLATE NOCASE, PostgreSQL's citext. */
    findByEmail: (email: string): Promise<UserRecord | null> => one('email', email.trim()),
    findById: (id: string): Promise<UserRecord | null> => one('id', id),
    async count(): Promise<number> {
      return Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))?.n ?? 0);
    },
    async create(user: NewUser): Promise<void> {
      await sql.run(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, roles, registration_completed, picture, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [user.id, user.email, user.passwordHash, user.firstName, user.lastName, JSON.stringify(user.roles), user.registrationCompleted ? 1 : 0, user.picture ?? null, user.createdAt],
      );
    },
    async updateLastSignIn(id: string, at: string): Promise<void> {
      await sql.run('UPDATE users SET last_sign_in_at = ? WHERE id = ?', [at, id]);
    },
    async updatePasswordHash(id: string, passwordHash: string): Promise<void> {
      await sql.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, id]);
    },
    /** The email address is confirmed: the account may sign in to the brand dashboard (spec §4). */
    async markRegistrationCompleted(id: string): Promise<void> {
      await sql.run('UPDATE users SET registration_completed = 1 WHERE id = ?', [id]);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
