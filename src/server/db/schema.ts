import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Semver split into integers so "latest" and ordering never compare strings. */
const versionColumns = () => ({
  version: text('version').notNull(),
  major: integer('major').notNull(),
  minor: integer('minor').notNull(),
  patch: integer('patch').notNull(),
});

/**
 * A version's change note, and the item (same table) it was derived from: Design from this, an
 * edited part, a restore. Deleting the source leaves the link empty, never the derived item.
 */
const historyColumns = (source: () => AnyPgColumn) => ({
  note: text('note'),
  derivedFromId: uuid('derived_from_id').references(source, { onDelete: 'set null' }),
  /**
   * Who made this version, apart from who owns the design (`owner_id`: the owner of its versions,
   * kept when an admin restores or versions it). Null once the author's account is deleted.
   */
  authorId: uuid('author_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'instructor', 'advanced'] }).notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'instructor', 'advanced')`),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['persona', 'problem', 'behaviour'] }).notNull(),
    apiVersion: text('api_version').notNull().default('v1'),
    name: text('name').notNull(),
    ...versionColumns(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isPublished: boolean('is_published').notNull().default(false),
    ...historyColumns((): AnyPgColumn => resources.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('resources_derived_from_idx').on(t.derivedFromId),
    uniqueIndex('resources_kind_name_version_unique').on(t.kind, t.name, t.version),
    index('resources_kind_name_semver_idx').on(t.kind, t.name, t.major, t.minor, t.patch),
    index('resources_owner_idx').on(t.ownerId),
    check('resources_kind_check', sql`${t.kind} in ('persona', 'problem', 'behaviour')`),
  ],
);

export const leias = pgTable(
  'leias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ...versionColumns(),
    /** The resolved copies of the three parts, as the generation engine produced them. */
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    /**
     * The same LEIA as read by those who may not see behaviour content (@shared/behaviour-view
     * restrictedLeiaView), made once on write so lists can send it straight from the database.
     * Null only on rows written before it existed, until the start-up backfill fills them in.
     */
    restrictedSpec: jsonb('restricted_spec').$type<Record<string, unknown>>(),
    /**
     * Problem description, else persona description, of the restricted spec (so that nobody learns a
     * behaviour's hidden text through it, whatever their role), cut to MAX_DESCRIPTION_CHARS: what
     * Search matches and shows.
     */
    description: text('description').notNull().default(''),
    personaId: uuid('persona_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    behaviourId: uuid('behaviour_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isPublished: boolean('is_published').notNull().default(false),
    /**
     * What Search's `text` matches: name and description, lowercased once on write so the query is a
     * plain LIKE served by a trigram index. The newline keeps a match from spanning the two fields.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower("name" || chr(10) || "description")`),
    ...historyColumns((): AnyPgColumn => leias.id),
    /** Whether this is its name's highest version; kept by a trigger (migration leias_latest_trigger). */
    isLatest: boolean('is_latest').notNull().default(false),
    /** Whether this is its name's highest published version; kept by the same trigger. */
    isLatestPublished: boolean('is_latest_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leias_name_version_unique').on(t.name, t.version),
    index('leias_search_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('leias_name_semver_idx').on(t.name, t.major, t.minor, t.patch),
    index('leias_created_idx').on(t.createdAt, t.id),
    // Search's default (latest versions, newest first) walks only the latest rows.
    index('leias_latest_created_idx').on(t.createdAt, t.id).where(sql`${t.isLatest}`),
    // ... the same for everyone else's view of published LEIAs, and for their own drafts.
    index('leias_latest_published_created_idx').on(t.createdAt, t.id).where(sql`${t.isLatestPublished}`),
    index('leias_owner_unpublished_created_idx')
      .on(t.ownerId, t.createdAt, t.id)
      .where(sql`not ${t.isPublished}`),
    index('leias_owner_idx').on(t.ownerId),
    // The start-up backfill's question (rows without their views?) answered without a scan.
    index('leias_views_missing_idx').on(t.id).where(sql`${t.restrictedSpec} is null`),
    index('leias_derived_from_idx').on(t.derivedFromId),
    index('leias_persona_idx').on(t.personaId),
    index('leias_problem_idx').on(t.problemId),
    index('leias_behaviour_idx').on(t.behaviourId),
  ],
);

/** Activities. The spec calls them experiments in its API paths. */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    isPublished: boolean('is_published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('experiments_name_unique').on(t.name)],
);

export const experimentLeias = pgTable(
  'experiment_leias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    experimentId: uuid('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    leiaId: uuid('leia_id')
      .notNull()
      .references(() => leias.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    mode: text('mode', { enum: ['standard', 'transcription'] })
      .notNull()
      .default('standard'),
    /** {link} or {messages}: never both (the service clears one when it sets the other). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** How the transcription was last set (link, generated, recorded, edited) and when. */
    transcriptionSource: text('transcription_source', { enum: ['link', 'generated', 'recorded', 'edited'] }),
    transcriptionUpdatedAt: timestamp('transcription_updated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('experiment_leias_experiment_idx').on(t.experimentId, t.position),
    index('experiment_leias_leia_idx').on(t.leiaId),
    check('experiment_leias_mode_check', sql`${t.mode} in ('standard', 'transcription')`),
  ],
);

export const runnerSessions = pgTable(
  'runner_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leiaId: uuid('leia_id').references(() => leias.id, { onDelete: 'set null' }),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    systemPrompt: text('system_prompt').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    experimentContext: jsonb('experiment_context').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('runner_sessions_owner_idx').on(t.ownerId)],
);

export const runnerMessages = pgTable(
  'runner_messages',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => runnerSessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    isLeia: boolean('is_leia').notNull(),
    text: text('text').notNull(),
    /** A reply the user stopped (Stop, Esc, or the browser went away): `text` is what was written by then. */
    stopped: boolean('stopped').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.seq] })],
);

/**
 * Elicitation reports (docs/architecture.md "Evaluation"): private to whoever made them, like chat
 * sessions. A session's reports go with it; a deleted LEIA leaves its reports (and their name).
 */
export const evaluations = pgTable(
  'evaluations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chat evaluated; null for a transcription sent to POST /evaluations. */
    sessionId: uuid('session_id').references(() => runnerSessions.id, { onDelete: 'cascade' }),
    leiaId: uuid('leia_id').references(() => leias.id, { onDelete: 'set null' }),
    leiaName: text('leia_name'),
    method: text('method', { enum: ['offline', 'judge'] }).notNull(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('evaluations_session_idx').on(t.sessionId, t.createdAt),
    index('evaluations_owner_idx').on(t.ownerId, t.createdAt),
    index('evaluations_leia_idx').on(t.leiaId),
    check('evaluations_method_check', sql`${t.method} in ('offline', 'judge')`),
  ],
);

/**
 * Background work (leak checks). The process running a job beats `heartbeat_at`; a job whose
 * process is gone (a restart, a crash) is marked failed at start-up or when next read, never left
 * running (services/jobs.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['leak-check'] }).notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leiaId: uuid('leia_id').references(() => leias.id, { onDelete: 'set null' }),
    leiaName: text('leia_name'),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    /** {done, total}: interview turns. */
    progress: jsonb('progress').$type<{ done: number; total: number }>().notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    index('jobs_leia_idx').on(t.leiaId, t.createdAt),
    index('jobs_active_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
    check('jobs_kind_check', sql`${t.kind} in ('leak-check')`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'completed', 'failed', 'cancelled')`),
  ],
);

/**
 * Fair-use counters on PostgreSQL, shared by every server process (services/rate-limits.ts; the
 * columns are what rate-limiter-flexible's Drizzle store reads and writes): `key` names the limit
 * and who is counted, `points` the uses in the window that ends at `expire`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true, mode: 'date' }),
});

/**
 * One row: a number that grows whenever a LEIA list could answer differently (a LEIA written, a
 * user's email or role changed, a user deleted), kept by triggers (migration
 * list_generation_triggers). Every authenticated request reads it with its caller (auth/hooks.ts);
 * the list cache (services/leia-list-cache.ts) reuses what it built only while it has not moved.
 */
export const listGeneration = pgTable(
  'list_generation',
  {
    id: smallint('id').primaryKey().default(1),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('list_generation_one_row', sql`${t.id} = 1`)],
);

/**
 * A class session (docs/architecture.md "Class sessions"): an activity run with a class. `code` is
 * unique among sessions not closed. `ends_at` is the deadline with every extension (null: no
 * limit). The students' chats are runner sessions owned by `owner_id`, the instructor who started it.
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    experimentId: uuid('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    allowRejoin: boolean('allow_rejoin').notNull(),
    showReport: boolean('show_report').notNull(),
    showSolution: boolean('show_solution').notNull(),
    identity: text('identity', { enum: ['name', 'email'] }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /**
     * Students who joined so far: the n-th join takes the n-th number in the statement that
     * inserts the student, and with it the LEIA configuration (n - 1) mod k of the activity's k,
     * so every configuration always has the fewest students or one more (class-store.ts assign).
     */
    joined: integer('joined').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('class_sessions_open_code_unique').on(t.code).where(sql`${t.closedAt} is null`),
    index('class_sessions_experiment_idx').on(t.experimentId, t.createdAt),
    // The deadline sweep: sessions not closed whose deadline may have passed.
    index('class_sessions_due_idx')
      .on(t.endsAt)
      .where(sql`${t.closedAt} is null and ${t.endsAt} is not null`),
    check('class_sessions_identity_check', sql`${t.identity} in ('name', 'email')`),
  ],
);

/**
 * A student of a class session (no account): the LEIA configuration they were given, their chat
 * (a runner session; none in transcription mode), their draft and hand-in. The credential and the
 * resume link are random tokens stored as their SHA-256.
 */
export const classStudents = pgTable(
  'class_students',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => classSessions.id, { onDelete: 'cascade' }),
    configId: uuid('config_id')
      .notNull()
      .references(() => experimentLeias.id, { onDelete: 'cascade' }),
    runnerSessionId: uuid('runner_session_id').references(() => runnerSessions.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    resumeHash: text('resume_hash').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    messageCount: integer('message_count').notNull().default(0),
    /**
     * The solution's elements revealed so far (their ids), and their share of all: each turn is
     * measured alone when it is answered (offline reveal tracking judges every turn on its own).
     * Null share when not measured (transcription mode, no solution).
     */
    revealed: text('revealed').array().notNull().default(sql`'{}'::text[]`),
    elicited: doublePrecision('elicited'),
    draft: text('draft').notNull().default(''),
    handIn: text('hand_in'),
    handedInAt: timestamp('handed_in_at', { withTimezone: true, mode: 'date' }),
    autoHandedIn: boolean('auto_handed_in').notNull().default(false),
    /** The hand-in's grade (HandInGrade) and the conversation's report, made at hand-in. */
    grade: jsonb('grade').$type<Record<string, unknown>>(),
    report: jsonb('report').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('class_students_token_unique').on(t.tokenHash),
    uniqueIndex('class_students_resume_unique').on(t.resumeHash),
    index('class_students_session_idx').on(t.sessionId, t.configId),
    index('class_students_email_idx').on(t.sessionId, sql`lower(${t.email})`),
    // The deadline sweep: students not handed in.
    index('class_students_pending_idx').on(t.sessionId).where(sql`${t.handedInAt} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type LeiaRow = typeof leias.$inferSelect;
export type ExperimentRow = typeof experiments.$inferSelect;
export type ExperimentLeiaRow = typeof experimentLeias.$inferSelect;
export type RunnerSessionRow = typeof runnerSessions.$inferSelect;
export type RunnerMessageRow = typeof runnerMessages.$inferSelect;
export type EvaluationRow = typeof evaluations.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type ClassSessionRow = typeof classSessions.$inferSelect;
export type ClassStudentRow = typeof classStudents.$inferSelect;
