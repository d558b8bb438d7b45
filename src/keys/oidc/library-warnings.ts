/**
 * oidc-provider prints a warning through console.warn as it loads when the runtime is not an LTS
 * release it knows (the registry's Node 26 build). dev-provider.ts imports this module just before
 * the library and calls `stopCapture` once it is loaded, so that the start can log the warning
 * as a JSON line instead of a stray line on stderr.
 */
const captured: string[] = [];
const original = console.warn;
console.warn = (...args: unknown[]) => {
  captured.push(args.map(String).join(' '));
};

export function stopCapture(): void {
  console.warn = original;
}

/** The warnings printed while the library loaded, once. */
export function takeLibraryWarnings(): string[] {
  return captured.splice(0);
}
