import { randomBytes } from 'node:crypto';
import type { Role } from '@shared/roles';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const SECRET_KEY = 'jwt_secret';

export interface TokenClaims {
  sub: string;
  email: string;
  role: Role;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The user id, or null when the token is invalid or expired. */
  verify(token: string): Promise<{ sub: string } | null>;
}

/**
 * The signing secret: LEIA_JWT_SECRET, or one generated on first start and kept in the database,
 * so restarts and every server process on the same database agree.
 */
export async function resolveSecret(db: Db, configured?: string): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(settings)
    .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  return new TextEncoder().encode(row!.value);
}

/**
 * Signs and checks tokens with `secret`, which may still be on its way (read from the database
 * while the server starts): calls wait for it, and `ready` settles once the key is usable.
 */
export function createTokenService(
  secret: Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>,
  ttlSeconds: number,
): TokenService & { ready: Promise<void> } {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const keyReady = Promise.resolve(secret).then((bytes) =>
    crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
  );
  let imported: CryptoKey | undefined;
  const ready = keyReady.then((key) => {
    imported = key;
  });
  ready.catch(() => {}); // the start awaits it, and stops on its failure; calls fail with it too
  const keyOf = async () => imported ?? (await keyReady);
  /**
   * Tokens whose signature this service already checked, until they expire. A signed token never
   * changes meaning, so checking the same string again proves nothing new; what can change (the
   * user was deleted or demoted) is read from the database on every request regardless. Bounded:
   * when full it starts over, which costs only re-verifications.
   */
  const verified = new Map<string, { sub: string; exp: number }>();
  const remember = (token: string, claims: { sub: string; exp: number }) => {
    if (verified.size >= MAX_REMEMBERED) verified.clear();
    verified.set(token, claims);
  };
  return {
    ready,
    // `id` repeats `sub`: the original client reads the user's id from the token as `id`.
    sign: async (claims) =>
      new SignJWT({ id: claims.sub, email: claims.email, role: claims.role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await keyOf()),
    async verify(token) {
      const known = verified.get(token);
      if (known && known.exp > Date.now() / 1000) return { sub: known.sub };
      try {
        const { payload } = await jwtVerify(token, await keyOf(), { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        remember(token, { sub: payload.sub, exp: payload.exp ?? 0 });
        return { sub: payload.sub };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

const MAX_REMEMBERED = 10_000;
