/**
 * Remembers which pictures failed to load, so an element shows its stand-in (a letter tile, the default logo) instead.
 * Keyed by address: a new address (another theme's variant, a fixed icon, a new logo) is tried again.
 */
import type { ReactiveControllerHost } from 'lit';

export class ImageFailures {
  private readonly failed = new Set<string>();

  /** Failures are kept for the element's life (a reconnected element does not retry them). */
  constructor(private readonly host: ReactiveControllerHost) {}

  has(src: string): boolean {
    return this.failed.has(src);
  }

  /** Records a failed address and renders the host again; the `@error` listener of an `<img>`. */
  add(src: string): void {
    if (this.failed.has(src)) return;
    this.failed.add(src);
    this.host.requestUpdate();
  }
}
