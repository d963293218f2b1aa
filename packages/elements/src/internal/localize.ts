/**
 * @lit/localize in runtime mode, driven by core's language (spec part 1 §4 "Language"): whatever sets the language
 * (the session, a language menu, a legacy page) switches every element live. `CoreLanguage` gives an element core's
 * language as it changes (labels of server data that come in each language).
 *
 * `configureLocalization` may run once per copy of @lit/localize, so the setup is kept on the page per copy, keyed
 * by that copy's `configureLocalization`: a second evaluation of this module reuses it instead of throwing, and a
 * second copy of the library (the drop-in bundle next to the ES modules) gets its own.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { configureLocalization, type LocaleModule } from '@lit/localize';
import { getLanguage, subscribeLanguage, type Lang } from '@edu-portal/core/i18n/language.ts';
import { loadTraditionalConverter } from '@edu-portal/core/i18n/server-text.ts';
import { sourceLocale, targetLocales } from '../generated/locale-codes.ts';
import { pageSingleton } from './page-singleton.ts';

type TargetLocale = (typeof targetLocales)[number];

// Explicit map of imports: bundlers see every locale module, and none of them is loaded until it is needed.
const loaders: Record<TargetLocale, () => Promise<LocaleModule>> = {
  en: () => import('../generated/locales/en.ts'),
  // zh-HK waits for the server-text converter too, so the elements re-render once with traditional interface texts
  // and traditional server texts together (core server-text); a converter that failed to load delays nothing.
  'zh-HK': () =>
    Promise.all([import('../generated/locales/zh-HK.ts'), loadTraditionalConverter()]).then(([module]) => module),
};

interface Localization {
  getLocale(): string;
  setLocale(locale: string): Promise<void>;
  /** Settles when the locale asked for last is in force. */
  ready: Promise<void>;
}

const setups = pageSingleton('localize.v1', () => new WeakMap<object, Localization>());

function setUp(): Localization {
  const { getLocale, setLocale } = configureLocalization({
    sourceLocale,
    targetLocales,
    loadLocale: (locale) => loaders[locale as TargetLocale](),
  });
  const localization: Localization = { getLocale, setLocale, ready: Promise.resolve() };
  const follow = (lang: Lang) => {
    // A failed load keeps the locale in force; the next switch tries again.
    localization.ready = Promise.resolve()
      .then(() => setLocale(lang))
      .catch((error: unknown) => console.error('[edu-elements] locale', lang, error));
  };
  if (getLanguage() !== sourceLocale) follow(getLanguage());
  subscribeLanguage(follow);
  return localization;
}

/** Sets up localisation for this copy of the library (once) and returns it. Elements call it when connected. */
export function ensureLocalization(): Localization {
  let localization = setups.get(configureLocalization);
  if (!localization) {
    localization = setUp();
    setups.set(configureLocalization, localization);
  }
  return localization;
}

/** The locale the elements render in. */
export function currentLocale(): string {
  return ensureLocalization().getLocale();
}

/** Resolves once the locale that core's language asked for last has loaded and the elements were told. */
export function localeReady(): Promise<void> {
  return ensureLocalization().ready;
}

/** Core's language, kept current on an element while it is connected (labels follow it: English names in English). */
export class CoreLanguage implements ReactiveController {
  value: Lang = getLanguage();
  private unsubscribe: (() => void) | null = null;

  /** `onChange` hears each switch; without it the host renders again. */
  constructor(
    host: ReactiveControllerHost,
    private readonly onChange: (lang: Lang) => void = () => host.requestUpdate(),
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.value = getLanguage();
    this.unsubscribe = subscribeLanguage((lang) => {
      this.value = lang;
      this.onChange(lang);
    });
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
