/**
 * The version calls of spec part 2 §7 "Version", behind the about dialog:
 *
 *   GET /{root}/{code}/package.json                 → {name, appVersion, serverVersion, packageDate}   (a file)
 *   GET /api/{code}/nl/{code}_package_versions      → envelope of {serverVersion, webCodeVersion, date}
 *   GET /{root}/{code}-version/version.json         → [{version, date, metto: [{cn, en}]}], newest first (a file)
 *
 * Which services have them is listed in `assets/version/services.json`: `base` reads the seeded `versions` table,
 * the others are fixed demo data (a mismatch each way, an empty list). Any other code, or a service asked for under
 * the wrong root, is HTTP 404, which is what the client turns into "this microservice has no version interface".
 * None of them needs a session (`nl` is "no login"; the files are static in a real deployment).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { envelopeResponse, ok, type JsonSchema } from '../http/envelope.ts';
import type { Services } from '../services.ts';
import { compareVersions, createVersionRepository } from '../version/versions.ts';

export { compareVersions };

export const VERSION_SERVICES_FILE = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'assets',
  'version',
  'services.json',
);

const TAGS = ['version'];
const NAME = /^[A-Za-z0-9_-]+$/;

export interface VersionNote {
  cn: string;
  en: string;
}
export interface VersionEntry {
  version: string;
  date: string;
  metto: VersionNote[];
}
export interface PackageInfo {
  name: string;
  appVersion: string;
  serverVersion: string;
  packageDate: string;
}
export interface ServerVersion {
  serverVersion: string;
  webCodeVersion: string;
  date: string;
}

interface ServiceEntry {
  code: string;
  root: string;
  appCode: string;
  versions: 'db' | VersionEntry[];
  package?: PackageInfo;
  server?: ServerVersion;
}

/** Reads and checks the services list. */
export function loadServices(file: string): Map<string, ServiceEntry> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { services: ServiceEntry[] };
  const map = new Map<string, ServiceEntry>();
  for (const service of parsed.services) {
    // A broken list must stop the start, not surface as odd answers in a demo.
    if (!NAME.test(service.code) || !NAME.test(service.root) || !NAME.test(service.appCode)) {
      throw new Error(`${file}: bad service entry ${JSON.stringify(service)}`);
    }
    if (service.versions !== 'db' && (!service.package || !service.server || !Array.isArray(service.versions))) {
      throw new Error(`${file}: service ${service.code} needs package, server and versions`);
    }
    map.set(service.code, service);
  }
  return map;
}

const noteSchema: JsonSchema = {
  type: 'object',
  properties: { cn: { type: 'string' }, en: { type: 'string' } },
  required: ['cn', 'en'],
};
const versionListSchema: JsonSchema = {
  type: 'array',
  description: 'The version list, newest first',
  items: {
    type: 'object',
    properties: { version: { type: 'string' }, date: { type: 'string' }, metto: { type: 'array', items: noteSchema } },
    required: ['version', 'date', 'metto'],
  },
};
const packageSchema: JsonSchema = {
  type: 'object',
  description: "The front end's package file",
  properties: {
    name: { type: 'string' },
    appVersion: { type: 'string', description: 'Version of this front end' },
    serverVersion: { type: 'string', description: 'Server version this front end needs at least' },
    packageDate: { type: 'string' },
  },
  required: ['name', 'appVersion', 'serverVersion', 'packageDate'],
};
const serverVersionSchema: JsonSchema = {
  type: 'object',
  properties: {
    serverVersion: { type: 'string', description: 'Version of this service' },
    webCodeVersion: { type: 'string', description: 'Front-end version this service needs at least' },
    date: { type: 'string' },
  },
  required: ['serverVersion', 'webCodeVersion', 'date'],
};
const notFound: JsonSchema = {
  description: 'No version call for this service',
  type: 'object',
  additionalProperties: true,
};
const pathParams = (...names: string[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  required: names,
});

const versionPlugin: FastifyPluginAsync<Services & { servicesFile?: string }> = async (app, options) => {
  const { ctx } = options;
  const services = loadServices(options.servicesFile ?? VERSION_SERVICES_FILE);

  const versions = createVersionRepository(ctx);

  const parseMetto = (text: string): VersionNote[] => {
    try {
      const list = JSON.parse(text) as unknown;
      return Array.isArray(list) ? (list as VersionNote[]) : [];
    } catch {
      return [];
    }
  };

  function versionsOf(service: ServiceEntry): VersionEntry[] {
    if (service.versions !== 'db') return service.versions;
    return versions.of(service.appCode).map((row) => ({
      version: row.version,
      date: row.date,
      metto: parseMetto(row.metto),
    }));
  }

  /** The latest record speaks for the deployed front end and server of a table-backed service. */
  function latestOf(service: ServiceEntry): { package: PackageInfo; server: ServerVersion } | null {
    if (service.versions !== 'db') return { package: service.package!, server: service.server! };
    const latest = versions.of(service.appCode)[0];
    if (!latest) return null;
    return {
      package: {
        name: service.appCode,
        appVersion: latest.version,
        serverVersion: latest.server_version || latest.version,
        packageDate: latest.date,
      },
      server: {
        serverVersion: latest.server_version || latest.version,
        webCodeVersion: latest.web_code_version || latest.version,
        date: latest.date,
      },
    };
  }

  const serviceAt = (root: string, code: string) => {
    const service = services.get(code);
    return service && service.root === root ? service : undefined;
  };

  app.get<{ Params: { rootPath: string; code: string } }>(
    '/:rootPath/:code/package.json',
    {
      schema: {
        tags: TAGS,
        summary: "A front end's package file, e.g. /pages/base/package.json",
        params: pathParams('rootPath', 'code'),
        response: { 200: packageSchema, 404: notFound },
      },
    },
    async (request, reply) => {
      const { rootPath, code } = request.params;
      const latest = (() => {
        const service = serviceAt(rootPath, code);
        return service ? latestOf(service) : null;
      })();
      if (!latest) return reply.callNotFound();
      // Replaced on every deployment: the browser must ask again, not keep an old copy.
      return reply.header('cache-control', 'no-cache').send(latest.package);
    },
  );

  app.get<{ Params: { rootPath: string; code: string } }>(
    '/:rootPath/:code/version.json',
    {
      schema: {
        tags: TAGS,
        summary: 'The version list of a front end, e.g. /pages/base-version/version.json',
        params: pathParams('rootPath', 'code'),
        response: { 200: versionListSchema, 404: notFound },
      },
    },
    async (request, reply) => {
      const { rootPath, code: folder } = request.params;
      const service = folder.endsWith('-version') ? serviceAt(rootPath, folder.slice(0, -'-version'.length)) : null;
      if (!service) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').send(versionsOf(service));
    },
  );

  app.get<{ Params: { code: string; file: string } }>(
    '/api/:code/nl/:file',
    {
      schema: {
        tags: TAGS,
        summary: "A service's version and the front-end version it needs: /api/{code}/nl/{code}_package_versions",
        params: pathParams('code', 'file'),
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
        response: { ...envelopeResponse(serverVersionSchema), 404: notFound },
      },
    },
    async (request, reply) => {
      const { code, file } = request.params;
      const service = file === `${code}_package_versions` ? services.get(code) : undefined;
      const latest = service ? latestOf(service) : null;
      if (!latest) return reply.callNotFound();
      return ok(latest.server);
    },
  );
};

export default versionPlugin;
