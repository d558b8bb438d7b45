/**
 * Runs `load` with console.warn captured and hands what was printed to `warn`: oidc-provider warns as it loads
 * about a runtime it does not know, and the server logs that as JSON instead of stray stderr.
 */
export async function withLibraryWarnings<T>(load: () => Promise<T>, warn: (message: string) => void): Promise<T> {
  const original = console.warn;
  const captured: string[] = [];
  console.warn = (...args: unknown[]) => {
    captured.push(args.map(String).join(' '));
  };
  try {
    return await load();
  } finally {
    console.warn = original;
    for (const message of captured) warn(message);
  }
}
