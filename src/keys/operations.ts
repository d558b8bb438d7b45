import type * as routes from '../../generated/keys/routes.js';
import type { OperationTable } from '../shared/operation.js';
import type { KeysEnv, KeysOperationDeps } from './context.js';
import { completeUserSignIn } from './operations/complete-user-sign-in.js';
import { createGenerateTransaction } from './operations/create-generate-transaction.js';
import { createRecoverTransaction } from './operations/create-recover-transaction.js';
import { exchangeKeyToken } from './operations/exchange-key-token.js';
import { initKey } from './operations/init-key.js';
import { showUserPrompt } from './operations/show-user-prompt.js';
import { startUserSignIn } from './operations/start-user-sign-in.js';

/** Every operation of openapi/keys.yaml with its handler; the type check refuses a missing or extra one. */
export const keysOperations = {
  initKey,
  createGenerateTransaction,
  createRecoverTransaction,
  exchangeKeyToken,
  showUserPrompt,
  startUserSignIn,
  completeUserSignIn,
} satisfies OperationTable<typeof routes, KeysEnv, KeysOperationDeps>;
