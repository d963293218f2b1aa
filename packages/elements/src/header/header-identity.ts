/**
 * Who uses the header and in which language: the welcome, the child switcher's label, and the choices of the
 * identity and language menus (the wide bar's menus and the narrow bar's tools menu list the same items).
 */
import { html, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { IdentityOption } from '@edu-portal/core/identity/switch.ts';
import type { Lang } from '@edu-portal/core/i18n/language.ts';
import { languageOptions } from '@edu-portal/core/i18n/options.ts';
import { serverText } from '@edu-portal/core/i18n/server-text.ts';

/** "欢迎您，…" for a user with a real name, else ''. */
export function welcomeText(realName: string | undefined): string {
  return realName ? msg(str`欢迎您，${serverText(realName)}`, { id: 'header.welcome' }) : '';
}

/** The child switcher's accessible name: the current child when there is one. */
export function childLabel(childName: string): string {
  return childName
    ? msg(str`切换孩子，当前：${serverText(childName)}`, { id: 'header.switchChildCurrent' })
    : msg('选择孩子', { id: 'header.switchChild' });
}

/** The identities to switch to, each with its kind ("教师", "家长"). */
export function identityItems(
  identities: readonly IdentityOption[],
  choose: (option: IdentityOption) => void,
): TemplateResult[] {
  const typeName = (type: 2 | 3) =>
    type === 2 ? msg('教师', { id: 'header.identityTeacher' }) : msg('家长', { id: 'header.identityParent' });
  return identities.map(
    (option) =>
      html`<li>
        <button
          class="item"
          type="button"
          data-id=${option.id}
          aria-current=${option.current ? 'true' : 'false'}
          @click=${() => choose(option)}
        >
          ${option.name}（${typeName(option.userType)}）
        </button>
      </li>`,
  );
}

/** The languages, each named in itself. */
export function languageItems(language: Lang, choose: (lang: Lang) => void): TemplateResult[] {
  return languageOptions(language).map(
    (option) =>
      html`<li>
        <button
          class="item"
          type="button"
          lang=${option.value}
          data-lang=${option.value}
          aria-current=${option.current ? 'true' : 'false'}
          @click=${() => choose(option.value)}
        >
          ${option.name}
        </button>
      </li>`,
  );
}
