import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sameBytes } from '../sealed/sealed-module.js';
import { tokenHash } from '../secrets.js';

const MAX_AGE_S = 30 * 60;

// One cookie per sign-in, so that two in one browser do not clash; some browsers drop Secure cookies on plain http.
function cookieName(publicUrl: string, state: string) {
  const secure = publicUrl.startsWith('https:');
  return { name: `${secure ? '__Host-' : ''}keygen-signin-${tokenHash(state).slice(0, 16)}`, secure };
}

export function bindToBrowser(c: Context, publicUrl: string, state: string): string {
  const value = randomBytes(32).toString('base64url');
  const { name, secure } = cookieName(publicUrl, state);
  setCookie(c, name, value, { path: '/', httpOnly: true, secure, sameSite: 'Lax', maxAge: MAX_AGE_S });
  return tokenHash(value);
}

export function isBoundBrowser(
  c: Context,
  publicUrl: string,
  state: string,
  expectedHash: string | undefined,
): boolean {
  const { name, secure } = cookieName(publicUrl, state);
  const value = getCookie(c, name);
  if (value !== undefined) deleteCookie(c, name, { path: '/', secure });
  if (value === undefined || expectedHash === undefined) return false;
  return sameBytes(Buffer.from(tokenHash(value), 'hex'), Buffer.from(expectedHash, 'hex'));
}

/** Against login CSRF; `Origin: null` passes because older browsers send it from a no-referrer page's own form. */
export function isCrossSite(c: Context, publicUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('origin');
  if (origin === undefined || origin === 'null') return false;
  return origin !== new URL(publicUrl).origin;
}
