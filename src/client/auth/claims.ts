import type { Claims } from '@machines/auth';
import { jwtDecode } from 'jwt-decode';

/**
 * Decodes the token's payload (no signature check: the server checks it on every call).
 * A token that cannot be decoded yields null (= expired) and logs an error.
 */
export const readClaims = (token: string): Claims | null => {
  try {
    return jwtDecode<Claims>(token);
  } catch (error) {
    console.error('Failed to decode the session token', error);
    return null;
  }
};
