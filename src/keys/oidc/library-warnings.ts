// oidc-provider warns on load about a runtime it does not know; the start logs it as JSON instead of stray stderr.
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
