// The README as a newcomer's guide: short, with a table of contents, every link leading somewhere, and no words
// only the people who built it would understand. The rest of the documentation is under docs/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process.js';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const DOCUMENTS = [
  'README.md',
  'packages/client/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
/** Text outside fenced code blocks: a block's brackets are code, not links. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```$/gm, '');
/** The anchor GitHub gives a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const headings = (text: string) => [...prose(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!));

describe('README', () => {
  const readme = read('README.md');

  it('is under 300 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(300);
  });

  it('opens with a table of contents that lists every section, in order', () => {
    const contents = /^\*\*Contents:\*\*([\s\S]*?)\n\n/m.exec(readme)?.[1];
    expect(contents).toBeDefined();
    const listed = [...contents!.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    const sections = [...prose(readme).matchAll(/^## (.+)$/gm)].map((m) => slug(m[1]!));
    expect(listed).toEqual(sections);
  });

  it('links the documents under docs/, each of them', () => {
    for (const doc of DOCUMENTS.filter((d) => d.startsWith('docs/'))) expect(readme).toContain(`](${doc})`);
  });
});

describe.each(DOCUMENTS)('%s', (file) => {
  const text = read(file);

  it('has links that resolve: to a file of the repository, and to a heading of it', () => {
    const broken: string[] = [];
    for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [where, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = where === '' ? file : path.normalize(path.join(path.dirname(file), where));
      if (!existsSync(path.join(ROOT, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (anchor === undefined) continue;
      // A line of a source file (#L12, as GitHub shows it), or a heading of a document.
      else if (!resolved.endsWith('.md')) {
        if (!/^L\d+$/.test(anchor) || Number(anchor.slice(1)) > read(resolved).split('\n').length)
          broken.push(`${target} (no line ${anchor} in ${resolved})`);
      } else if (!headings(read(resolved)).includes(anchor))
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });

  it('speaks without the builders\' jargon ("the seeds")', () => {
    expect(text).not.toMatch(/\bseeds?\b/i);
  });
});
