/**
 * Outside addresses used by header and footer. The spec names these destinations but not their
 * URLs: the values below are placeholders to be replaced with the real community/contact links.
 */
export const EXTERNAL_LINKS = {
  discord: 'https://discord.gg/visualnotes',
  forum: 'https://forum.visualnotes.app',
  twitter: 'https://twitter.com/visualnotes',
  featureRequest: 'https://feedback.visualnotes.app',
  wiki: 'https://wiki.visualnotes.app',
  founderSocial: 'https://twitter.com/visualnotes_founder',
  email: 'mailto:hello@visualnotes.app',
} as const;
