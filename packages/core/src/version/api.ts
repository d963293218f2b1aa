/**
 * Version information of one service for the about dialog and footer (spec part 2 §3 "Version info", §7 "Version",
 * §8): the front end's package file, the server's version record and the version list, loaded together.
 *
 * Wire names stay as the spec spells them (`metto`) and are mapped here, at the edge: a version's notes are
 * `notes` in TypeScript.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRequestError } from '../http/errors.ts';
import { packRootPath } from '../i18n/packs.ts';
import { isRecord } from '../platform/guards.ts';
import { compareVersions, findVersionMismatches, type VersionMismatch } from './compare.ts';
import type { VersionNote } from './text.ts';

/** One entry of the version list as it travels: `{version, date, metto}`. */
export interface WireVersionRecord {
  version: string;
  date: string;
  metto: VersionNote[];
}

/** One entry of the version list; `notes` is the wire's `metto`. */
export interface VersionRecord {
  version: string;
  date: string;
  notes: VersionNote[];
}

/** `GET /{root}/{code}/package.json`: the deployed front end, and the server version it needs at least. */
export interface PackageInfo {
  name: string;
  appVersion: string;
  serverVersion: string;
  packageDate: string;
}

/** `GET /api/{code}/nl/{code}_package_versions`: the server's version, and the front-end version it needs. */
export interface ServerVersionInfo {
  serverVersion: string;
  webCodeVersion: string;
  date: string;
}

export interface VersionInfo {
  code: string;
  root: string;
  /** Null when the file could not be loaded. */
  package: PackageInfo | null;
  /** Null when the call failed or the service has none. */
  server: ServerVersionInfo | null;
  /** Newest first; empty when there is none ("no version info"). */
  versions: VersionRecord[];
  /** The service has no version call (HTTP or envelope 404): "contact the back-end engineer" (spec §8). */
  missing: boolean;
  /** Front end and server that do not fit each other (spec §8); empty when either side is unknown. */
  mismatches: VersionMismatch[];
  /** Which of the three loads failed for another reason (network, server fault, unreadable answer). */
  failed: Array<'package' | 'server' | 'versions'>;
}

export const versionUrls = {
  package: (root: string, code: string) => `${root ? `/${root}` : ''}/${code}/package.json`,
  server: (code: string) => `/api/${code}/nl/${code}_package_versions`,
  versions: (root: string, code: string) => `${root ? `/${root}` : ''}/${code}-version/version.json`,
};

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Maps the wire list; entries without a version are dropped, notes without text too. Newest first. */
export function fromWireVersions(value: unknown): VersionRecord[] {
  if (!Array.isArray(value)) return [];
  const records: VersionRecord[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !text(entry['version'])) continue;
    const notes = Array.isArray(entry['metto'])
      ? entry['metto']
          .filter(isRecord)
          .map((note) => ({ cn: text(note['cn']), en: text(note['en']) }))
          .filter((note) => note.cn || note.en)
      : [];
    records.push({ version: text(entry['version']), date: text(entry['date']), notes });
  }
  // A hand-edited file may be out of order; the dialog always reads newest first.
  return records.sort((a, b) => compareVersions(b.version, a.version));
}

export function toWireVersions(records: readonly VersionRecord[]): WireVersionRecord[] {
  return records.map(({ version, date, notes }) => ({ version, date, metto: notes.map((n) => ({ ...n })) }));
}

function fromWirePackage(value: unknown): PackageInfo | null {
  if (!isRecord(value)) return null;
  return {
    name: text(value['name']),
    appVersion: text(value['appVersion']),
    serverVersion: text(value['serverVersion']),
    packageDate: text(value['packageDate']),
  };
}

function fromWireServer(value: unknown): ServerVersionInfo | null {
  if (!isRecord(value)) return null;
  return {
    serverVersion: text(value['serverVersion']),
    webCodeVersion: text(value['webCodeVersion']),
    date: text(value['date']),
  };
}

export interface VersionInfoOptions {
  /** The service code, e.g. `base`. */
  code: string;
  /** The root path; default as for language packs: `area` for area codes, else the first path segment. */
  root?: string | null;
  /** The current URL's path, for the default root. */
  pathname?: string;
  client?: Client;
  signal?: AbortSignal;
}

const isNotFound = (error: unknown) => isRequestError(error) && error.status === 404;

/**
 * Loads the three version calls in parallel. Never rejects and shows no notice itself: the caller decides how to
 * tell the user (the about dialog shows the 404 notice and the mismatch alert). An aborted load rejects.
 */
export async function loadVersionInfo(options: VersionInfoOptions): Promise<VersionInfo> {
  const http = options.client ?? defaultClient;
  const { code } = options;
  const root = options.root ?? packRootPath({ code, pathname: options.pathname });
  const signal = options.signal;
  const failed: VersionInfo['failed'] = [];
  let missing = false;

  const [pkg, server, versions] = await Promise.all([
    http
      .getJson(versionUrls.package(root, code), { silent: true, signal })
      .then(fromWirePackage)
      .catch((error: unknown) => {
        if (!isNotFound(error)) failed.push('package');
        return null;
      }),
    http
      .get(versionUrls.server(code), undefined, { silent: true, noIntercept: true, signal })
      .then((envelope) => {
        if (envelope.status === 404) missing = true;
        else if (envelope.status !== 200) failed.push('server');
        return envelope.status === 200 ? fromWireServer(envelope.data) : null;
      })
      .catch((error: unknown) => {
        if (isNotFound(error)) missing = true;
        else failed.push('server');
        return null;
      }),
    http
      .getJson(versionUrls.versions(root, code), { silent: true, signal })
      .then(fromWireVersions)
      .catch((error: unknown) => {
        if (!isNotFound(error)) failed.push('versions');
        return [] as VersionRecord[];
      }),
  ]);
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

  return {
    code,
    root,
    package: pkg,
    server,
    versions,
    missing,
    mismatches: pkg && server ? findVersionMismatches(pkg, server) : [],
    failed,
  };
}
