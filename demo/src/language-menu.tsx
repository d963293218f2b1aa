// The host's language menu (the catalogue's header and the login pages): each language named in itself; choosing
// one puts it in force and keeps it (core's chooseLanguage).
import { LANGS, isLang } from '@edu-portal/core/i18n/language.ts';
import { LANGUAGE_NAMES } from '@edu-portal/core/i18n/options.ts';
import { chooseLanguage } from '@edu-portal/core/i18n/resolve.ts';
import { useLanguage } from '@edu-portal/react/hooks.ts';

export function LanguageMenu({ label, className }: { label: string; className: string }) {
  const lang = useLanguage();
  return (
    <label className={className}>
      {label}
      <select
        value={lang}
        onChange={(e) => {
          if (isLang(e.target.value)) chooseLanguage(e.target.value);
        }}
      >
        {LANGS.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
