import type { Context } from 'hono';
import type { Reason } from '../errors.js';
import type { TransactionRepository, TransactionRow } from '../repository.js';
import { escapeHtml, htmlPage } from './html.js';

/** Headers of every page and redirect the end user's browser sees. */
export function browserHeaders(c: Context) {
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
}

/** The reasons a prompt link can fail for (the others are the API's own). */
type LinkReason = Exclude<Reason, 'not_found' | 'in_progress' | 'reused'>;

const MESSAGES: Record<LinkReason, string> = {
  missing: 'This link is incomplete. Go back to the application and start again.',
  invalid: 'This link is not valid. Go back to the application and start again.',
  expired: 'This link has expired. Go back to the application and start again.',
  already_used: 'This link was already used. Go back to the application and start again.',
};

export function errorPage(c: Context, reason: LinkReason, status: 400 | 500 = 400) {
  browserHeaders(c);
  return c.html(
    htmlPage(
      'Cannot continue',
      `<h1>Cannot continue</h1>\n<p class="error" data-reason="${reason}">${escapeHtml(MESSAGES[reason])}</p>`,
    ),
    status,
  );
}

export function refusalPage(c: Context, reason: 'cross_site' | 'other_browser') {
  browserHeaders(c);
  const message =
    reason === 'cross_site'
      ? 'This sign-in was started from another website, so it was refused. Nothing was used up: open the link from the application again and press the button on this page.'
      : 'This sign-in was finished in a different browser from the one that started it, so no key was created. Go back to the application and start again, in one browser.';
  return c.html(
    htmlPage(
      'Cannot continue',
      `<h1>Cannot continue</h1>\n<p class="error" data-reason="${reason}">${escapeHtml(message)}</p>`,
    ),
    400,
  );
}

export function providerUnavailablePage(c: Context, provider: string) {
  browserHeaders(c);
  const message = `${provider} cannot be reached right now, so the sign-in could not start. Nothing was used up: try this page again in a few minutes.`;
  return c.html(
    htmlPage(
      'Sign-in unavailable',
      `<h1>Sign-in unavailable</h1>\n<p class="error" data-reason="provider_unavailable">${escapeHtml(message)}</p>`,
    ),
    503,
  );
}

const HARDWARE_MESSAGES = {
  retry_page:
    'The service cannot reach its secure hardware right now. Nothing was used up: try this page again in a few minutes.',
  retry_link:
    'The service cannot reach its secure hardware right now, so the sign-in could not finish and no key was made. Open the link from the application again in a few minutes and sign in again.',
  start_again:
    'The service cannot reach its secure hardware right now, so the sign-in could not finish and no key was made. Go back to the application and start again later.',
} as const;

export function hardwareUnavailablePage(c: Context, next: keyof typeof HARDWARE_MESSAGES) {
  browserHeaders(c);
  c.header('Retry-After', '30');
  return c.html(
    htmlPage(
      'Temporarily unavailable',
      `<h1>Temporarily unavailable</h1>\n<p class="error" data-reason="hardware_unavailable">${escapeHtml(HARDWARE_MESSAGES[next])}</p>`,
    ),
    503,
  );
}

export function tooLargePage(c: Context) {
  browserHeaders(c);
  c.header('Connection', 'close');
  const message = 'The form sent is too large. Nothing was used up: go back and send it again.';
  return c.html(
    htmlPage(
      'Cannot continue',
      `<h1>Cannot continue</h1>\n<p class="error" data-reason="too_large">${escapeHtml(message)}</p>`,
    ),
    413,
  );
}

export function databaseUnavailablePage(c: Context) {
  browserHeaders(c);
  c.header('Retry-After', '5');
  const message =
    'The service cannot reach its database right now. Nothing was used up: try this page again in a moment.';
  return c.html(
    htmlPage(
      'Temporarily unavailable',
      `<h1>Temporarily unavailable</h1>\n<p class="error" data-reason="database_unavailable">${escapeHtml(message)}</p>`,
    ),
    503,
  );
}

export function failurePage(c: Context) {
  browserHeaders(c);
  return c.html(
    htmlPage('Something went wrong', '<h1>Something went wrong</h1>\n<p class="error">Please try again later.</p>'),
    500,
  );
}

/** The open transaction of a prompt token, or why there is none. */
export async function openTransaction(
  transactions: TransactionRepository,
  hash: string,
  now: Date,
): Promise<TransactionRow | Exclude<LinkReason, 'missing'>> {
  const row = await transactions.findByPromptToken(hash);
  if (!row) return (await transactions.isSpent(hash)) ? 'already_used' : 'invalid';
  if (row.promptUsedAt) return 'already_used';
  if (row.expiresAt <= now.toISOString()) return 'expired';
  return row;
}
