// Apart from the provider, so that the configuration (and the CLI) reads them without loading oidc-provider.

/** `id` is the `sub` the provider issues. */
export interface DevUser {
  id: string;
  username: string;
  password: string;
  name: string;
}

export const DEFAULT_DEV_USERS: readonly DevUser[] = [
  { id: 'dev-user-alice', username: 'alice', password: 'alice-password', name: 'Alice Example' },
  { id: 'dev-user-bob', username: 'bob', password: 'bob-password', name: 'Bob Example' },
];
