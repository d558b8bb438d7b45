// Generated from openapi/keys.yaml by `npm run generate`. Do not edit by hand.

import type { OperationTable } from '../../src/shared/operation.js';
import type { KeysOperationDeps, KeysEnv } from '../../src/keys/context.js';
import type * as routes from './routes.js';
import { initKey } from '../../src/keys/operations/init-key.js';
import { exchangeKeyToken } from '../../src/keys/operations/exchange-key-token.js';
import { createGenerateTransaction } from '../../src/keys/operations/create-generate-transaction.js';
import { createRecoverTransaction } from '../../src/keys/operations/create-recover-transaction.js';
import { showUserPrompt } from '../../src/keys/operations/show-user-prompt.js';
import { startUserSignIn } from '../../src/keys/operations/start-user-sign-in.js';
import { completeUserSignIn } from '../../src/keys/operations/complete-user-sign-in.js';

/** Every operation of openapi/keys.yaml with its handler, from the file named after its operationId. */
export const keysOperations = {
  initKey,
  exchangeKeyToken,
  createGenerateTransaction,
  createRecoverTransaction,
  showUserPrompt,
  startUserSignIn,
  completeUserSignIn,
} satisfies OperationTable<typeof routes, KeysEnv, KeysOperationDeps>;
