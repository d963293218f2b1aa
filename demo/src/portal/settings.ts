// The demo host's portal settings: what a deployment would configure.

/**
 * The Windows client (spec part 1 §2 "Download dialog"). The reference server makes the portable package (a
 * shortcut to this portal and a read-me); a deployment with an installer sets its address here.
 */
export const DOWNLOADS = {
  installerUrl: '',
  portableUrl: '/common/download/edu-portal-portable.zip',
  version: '2.0.0',
} as const;
