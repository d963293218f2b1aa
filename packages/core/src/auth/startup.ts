/**
 * Startup checks (spec part 1 §5 "Startup", part 2 §1, §5, §8, §9): the app's `code` and `appCode`, a required
 * global object, Internet Explorer 6–8 (the warning page), browser zoom outside 80–120 % (a 5-second warning), and
 * the development-only switch-account button.
 */
import { ZOOM_MAX_PERCENT, ZOOM_MIN_PERCENT, ZOOM_WARNING_MS } from '../constants.ts';
import type { Lang } from '../i18n/language.ts';
import { notify } from '../platform/notify.ts';
import { authText } from './texts.ts';

export type StartupProblem = 'code' | 'appCode' | 'global';

/** The spec's startup errors; `message` is exactly the spec's text (a developer reads it, not a user). */
export class StartupError extends Error {
  readonly problem: StartupProblem;

  constructor(problem: StartupProblem, message: string) {
    super(message);
    this.name = 'StartupError';
    this.problem = problem;
  }
}

export interface AppStartConfig {
  code?: unknown;
  appCode?: unknown;
  /** Global objects the page needs (e.g. a host configuration object); each must exist on `scope`. */
  requiredGlobals?: readonly string[];
  /** Default `globalThis`. */
  scope?: object;
}

function filled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim().length > 0 : value !== undefined && value !== null;
}

/** Every startup problem, in the spec's order; [] when the app may start. */
export function checkAppStart(config: AppStartConfig): StartupError[] {
  const problems: StartupError[] = [];
  if (!filled(config.code)) problems.push(new StartupError('code', 'code cannot be empty'));
  if (!filled(config.appCode)) problems.push(new StartupError('appCode', 'appCode cannot be empty'));
  const scope = (config.scope ?? globalThis) as Record<string, unknown>;
  for (const name of config.requiredGlobals ?? []) {
    if (scope[name] === undefined || scope[name] === null) {
      problems.push(new StartupError('global', `global object ${name} is missing`));
    }
  }
  return problems;
}

/** The spec's "throws": throws the first startup problem, if any. */
export function assertAppStart(config: AppStartConfig): void {
  const [first] = checkAppStart(config);
  if (first) throw first;
}

/** The Internet Explorer version of a user agent, or null for any other browser. */
export function internetExplorerVersion(userAgent: string): number | null {
  const msie = /\bMSIE (\d+)\./.exec(userAgent);
  if (msie) return Number(msie[1]);
  // IE 11 drops "MSIE" and says "Trident/7.0; rv:11.0".
  const trident = /\bTrident\/\d+.*\brv:(\d+)/.exec(userAgent);
  return trident ? Number(trident[1]) : null;
}

/**
 * True for Internet Explorer 8 and older, which get the warning page recommending a modern browser. Compatibility
 * view reports "MSIE 7.0" from a newer IE; the page then really runs as IE 7, so it is warned too.
 */
export function needsOldBrowserWarning(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  const version = internetExplorerVersion(userAgent);
  return version !== null && version <= 8;
}

export interface ZoomInput {
  /** Screen density times browser zoom: not the zoom alone (a 125 % Windows screen is 1.25 at 100 %). */
  devicePixelRatio?: number;
  /** The window in screen pixels, which browser zoom leaves alone… */
  outerWidth?: number;
  /** …over the viewport in CSS pixels, which browser zoom shrinks: their ratio is the browser zoom. */
  innerWidth?: number;
  /** Old IE: `screen.deviceXDPI` and `screen.logicalXDPI`. */
  deviceXDPI?: number;
  logicalXDPI?: number;
  /**
   * The device's own pixel ratio at 100 %. A host that knows the screen passes it, and the zoom is then
   * `devicePixelRatio` over it; without it `devicePixelRatio` says nothing about the browser zoom.
   */
  nativeRatio?: number;
  /**
   * A phone or tablet (coarse pointer, no hover): no browser zoom to warn about, and its outer width is the screen's
   * while the inner width is the page's layout width.
   */
  touchOnly?: boolean;
}

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function browserZoomInput(): ZoomInput {
  const scope = globalThis as {
    devicePixelRatio?: number;
    outerWidth?: number;
    innerWidth?: number;
    screen?: { deviceXDPI?: number; logicalXDPI?: number };
    matchMedia?: (query: string) => { matches: boolean };
  };
  return {
    devicePixelRatio: scope.devicePixelRatio,
    outerWidth: scope.outerWidth,
    innerWidth: scope.innerWidth,
    deviceXDPI: scope.screen?.deviceXDPI,
    logicalXDPI: scope.screen?.logicalXDPI,
    touchOnly: scope.matchMedia?.('(pointer: coarse) and (hover: none)').matches ?? false,
  };
}

/** The zoom levels browsers offer (Chromium's and Firefox's), percent. */
const ZOOM_LEVELS = [
  25, 30, 33, 50, 67, 75, 80, 90, 100, 110, 120, 125, 133, 150, 170, 175, 200, 240, 250, 300, 400, 500,
];
/** Screen scale factors of common systems at 100 % browser zoom (Windows 100–400 %, Macs, phones). */
const SCREEN_SCALES = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4];
const near = (value: number, target: number, tolerance: number) => Math.abs(value - target) <= target * tolerance;

/**
 * The browser zoom a window-over-viewport width ratio stands for, or null when it is none: window frames and scroll
 * bars move the ratio by a few percent around a zoom level, while a side panel or docked developer tools narrow the
 * viewport by any amount (1920 over 1500 is 128 %, no zoom at all). So the ratio must be near a level the browser
 * offers and, when known, `devicePixelRatio` over that level must be a screen's scale factor.
 */
function zoomLevelOf(windowOverViewport: number, devicePixelRatio: number | undefined): number | null {
  const level = ZOOM_LEVELS.find((percent) => near(windowOverViewport * 100, percent, 0.03));
  if (level === undefined) return null;
  const zoom = level / 100;
  if (positive(devicePixelRatio) && !SCREEN_SCALES.some((scale) => near(devicePixelRatio / zoom, scale, 0.02))) {
    return null;
  }
  return zoom;
}

/**
 * The browser's own zoom in percent, or null when it cannot be told (screen density is not zoom, so a
 * 125–200 % screen at 100 % never warns): old IE's DPI ratio; else outer over inner width, which the browser zoom
 * changes and the screen density does not (a zoom level, not a side panel: `zoomLevelOf`); else `devicePixelRatio`
 * over a `nativeRatio` the host gave. Phones and tablets: null.
 */
export function zoomPercent(input: ZoomInput = browserZoomInput()): number | null {
  if (input.touchOnly) return null;
  let ratio: number | null = null;
  if (positive(input.deviceXDPI) && positive(input.logicalXDPI)) ratio = input.deviceXDPI / input.logicalXDPI;
  else if (positive(input.outerWidth) && positive(input.innerWidth)) {
    ratio = zoomLevelOf(input.outerWidth / input.innerWidth, input.devicePixelRatio);
    if (ratio === null) return null;
  } else if (positive(input.devicePixelRatio) && positive(input.nativeRatio)) {
    ratio = input.devicePixelRatio / input.nativeRatio;
  }
  return ratio === null ? null : Math.round(ratio * 100);
}

export function isZoomOutOfRange(percent: number | null): boolean {
  return percent !== null && (percent < ZOOM_MIN_PERCENT || percent > ZOOM_MAX_PERCENT);
}

/** The zoom warning text (recommends 100 % and Ctrl+0), or null when the zoom is fine or unknown. */
export function zoomWarning(input?: ZoomInput, lang?: Lang): string | null {
  const percent = zoomPercent(input);
  return isZoomOutOfRange(percent) ? authText('zoomWarning', { percent: percent ?? '' }, lang) : null;
}

/** Shows the zoom warning for 5 seconds when the zoom is outside 80–120 %; true when it did. */
export function warnIfZoomed(input?: ZoomInput, lang?: Lang): boolean {
  const message = zoomWarning(input, lang);
  if (!message) return false;
  notify({ type: 'warning', message, duration: ZOOM_WARNING_MS });
  return true;
}

/** The switch-account button appears in development only. */
export function showSwitchAccount(development: boolean): boolean {
  return development === true;
}
