// The embedded development provider's users, apart from the provider itself: the configuration
// reads them without loading oidc-provider (the CLI never serves sign-ins).

/** A user of the embedded development provider. `id` is the `sub` it issues. */
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
