// Types of api-server.mjs for the TypeScript that imports it (the end-to-end tests).
export interface ApiServer {
  url: string;
  /** SIGTERM, then removes the data directory unless it was given. */
  stop(): Promise<void>;
  /** SIGKILL (a crash); the data directory stays. */
  kill(): Promise<void>;
}
export function startApiServer(options?: {
  env?: Record<string, string>;
  staticDir?: string;
  port?: number;
  quiet?: boolean;
  dataDir?: string;
}): Promise<ApiServer>;
