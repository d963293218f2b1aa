/** The seeded version records of a service (spec part 2 §7 "Version"): every query of `versions`, newest first. */
import type { ServerContext } from '../context.ts';

export interface VersionRow {
  version: string;
  date: string;
  metto: string;
  server_version: string;
  web_code_version: string;
}

/** Each segment zero-padded to 4 digits (spec part 2 §5), missing segments counting as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split('.').map((s) => Number.parseInt(s, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

export function createVersionRepository(ctx: ServerContext) {
  return {
    /** The service's versions, newest first. */
    of(appCode: string): VersionRow[] {
      return (
        ctx.db
          .prepare('SELECT version, date, metto, server_version, web_code_version FROM versions WHERE app_code = ?')
          .all(appCode) as VersionRow[]
      ).sort((a, b) => compareVersions(b.version, a.version));
    },
  };
}
