const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

/** `body` is trusted HTML; the page has no scripts or external resources, as the pages' CSP requires. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1f}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #3a3a7a;
background:#3a3a7a;color:#fff;cursor:pointer}
form{margin:1rem 0}label{display:block;margin:.5rem 0}input{font:inherit;display:block;width:100%;padding:.4rem}
.error{color:#a11}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}
