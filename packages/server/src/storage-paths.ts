/** URLs under which stored files are served (see plugins/storage.ts). */

export const fileUrl = (fileId: number): string => `/api/storage/show/${fileId}`;

/** The unit logo call of spec part 1 §7. */
export const unitLogoUrl = (unitId: number): string => `/api/storage/show/unit/${unitId}`;
