import type { Role } from '@shared/roles';
import { type CreateUserBody, USER_TEXTS, type User, type UserListItem } from '@shared/schemas/users';
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { type RequestActor, UUID } from '../auth/hooks';
import { generatePassword, hashPassword, verifyPassword } from '../auth/password';
import type { TokenService } from '../auth/tokens';
import type { Db, Tx } from '../db/client';
import {
  classSessions,
  classStudents,
  experiments,
  leias,
  resources,
  runnerSessions,
  type UserRow,
  users,
} from '../db/schema';
import { badRequest, conflict, notFound, PG_UNIQUE_VIOLATION, pgErrorCode } from '../errors';

export const USER_MESSAGES = {
  invalidLogin: 'Invalid email or password',
  duplicateEmail: 'A user with this email already exists',
  notFound: 'User not found',
  deleteSelf: 'You cannot delete your own account',
  lastAdminDelete: 'Cannot delete the last administrator',
  lastAdminDemote: 'Cannot change the role of the last administrator',
  wrongCurrentPassword: 'Current password is incorrect',
  sameEmail: USER_TEXTS.emailUnchanged,
  passwordChanged: 'Password changed successfully',
};

export const toUser = (row: Pick<UserRow, 'id' | 'email' | 'role' | 'createdAt'>): User => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

/** A hash to compare against when the email is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

export function createUsersService(db: Db, tokens: TokenService) {
  const byEmail = (email: string) =>
    db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);

  async function getRow(tx: Db | Tx, id: string, lock = false): Promise<UserRow> {
    if (!UUID.test(id)) throw notFound(USER_MESSAGES.notFound);
    const query = tx.select().from(users).where(eq(users.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(USER_MESSAGES.notFound);
    return row;
  }

  /** Locks every admin row so two admins demoting or deleting each other cannot both succeed. */
  async function otherAdmins(tx: Tx, exceptId: string): Promise<number> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), ne(users.id, exceptId)))
      .for('update');
    return rows.length;
  }

  /** Unique-email races end as the same 409 as the up-front check. */
  async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(USER_MESSAGES.duplicateEmail);
      throw error;
    }
  }

  return {
    async login(email: string, password: string): Promise<{ token: string } | null> {
      const [row] = await byEmail(email.trim());
      decoyHash ??= hashPassword(generatePassword());
      const ok = await verifyPassword(password, row?.passwordHash ?? (await decoyHash));
      if (!row || !ok) return null;
      return { token: await tokens.sign({ sub: row.id, email: row.email, role: row.role }) };
    },

    /** The caller as the auth check just loaded them from the database: no second query. */
    me(actor: RequestActor): User {
      return toUser(actor);
    },

    async list(): Promise<UserListItem[]> {
      const owned = (table: typeof resources | typeof leias | typeof experiments) =>
        sql<number>`(select count(*) from ${table} where ${table.ownerId} = ${users.id})::int`;
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          ownedItems: sql<number>`${owned(resources)} + ${owned(leias)} + ${owned(experiments)}`,
        })
        .from(users)
        .orderBy(users.createdAt, users.id);
      return rows.map((row) => ({ ...toUser(row), ownedItems: Number(row.ownedItems) }));
    },

    async create(body: CreateUserBody): Promise<User> {
      const passwordHash = await hashPassword(body.password);
      return uniqueEmail(async () => {
        const [row] = await db
          .insert(users)
          .values({ email: body.email, role: body.role, passwordHash })
          .returning();
        return toUser(row!);
      });
    },

    async update(id: string, body: { email: string; role: Role; password?: string }): Promise<User> {
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      return uniqueEmail(() =>
        db.transaction(async (tx) => {
          const current = await getRow(tx, id, true);
          if (current.role === 'admin' && body.role !== 'admin' && (await otherAdmins(tx, id)) === 0) {
            throw badRequest(USER_MESSAGES.lastAdminDemote);
          }
          const [row] = await tx
            .update(users)
            .set({
              email: body.email,
              role: body.role,
              updatedAt: new Date(),
              ...(passwordHash && { passwordHash }),
            })
            .where(eq(users.id, id))
            .returning();
          return toUser(row!);
        }),
      );
    },

    /** What the deleted user owns passes to the admin who deletes them; nothing others use is lost. */
    async remove(actor: RequestActor, id: string): Promise<void> {
      if (id === actor.id) throw badRequest(USER_MESSAGES.deleteSelf);
      await db.transaction(async (tx) => {
        const target = await getRow(tx, id, true);
        if (target.role === 'admin' && (await otherAdmins(tx, id)) === 0) {
          throw badRequest(USER_MESSAGES.lastAdminDelete);
        }
        for (const table of [resources, leias, experiments]) {
          await tx.update(table).set({ ownerId: actor.id }).where(eq(table.ownerId, id));
        }
        await passClassSessions(tx, id, actor.id);
        await tx.delete(users).where(eq(users.id, id));
      });
    },

    async updateProfile(actor: RequestActor, email: string): Promise<User> {
      const current = await getRow(db, actor.id);
      if (current.email === email)
        throw badRequest(USER_MESSAGES.sameEmail, { email: USER_MESSAGES.sameEmail });
      return uniqueEmail(async () => {
        const [row] = await db
          .update(users)
          .set({ email, updatedAt: new Date() })
          .where(eq(users.id, actor.id))
          .returning();
        return toUser(row!);
      });
    },

    async changePassword(actor: RequestActor, currentPassword: string, newPassword: string): Promise<void> {
      const current = await getRow(db, actor.id);
      if (!(await verifyPassword(currentPassword, current.passwordHash))) {
        throw badRequest(USER_MESSAGES.wrongCurrentPassword, {
          currentPassword: USER_MESSAGES.wrongCurrentPassword,
        });
      }
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
        .where(eq(users.id, actor.id));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Creates the first admin when there is no user at all (first start); says whether it did. */
export async function ensureFirstAdmin(
  db: Db,
  email: string,
  password?: string,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ total }] = (await db.select({ total: count() }).from(users)) as [{ total: number }];
  if (Number(total) > 0) return { created: false };
  const chosen = password ?? generatePassword();
  const inserted = await db
    .insert(users)
    .values({ email, role: 'admin', passwordHash: await hashPassword(chosen) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const created = inserted.length > 0;
  return { created, generatedPassword: created && !password ? chosen : undefined };
}

/**
 * The class sessions a deleted user started pass with their activities, and so do their students'
 * chats (runner sessions the session's instructor owns), which would otherwise go with the account.
 */
async function passClassSessions(tx: Tx, from: string, to: string): Promise<void> {
  await tx
    .update(runnerSessions)
    .set({ ownerId: to })
    .where(
      inArray(
        runnerSessions.id,
        tx
          .select({ id: sql<string>`${classStudents.runnerSessionId}` })
          .from(classStudents)
          .innerJoin(classSessions, eq(classSessions.id, classStudents.sessionId))
          .where(eq(classSessions.ownerId, from)),
      ),
    );
  await tx.update(classSessions).set({ ownerId: to }).where(eq(classSessions.ownerId, from));
}
