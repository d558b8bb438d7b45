// openapi/ holds the contracts and, beside them, the review's accepted changes (not a contract).
export const ACCEPTED_CHANGES_FILE = 'accepted-changes.yaml';

/** A contract in openapi/: a `.yaml` file other than the accepted changes. */
export const isContractFile = (name: string): boolean =>
  name.endsWith('.yaml') && !name.endsWith(ACCEPTED_CHANGES_FILE);
