/**
 * Alibaba Cloud Intelligent Speech Interaction tokens: the public CreateToken API (POP RPC style, version
 * 2019-02-28), signed with HMAC-SHA1 as Alibaba's "obtain a token by calling an API operation" page describes:
 * parameters sorted by name, RFC 3986 encoded (space %20, `*` %2A, `~` kept), joined with `&`; the string to sign is
 * `METHOD&%2F&` + the encoded canonical query; the key is the AccessKey secret plus `&`; the signature is Base64.
 */
import { createHmac, randomUUID } from 'node:crypto';

export interface AliyunSpeechConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The project's appkey (Intelligent Speech Interaction console). */
  appkey: string;
  /** Default cn-shanghai. */
  regionId: string;
  /** CreateToken endpoint; default `https://nls-meta.{region}.aliyuncs.com/`. */
  metaUrl: string;
  /** The speech gateway handed to clients; default `wss://nls-gateway-{region}.aliyuncs.com/ws/v1`. */
  gatewayUrl: string;
}

/** Reads the configuration from the environment (README "Voice"); null when the credentials are not all set. */
export function aliyunConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AliyunSpeechConfig | null {
  const accessKeyId = env.EDU_ALIYUN_ACCESS_KEY_ID?.trim();
  const accessKeySecret = env.EDU_ALIYUN_ACCESS_KEY_SECRET?.trim();
  const appkey = env.EDU_ALIYUN_NLS_APPKEY?.trim();
  if (!accessKeyId || !accessKeySecret || !appkey) return null;
  const regionId = env.EDU_ALIYUN_NLS_REGION?.trim() || 'cn-shanghai';
  return {
    accessKeyId,
    accessKeySecret,
    appkey,
    regionId,
    metaUrl: env.EDU_ALIYUN_NLS_META_URL?.trim() || `https://nls-meta.${regionId}.aliyuncs.com/`,
    gatewayUrl: env.EDU_ALIYUN_NLS_GATEWAY_URL?.trim() || `wss://nls-gateway-${regionId}.aliyuncs.com/ws/v1`,
  };
}

/** RFC 3986 percent-encoding as POP signing wants it. */
export function popEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `A=1&B=2`: the parameters sorted by name, names and values encoded. */
export function canonicalQuery(parameters: Record<string, string>): string {
  return Object.keys(parameters)
    .sort()
    .map((name) => `${popEncode(name)}=${popEncode(parameters[name]!)}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', canonical: string): string {
  return `${method}&${popEncode('/')}&${popEncode(canonical)}`;
}

export function popSignature(method: 'GET' | 'POST', parameters: Record<string, string>, secret: string): string {
  return createHmac('sha1', `${secret}&`)
    .update(stringToSign(method, canonicalQuery(parameters)))
    .digest('base64');
}

/** The CreateToken parameters, unsigned. */
export function createTokenParameters(
  config: Pick<AliyunSpeechConfig, 'accessKeyId' | 'regionId'>,
  timestamp: Date,
  nonce: string = randomUUID(),
): Record<string, string> {
  return {
    AccessKeyId: config.accessKeyId,
    Action: 'CreateToken',
    Format: 'JSON',
    RegionId: config.regionId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    // ISO 8601 in UTC without milliseconds: 2019-04-18T08:32:31Z.
    Timestamp: timestamp.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2019-02-28',
  };
}

/** The signed GET query: `Signature=…&` + the canonical query (the documented order). */
export function signedCreateTokenQuery(parameters: Record<string, string>, secret: string): string {
  return `Signature=${popEncode(popSignature('GET', parameters, secret))}&${canonicalQuery(parameters)}`;
}

export interface AliyunToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export class AliyunTokenError extends Error {}

/**
 * Obtains tokens, one at a time, and keeps each until five minutes before it expires (a token serves every user of
 * the account, as the original back end handed it out).
 */
export class AliyunTokenSource {
  private cached: AliyunToken | null = null;
  private pending: Promise<AliyunToken> | null = null;

  constructor(
    readonly config: AliyunSpeechConfig,
    private readonly now: () => number,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async token(): Promise<AliyunToken> {
    if (this.cached && this.cached.expiresAt - 5 * 60_000 > this.now()) return this.cached;
    this.pending ??= this.create().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async create(): Promise<AliyunToken> {
    const parameters = createTokenParameters(this.config, new Date(this.now()));
    const url = `${this.config.metaUrl}?${signedCreateTokenQuery(parameters, this.config.accessKeySecret)}`;
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json().catch(() => null)) as {
      Token?: { Id?: unknown; ExpireTime?: unknown };
      ErrMsg?: unknown;
      Message?: unknown;
    } | null;
    const id = body?.Token?.Id;
    const expireTime = Number(body?.Token?.ExpireTime);
    if (!response.ok || typeof id !== 'string' || !id || !Number.isFinite(expireTime)) {
      const reason = String(body?.ErrMsg ?? body?.Message ?? `HTTP ${response.status}`);
      throw new AliyunTokenError(`CreateToken failed: ${reason}`);
    }
    // ExpireTime is in epoch seconds.
    this.cached = { token: id, expiresAt: expireTime * 1000 };
    return this.cached;
  }
}
