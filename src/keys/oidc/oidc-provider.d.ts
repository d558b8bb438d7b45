// oidc-provider ships no type declarations; these cover only what dev-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface GrantConstructor {
    new (init: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: {
      provider: Provider;
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    };
  }
  export interface Interaction {
    uid: string;
    prompt: { name: string };
  }
  export type InteractionResults = { login: { accountId: string } } | { error: string; error_description?: string };

  class OIDCProviderError extends Error {
    statusCode: number;
  }
  export const errors: {
    OIDCProviderError: typeof OIDCProviderError;
    InvalidRequest: typeof OIDCProviderError;
    SessionNotFound: typeof OIDCProviderError;
  };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Array<Record<string, unknown>>;
        adapter: new (model: string) => unknown;
        jwks: { keys: object[] };
        enabledJWA: { idTokenSigningAlgValues: string[] };
        cookies: { keys: string[] };
        pkce: { required: () => boolean };
        features: Record<string, { enabled: boolean }>;
        interactions: { url: (ctx: KoaContextWithOIDC, interaction: Interaction) => string };
        claims: Record<string, string[]>;
        ttl: Record<string, number>;
        findAccount: (
          ctx: KoaContextWithOIDC,
          sub: string,
        ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> } | undefined>;
        loadExistingGrant: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
        renderError: (
          ctx: KoaContextWithOIDC,
          out: { error: string; error_description?: string },
          err: Error,
        ) => void | Promise<void>;
      },
    );
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
  }
}
