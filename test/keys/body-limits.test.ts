import { request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FORM_BODY_LIMIT } from '../../src/shared/body.js';
import { buildKeysHarness, cookieJarFetch, createTransaction, initKey, type KeysHarness } from './support.js';

/**
 * The end user's forms (the development provider's login form, the prompt page's button) are read
 * with a limit, by anyone, signed in or not: a body over it is refused with a 413 page, before it
 * is read whole (a declared length at once; a chunked body after the limit), and never buffered.
 */
let h: KeysHarness;
/** A real sign-in's login form (its action URL) and the browser's cookies, as an attacker would get them. */
let login: { url: string; cookie: string };
beforeAll(async () => {
  h = await buildKeysHarness({ listen: true });
  const { client } = await h.account();
  const { userPromptUrl } = await createTransaction(client, 'generate', await initKey(client));
  const browser = cookieJarFetch(h.origin);
  let res = await browser(userPromptUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  let cookie = '';
  while (res.status === 303 || res.status === 302) {
    const next = new URL(res.headers.get('location')!, h.origin).href;
    res = await browser(next);
    cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .concat(cookie ? [cookie] : [])
      .join('; ');
  }
  const action = /action="([^"]+\/login)"/.exec(await res.text())![1]!.replace(/&amp;/g, '&');
  login = { url: new URL(action, h.origin).href, cookie };
});
afterAll(() => h.close());

const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** At most this much is offered; a server that read it all would hold it all (more, as a string). */
const OFFERED = 256 * 1024 * 1024;

/**
 * POSTs a chunked form body of up to OFFERED bytes, written only as fast as the server reads it,
 * until the answer comes: the answer, and how much of the body had been written by then.
 */
function postChunked(
  url: string,
  cookie = '',
): Promise<{ status: number; contentType: string; body: string; written: number; rssGrowth: number }> {
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', cookie },
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode!,
            contentType: String(res.headers['content-type']),
            body,
            written,
            rssGrowth: peakRss - rssBefore,
          });
        });
      },
    );
    // Once the answer is in, the server may close the connection under the rest of the body.
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (!answered && written < OFFERED) {
        written += CHUNK.length;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

it(`the development provider's login form: a chunked body over ${FORM_BODY_LIMIT} bytes is 413, answered before the body ends, memory bounded`, async () => {
  const answer = await postChunked(login.url, login.cookie);
  expect(answer.status).toBe(413);
  expect(answer.contentType).toMatch(/^text\/html/);
  expect(answer.body).toContain('data-reason="too_large"');
  expect(answer.written).toBeLessThan(OFFERED);
  // The server runs in this process: had it kept the body, this process would have grown by it.
  expect(answer.rssGrowth).toBeLessThan(OFFERED / 4);
});

it("the development provider's login form: a declared length over the limit is 413 before anything is read", async () => {
  const res = await fetch(login.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: login.cookie },
    body: `username=${'a'.repeat(FORM_BODY_LIMIT)}`,
  });
  expect(res.status).toBe(413);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.text()).toContain('data-reason="too_large"');
});

it("the prompt page's form (startUserSignIn): a chunked body over the limit is 413, memory bounded", async () => {
  const answer = await postChunked(`${h.origin}/keygen/prompt?transactionToken=tt_x`);
  expect(answer.status).toBe(413);
  expect(answer.body).toContain('data-reason="too_large"');
  expect(answer.written).toBeLessThan(OFFERED);
  expect(answer.rssGrowth).toBeLessThan(OFFERED / 4);
});

it('a login form under the limit is still read (a wrong password is a 400 page, not a 413)', async () => {
  const res = await fetch(login.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: login.cookie },
    body: 'username=alice&password=wrong',
  });
  expect(res.status).toBe(400);
  expect(await res.text()).toContain('Unknown user or wrong password.');
});
