import { createHash, randomBytes } from 'node:crypto';

/**
 * A class student's credential and resume link: random 256-bit tokens, stored only as their
 * SHA-256 (a leaked table resumes no one). With nothing to guess, a fast hash is enough.
 */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
