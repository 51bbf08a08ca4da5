import type { IncomingMessage, ServerResponse } from "node:http";

export declare const PLAYGROUND_CSP: string;
export interface StaticServerOptions {
  readonly csp?: string;
  readonly port?: number;
}
export declare function staticHandler(root: string, options?: StaticServerOptions): (req: IncomingMessage, res: ServerResponse) => void;
export interface RunningStaticServer {
  readonly url: string;
  close(): Promise<void>;
}
export declare function startStaticServer(root: string, options?: StaticServerOptions): Promise<RunningStaticServer>;
