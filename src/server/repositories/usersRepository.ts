import type Database from 'better-sqlite3';

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

interface UserRow {
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

/** Users table access (prepared statements only). */
export function createUsersRepository(db: Database.Database) {
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM users');
  const insert = db.prepare(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, roles, registration_completed, picture, created_at)
     VALUES (@id, @email, @passwordHash, @firstName, @lastName, @roles, @registrationCompleted, @picture, @createdAt)`,
  );
  const setLastSignIn = db.prepare<[string, string]>('UPDATE users SET last_sign_in_at = ? WHERE id = ?');
  const setPassword = db.prepare<[string, string]>('UPDATE users SET password_hash = ? WHERE id = ?');
  const completeRegistration = db.prepare<[string]>('UPDATE users SET registration_completed = 1 WHERE id = ?');

  return {
    /** Case-insensitive (the column is COLLATE NOCASE). */
    findByEmail(email: string): UserRecord | null {
      const row = byEmail.get(email.trim());
      return row ? toRecord(row) : null;
    },
    findById(id: string): UserRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    count(): number {
      return count.get()?.n ?? 0;
    },
    create(user: NewUser): void {
      insert.run({
        ...user,
        roles: JSON.stringify(user.roles),
        registrationCompleted: user.registrationCompleted ? 1 : 0,
        picture: user.picture ?? null,
      });
    },
    updateLastSignIn(id: string, at: string): void {
      setLastSignIn.run(at, id);
    },
    updatePasswordHash(id: string, passwordHash: string): void {
      setPassword.run(passwordHash, id);
    },
    /** The email address is confirmed: the account may sign in to the brand dashboard (spec §4). */
    markRegistrationCompleted(id: string): void {
      completeRegistration.run(id);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
