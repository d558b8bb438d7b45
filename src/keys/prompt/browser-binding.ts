import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sameBytes } from '../sealed/sealed-module.js';
import { tokenHash } from '../secrets.js';

/** How long a sign-in may take from the button to the callback. */
const MAX_AGE_S = 30 * 60;

/**
 * The sign-in cookie's name, one per sign-in (from its `state`), so that two sign-ins in one
 * browser do not overwrite each other. `__Host-` (Secure, Path=/, no Domain) when the service is
 * on https; on plain http (development on a loopback address) a Secure cookie is not stored by
 * every browser, so the same cookie goes without the prefix and without Secure.
 */
function cookieName(publicUrl: string, state: string) {
  const secure = publicUrl.startsWith('https:');
  return { name: `${secure ? '__Host-' : ''}keygen-signin-${tokenHash(state).slice(0, 16)}`, secure };
}

/** Sets the cookie that binds the sign-in to this browser; returns the value's hash, kept sealed with the sign-in. */
export function bindToBrowser(c: Context, publicUrl: string, state: string): string {
  const value = randomBytes(32).toString('base64url');
  const { name, secure } = cookieName(publicUrl, state);
  setCookie(c, name, value, { path: '/', httpOnly: true, secure, sameSite: 'Lax', maxAge: MAX_AGE_S });
  return tokenHash(value);
}

/** Whether this browser holds the cookie of the sign-in; the cookie is removed either way. */
export function isBoundBrowser(c: Context, publicUrl: string, state: string, expectedHash: string | undefined): boolean {
  const { name, secure } = cookieName(publicUrl, state);
  const value = getCookie(c, name);
  if (value !== undefined) deleteCookie(c, name, { path: '/', secure });
  if (value === undefined || expectedHash === undefined) return false;
  return sameBytes(Buffer.from(tokenHash(value), 'hex'), Buffer.from(expectedHash, 'hex'));
}

/**
 * A POST from another site (login CSRF: a page elsewhere submitting a prompt URL it obtained).
 * `Sec-Fetch-Site` decides when the browser sends it; otherwise an `Origin` other than ours
 * (`null` is what a no-referrer page's own form sends in older browsers, so it is let through).
 */
export function isCrossSite(c: Context, publicUrl: string): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = c.req.header('origin');
  if (origin === undefined || origin === 'null') return false;
  return origin !== new URL(publicUrl).origin;
}
