/** The little of `oidc-provider` (a devDependency without types) the API tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    /** The provider as a Node request listener. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
