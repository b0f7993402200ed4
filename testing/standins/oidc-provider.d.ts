/** oidc-provider ships no types (DefinitelyTyped's are not installed): the little the stand-in uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type InteractionDetails = {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, string | undefined>;
    session?: { accountId?: string };
  };

  export type AccountClaims = Record<string, unknown> & { sub: string };
  export type FoundAccount = { accountId: string; claims: (use: string, scope: string) => Promise<AccountClaims> | AccountClaims };

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    Grant: new (init: { accountId: string; clientId: string }) => GrantInstance;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
