/**
 * oidc-provider console.warns on load when the runtime is not an LTS release it knows; dev-provider.ts imports this
 * just before it so that the start logs the warning as a JSON line instead of a stray line on stderr.
 */
const captured: string[] = [];
const original = console.warn;
console.warn = (...args: unknown[]) => {
  captured.push(args.map(String).join(' '));
};

export function stopCapture(): void {
  console.warn = original;
}

export function takeLibraryWarnings(): string[] {
  return captured.splice(0);
}
