/**
 * What the test hooks (docs/decisions.md "Test hooks") can change at run time. Only exists when the server was
 * built with `testHooks`; a default start has no such object, so nothing here can leak into production use.
 */
import { UploadHookState } from './upload-hooks.ts';
import { VoiceHookState } from './voice-hooks.ts';

/** Answers the next `count` calls of `path` with a failure: `httpStatus` breaks the transport, `bodyStatus` the envelope. */
export interface FailPath {
  path: string;
  httpStatus?: number;
  bodyStatus?: number;
  /** Calls left to fail; absent means every call until the next reset or config. */
  count?: number;
  message?: string;
}

export interface HookSettings {
  accessTtlMs: number | null;
  refreshTtlMs: number | null;
  tamperSignature: boolean;
  delayMs: number;
  failPaths: FailPath[];
  /** Added to the server clock, so tests can jump forward in time without waiting. */
  clockOffsetMs: number;
}

const defaults = (): HookSettings => ({
  accessTtlMs: null,
  refreshTtlMs: null,
  tamperSignature: false,
  delayMs: 0,
  failPaths: [],
  clockOffsetMs: 0,
});

export class HookState {
  settings: HookSettings = defaults();
  readonly calls = new Map<string, number>();
  /** Chunk upload failures, delays, size limit and counts (its own controls under /api/__test/upload/). */
  readonly upload = new UploadHookState();
  /** The development speech gateway's limits and failures (/api/__test/voice/). */
  readonly voice = new VoiceHookState();

  reset(): void {
    this.settings = defaults();
    this.calls.clear();
    this.upload.reset();
    this.voice.reset();
  }

  configure(patch: Partial<HookSettings>): void {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    this.settings = {
      ...this.settings,
      ...defined,
      failPaths: (patch.failPaths ?? this.settings.failPaths).map((f) => ({ ...f })),
    };
  }

  countCall(method: string, path: string): void {
    const key = `${method} ${path}`;
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
  }

  /** The failure to inject for this path, if any, using up one of its count. */
  takeFailure(path: string): FailPath | undefined {
    const index = this.settings.failPaths.findIndex((f) => f.path === path && (f.count === undefined || f.count > 0));
    if (index < 0) return undefined;
    const failure = this.settings.failPaths[index]!;
    if (failure.count !== undefined) failure.count -= 1;
    return failure;
  }
}
