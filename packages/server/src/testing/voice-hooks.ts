/**
 * Test-hook settings of the development speech gateway (/api/__test/voice/config; EDU_TEST_HOOKS=1 only): token
 * lifetime, the speech limit, the idle timeout, and a gateway that stalls or drops the socket at a command, so the
 * client's timeout and closed-socket handling meet a real server.
 */
export interface VoiceHookSettings {
  tokenTtlMs: number | null;
  maxSpeechMs: number | null;
  idleTimeoutMs: number | null;
  stallAt: 'start' | 'stop' | null;
  dropAt: 'start' | 'stop' | null;
}

const defaults = (): VoiceHookSettings => ({
  tokenTtlMs: null,
  maxSpeechMs: null,
  idleTimeoutMs: null,
  stallAt: null,
  dropAt: null,
});

export class VoiceHookState {
  settings: VoiceHookSettings = defaults();

  reset(): void {
    this.settings = defaults();
  }

  configure(patch: Partial<VoiceHookSettings>): void {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    this.settings = { ...this.settings, ...defined };
  }
}
