/** Login page configuration: which unit a host belongs to, its decoration set, footer and social providers. */
import type { SocialProvider } from '@edu-portal/core';
import type { Database } from 'better-sqlite3';
import type { JsonSchema } from '../http/envelope.ts';
import { unitLogoUrl } from '../storage-paths.ts';

/** Unit id of the product-wide configuration, used for hosts that belong to no unit. */
export const PRODUCT_CONFIG_UNIT_ID = 0;
export const PRODUCT_NAME = { zh: '智慧教育门户', en: 'Smart Education Portal' };

export interface LoginConfig {
  /** JSON string {defaultLanguage, footerMsg} (spec part 1 §3 "Login configuration"). */
  decorationSet: string;
  unitId: string;
  unitType: number;
  unitName: string;
  unitEnName: string;
  /** The unit logo, or '' for the product default (the client then shows its default logo). */
  unitImgPath: string;
  styleLayout: string;
  socialProviders: SocialProvider[];
}

export interface UnitConfig {
  footer: string;
  link: string;
  decorationSet: string;
}

/** `http://School.test:8080/#/login`, `school.test:8080` and `school.test` all name the host `school.test`. */
export function normalizeHost(url: string): string {
  const trimmed = url.trim().toLowerCase();
  try {
    if (trimmed.includes('://')) return new URL(trimmed).hostname;
  } catch {
    // not a URL; treat it as a bare host below
  }
  const host = trimmed.split(/[/?#]/)[0] ?? '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

export interface UnitRow {
  id: number;
  type: number;
  name: string;
  en_name: string;
  logo_file_id: number | null;
  style_layout: string;
}

function readUnitConfig(db: Database, unitId: number): UnitConfig | undefined {
  const row = db.prepare('SELECT footer, link, decoration_set FROM unit_configs WHERE unit_id = ?').get(unitId) as
    { footer: string; link: string; decoration_set: string } | undefined;
  return row && { footer: row.footer, link: row.link, decorationSet: row.decoration_set };
}

/** The unit a login page host belongs to (`unit_hosts`), if any. */
export function unitForHost(db: Database, host: string): UnitRow | undefined {
  return db
    .prepare(
      `SELECT n.id, n.type, n.name, n.en_name, n.logo_file_id, n.style_layout
       FROM unit_hosts h JOIN units n ON n.id = h.unit_id WHERE h.host = ?`,
    )
    .get(normalizeHost(host)) as UnitRow | undefined;
}

/** The social login providers configured for a unit, as the login box lists them. */
export function socialProvidersOf(db: Database, unitId: number): SocialProvider[] {
  return db
    .prepare(
      `SELECT provider_id AS providerId, provider_app_id AS providerAppId,
              provider_application_id AS providerApplicationId, provider_app_login_url AS providerAppLoginUrl, logo
       FROM social_providers WHERE unit_id = ? ORDER BY sort, provider_id`,
    )
    .all(unitId) as SocialProvider[];
}

export function loginConfigForHost(db: Database, host: string): LoginConfig {
  const unit = unitForHost(db, host);
  const config = (unit && readUnitConfig(db, unit.id)) ?? readUnitConfig(db, PRODUCT_CONFIG_UNIT_ID);
  const decorationSet =
    config?.decorationSet ?? JSON.stringify({ defaultLanguage: 'zh-CN', footerMsg: { show: false } });
  if (!unit) {
    return {
      decorationSet,
      unitId: '',
      unitType: 2,
      unitName: PRODUCT_NAME.zh,
      unitEnName: PRODUCT_NAME.en,
      unitImgPath: '',
      styleLayout: 'top',
      socialProviders: [],
    };
  }
  return {
    decorationSet,
    unitId: String(unit.id),
    unitType: unit.type,
    unitName: unit.name,
    unitEnName: unit.en_name,
    unitImgPath: unit.logo_file_id === null ? '' : unitLogoUrl(unit.id),
    styleLayout: unit.style_layout,
    socialProviders: socialProvidersOf(db, unit.id),
  };
}

/** A unit's footer, link and decoration set; units without their own row use the product configuration. */
export function unitConfig(db: Database, unitId: number): UnitConfig | undefined {
  if (!db.prepare('SELECT 1 FROM units WHERE id = ?').get(unitId)) return undefined;
  return readUnitConfig(db, unitId) ?? readUnitConfig(db, PRODUCT_CONFIG_UNIT_ID);
}

export const socialProviderSchema: JsonSchema = {
  type: 'object',
  properties: {
    providerId: { type: 'string', description: 'weixin, work-weixin, dingtalk' },
    providerAppId: { type: 'string' },
    providerApplicationId: { type: 'string' },
    providerAppLoginUrl: { type: 'string', description: 'Login address; the client appends state and redirect_uri' },
    logo: { type: 'string', description: 'URL of the logo (SVG)' },
  },
  required: ['providerId', 'providerAppId', 'providerApplicationId', 'providerAppLoginUrl', 'logo'],
};

export const loginConfigSchema: JsonSchema = {
  type: 'object',
  properties: {
    decorationSet: { type: 'string', description: 'JSON {defaultLanguage, footerMsg}' },
    unitId: { type: 'string', description: "'' when the host belongs to no unit" },
    unitType: { type: 'integer' },
    unitName: { type: 'string' },
    unitEnName: { type: 'string' },
    unitImgPath: { type: 'string' },
    styleLayout: { type: 'string', enum: ['top', 'left'] },
    socialProviders: { type: 'array', items: socialProviderSchema },
  },
  required: ['decorationSet', 'unitId', 'unitType', 'unitName', 'unitEnName', 'unitImgPath', 'socialProviders'],
};

export const unitConfigSchema: JsonSchema = {
  type: 'object',
  properties: {
    footer: { type: 'string', description: 'Bilingual footer text `中文|||English`' },
    link: { type: 'string', description: "The unit's web site" },
    decorationSet: { type: 'string', description: 'JSON {defaultLanguage, footerMsg}' },
  },
  required: ['footer', 'link', 'decorationSet'],
};
